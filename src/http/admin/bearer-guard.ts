import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Executor } from '../../db/executor.js';
import { callerOfKey } from '../../resources/api-keys/service.js';
import { sendPlainText } from '../edge/errors.js';
import { permit, type Caller } from './access.js';

function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}

/**
 * Resolves the caller of `Authorization: Bearer <token>`: the operator's token (compared in
 * constant time), or a live key of an org, looked up by its hash on every request so that a
 * revoked key fails at once on every instance. Unknown callers get 401; known ones are
 * held to what the route declares (see `permit`).
 */
export function bearerGuard(token: string, db: Executor, now: () => Date) {
  const expected = digest(token);

  async function callerOf(header: string): Promise<Caller | undefined> {
    const match = /^Bearer ([^\s]+)$/i.exec(header);
    if (match === null) return undefined;
    const given = match[1] ?? '';
    if (timingSafeEqual(digest(given), expected)) return { role: 'operator' };
    return callerOfKey(db, given, now());
  }

  return async function guard(request: FastifyRequest, reply: FastifyReply) {
    const caller = await callerOf(request.headers.authorization ?? '');
    if (caller === undefined) {
      void reply.header('www-authenticate', 'Bearer');
      return sendPlainText(reply, 401, 'Unauthorized');
    }
    permit(caller, request.routeOptions.config.access, request.params as Record<string, string>);
    return undefined;
  };
}
