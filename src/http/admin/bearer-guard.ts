import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Executor } from '../../db/executor.js';
import { callerOfKey, requireGolfersOf } from '../../resources/api-keys/service.js';
import { sendPlainText } from '../edge/errors.js';
import { permit, type Caller } from './access.js';

function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}

/** Every golfer a request names: a `userId` in the path, `userId` or `userIds` in the body. */
function golfersNamed(params: unknown, body: unknown): number[] {
  const found: number[] = [];
  const userId = (params as Partial<Record<string, string>>).userId;
  if (userId !== undefined) found.push(Number(userId));
  const visit = (value: unknown): void => {
    // An uploaded file names nobody.
    if (ArrayBuffer.isView(value)) return;
    if (Array.isArray(value)) {
      value.forEach(visit);
    } else if (typeof value === 'object' && value !== null) {
      for (const [name, child] of Object.entries(value)) {
        if (name === 'userId' && typeof child === 'number') found.push(child);
        else if (name === 'userIds' && Array.isArray(child)) {
          found.push(...child.filter((id): id is number => typeof id === 'number'));
        } else visit(child);
      }
    }
  };
  visit(body);
  return found;
}

/** The caller of each admin request the guard let through. */
const CALLERS = new WeakMap<FastifyRequest, Caller>();

/** Who is calling an admin route (the guard has run: every admin route has a caller). */
export function adminCaller(request: FastifyRequest): Caller {
  const caller = CALLERS.get(request);
  if (caller === undefined) throw new Error('adminCaller called outside the admin API’s guard');
  return caller;
}

/**
 * The admin API's guard. `authenticate` resolves the caller of `Authorization: Bearer
 * <token>`: the operator's token (compared in constant time), or a live key of an org,
 * looked up by its hash on every request so that a revoked key fails at once on every
 * instance. Unknown callers get 401; known ones are held to what the route declares (see
 * `permit`). `checkGolfers` runs once the body is valid: a key names only its org's golfers.
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

  return {
    authenticate: async (request: FastifyRequest, reply: FastifyReply) => {
      const caller = await callerOf(request.headers.authorization ?? '');
      if (caller === undefined) {
        void reply.header('www-authenticate', 'Bearer');
        return sendPlainText(reply, 401, 'Unauthorized');
      }
      permit(caller, request.routeOptions.config.access, request.params as Record<string, string>);
      CALLERS.set(request, caller);
      return undefined;
    },
    checkGolfers: async (request: FastifyRequest) => {
      const caller = CALLERS.get(request);
      if (caller === undefined || caller.role === 'operator') return;
      await requireGolfersOf(db, caller.orgSlug, golfersNamed(request.params, request.body));
    },
  };
}
