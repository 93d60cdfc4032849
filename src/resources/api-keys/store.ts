import { sql, type Insertable } from 'kysely';
import type { Executor } from '../../db/executor.js';
import { readPage } from '../../db/paging.js';
import { GOLFER_LINKS } from '../../db/golfer-links.js';
import type { ApiKey, ApiKeyRole, ApiKeysTable } from '../../db/schema.js';

export async function insertApiKey(db: Executor, key: Insertable<ApiKeysTable>): Promise<ApiKey> {
  return db.insertInto('api_keys').values(key).returningAll().executeTakeFirstOrThrow();
}

/** A page of an org's keys, oldest first, and how many there are. */
export async function listApiKeysOfOrg(
  db: Executor,
  orgId: number,
  page: { limit: number; offset: number },
): Promise<{ count: number; keys: ApiKey[] }> {
  const query = db.selectFrom('api_keys').where('org_id', '=', orgId);
  const { count, rows } = await readPage(query, (q) => q.selectAll().orderBy('id'), page);
  return { count, keys: rows };
}

/** Whether a key of the org was deleted. */
export async function deleteApiKey(db: Executor, orgId: number, id: number): Promise<boolean> {
  const deleted = await db
    .deleteFrom('api_keys')
    .where('org_id', '=', orgId)
    .where('id', '=', id)
    .executeTakeFirst();
  return deleted.numDeletedRows > 0n;
}

/** A live key by its hash, with the slug of its org. */
export interface KeyHolder {
  role: ApiKeyRole;
  org_slug: string;
  event_id: number | null;
  event_slug: string | null;
}

export async function findLiveKey(
  db: Executor,
  keyHash: string,
  now: Date,
): Promise<KeyHolder | undefined> {
  return (
    db
      .selectFrom('api_keys as k')
      .innerJoin('orgs as o', 'o.id', 'k.org_id')
      // A scorer's event by slug too: admin paths name it either way (decisions §23).
      .leftJoin('events as e', 'e.id', 'k.event_id')
      .select(['k.role', 'o.slug as org_slug', 'k.event_id', 'e.slug as event_slug'])
      .where('k.key_hash', '=', keyHash)
      .where((eb) => eb.or([eb('k.expires_at', 'is', null), eb('k.expires_at', '>', now)]))
      .executeTakeFirst()
  );
}

/**
 * Of `userIds`, the accounts an org's keys may name: the org's golfers (`GOLFER_LINKS`)
 * and accounts no org has yet, so that an organizer can bring a new golfer in.
 */
export async function usersOpenToOrg(
  db: Executor,
  orgSlug: string,
  userIds: readonly number[],
): Promise<Set<number>> {
  const { rows } = await sql<{ id: number }>`
    with links (user_id, org_id) as (${GOLFER_LINKS})
    select u.id from users u
    where u.id in (${sql.join(userIds)}) and (
      not exists (select 1 from links l where l.user_id = u.id)
      or exists (
        select 1 from links l join orgs o on o.id = l.org_id
        where l.user_id = u.id and o.slug = ${orgSlug}
      )
    )`.execute(db);
  return new Set(rows.map(({ id }) => id));
}
