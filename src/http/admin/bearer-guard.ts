import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sendPlainText } from '../edge/errors.js';

function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}

/** Rejects requests without `Authorization: Bearer <token>`, comparing in constant time. */
export function bearerGuard(token: string) {
  const expected = digest(token);
  return async function guard(request: FastifyRequest, reply: FastifyReply) {
    const header = request.headers.authorization ?? '';
    const match = /^Bearer ([^\s]+)$/i.exec(header);
    const given = digest(match?.[1] ?? '');
    if (match === null || !timingSafeEqual(given, expected)) {
      void reply.header('www-authenticate', 'Bearer');
      await sendPlainText(reply, 401, 'Unauthorized');
    }
  };
}
