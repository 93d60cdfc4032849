import { sql, type Insertable } from 'kysely';
import type { Executor } from '../../db/executor.js';
import type { ApiKey, ApiKeyRole, ApiKeysTable } from '../../db/schema.js';

export async function insertApiKey(db: Executor, key: Insertable<ApiKeysTable>): Promise<ApiKey> {
  return db.insertInto('api_keys').values(key).returningAll().executeTakeFirstOrThrow();
}

export async function listApiKeysOfOrg(db: Executor, orgId: number): Promise<ApiKey[]> {
  return db.selectFrom('api_keys').selectAll().where('org_id', '=', orgId).orderBy('id').execute();
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
}

export async function findLiveKey(
  db: Executor,
  keyHash: string,
  now: Date,
): Promise<KeyHolder | undefined> {
  return db
    .selectFrom('api_keys as k')
    .innerJoin('orgs as o', 'o.id', 'k.org_id')
    .select(['k.role', 'o.slug as org_slug', 'k.event_id'])
    .where('k.key_hash', '=', keyHash)
    .where((eb) => eb.or([eb('k.expires_at', 'is', null), eb('k.expires_at', '>', now)]))
    .executeTakeFirst();
}

/**
 * Of `userIds`, the accounts an org's keys may name: the org's golfers (on a roster, an
 * entry list, a tee sheet, a card or a standings table of the org, or inviting to a team of
 * it) and accounts no org has yet, so that an organizer can bring a new golfer in.
 */
export async function usersOpenToOrg(
  db: Executor,
  orgSlug: string,
  userIds: readonly number[],
): Promise<Set<number>> {
  const { rows } = await sql<{ id: number }>`
    with links (user_id, org_id) as (
      select x.user_id, s.org_id from roster_entries x
        join event_series s on s.id = x.event_series_id
      union all select x.inviter_user_id, s.org_id from invites x
        join teams p on p.id = x.team_id join event_series s on s.id = p.event_series_id
      union all select x.user_id, e.org_id from event_entries x join events e on e.id = x.event_id
      union all select x.user_id, e.org_id from tee_group_players x join events e on e.id = x.event_id
      union all select x.user_id, e.org_id from score_cards x join events e on e.id = x.event_id
      union all select x.user_id, s.org_id from standing_competitors x
        join standing_series s on s.id = x.series_id
      union all select x.user_id, b.org_id from bracket_entrants x
        join brackets b on b.id = x.bracket_id
    )
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
