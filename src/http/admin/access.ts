import type { RouteOptions } from 'fastify';
import { ForbiddenError, NotFoundError } from '../../domain/errors.js';
import type { KeyCaller } from '../../resources/api-keys/service.js';

/**
 * What an admin route needs of its caller (decisions §21), declared by each route as
 * `config: { access }`:
 * - `operator`: the `ADMIN_TOKEN` alone (org creation, accounts of no org);
 * - `org`: the operator, or an organizer key of the org in `:orgSlug`;
 * - `event-scores`: those, or a scorer key of the event `:id` (its id or slug) of that org;
 * - `own-org`: the operator, or an organizer key of any org, whose route answers with the
 *   caller's own org only (the list of orgs).
 */
export type Access = 'operator' | 'org' | 'event-scores' | 'own-org';

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
}

/** Who is calling: the operator, or the holder of an org's key. */
export type Caller = { role: 'operator' } | KeyCaller;

const PARAMS_NEEDED: Record<Access, readonly string[]> = {
  operator: [],
  org: [':orgSlug'],
  'event-scores': [':orgSlug', ':id'],
  'own-org': [],
};

/**
 * An `onRoute` hook: every admin route declares its access, and the path holds the
 * parameters that access is checked against; a route that does not fails at start-up, so
 * none is left open, or shut, by omission.
 */
export function requireAccessDeclared(route: RouteOptions): void {
  const access = route.config?.access;
  if (access === undefined) {
    throw new Error(
      `admin route ${[route.method].flat().join(', ')} ${route.url} declares no config.access`,
    );
  }
  const missing = PARAMS_NEEDED[access].filter((param) => !route.url.split('/').includes(param));
  if (missing.length > 0) {
    throw new Error(`admin route ${route.url} has access ${access} but no ${missing.join(', ')}`);
  }
}

/**
 * Lets `caller` through to a route of `access` with these path parameters, or throws: 404
 * where the org or event is not the caller's (whether it exists is not told), 403 where
 * it is but the operation is not one the key may do.
 */
export function permit(
  caller: Caller,
  access: Access | undefined,
  params: Partial<Record<string, string>>,
): void {
  if (caller.role === 'operator') return;
  if (access === undefined || access === 'operator') {
    throw new ForbiddenError('Forbidden: only the operator’s token may do this.');
  }
  const scorerOnly = () =>
    new ForbiddenError(
      'Forbidden: a scorer key may only read, set and remove the score cards of its event.',
    );
  if (access === 'own-org') {
    if (caller.role === 'organizer') return;
    throw scorerOnly();
  }
  if (params.orgSlug !== caller.orgSlug) throw new NotFoundError();
  if (caller.role === 'organizer') return;
  if (access !== 'event-scores') throw scorerOnly();
  // The path names the event by id or by slug (decisions §23).
  if (params.id !== String(caller.eventId) && params.id !== caller.eventSlug) {
    throw new NotFoundError();
  }
}
