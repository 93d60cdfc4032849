import { sql, type Insertable, type Updateable } from 'kysely';
import type { EventSeriesTable, League, LeagueStatus } from '../db/schema.js';
import type { Executor } from './executor.js';

export async function insertLeague(
  db: Executor,
  league: Insertable<EventSeriesTable>,
): Promise<League> {
  return db.insertInto('event_series').values(league).returningAll().executeTakeFirstOrThrow();
}

export async function updateLeague(
  db: Executor,
  id: number,
  patch: Updateable<EventSeriesTable>,
): Promise<League> {
  return db
    .updateTable('event_series')
    .set(patch)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function findLeagueBySlug(
  db: Executor,
  orgId: number,
  slug: string,
): Promise<League | undefined> {
  return db
    .selectFrom('event_series')
    .selectAll()
    .where('org_id', '=', orgId)
    .where('slug', '=', slug)
    .executeTakeFirst();
}

export async function findLeagueById(
  db: Executor,
  orgId: number,
  id: number,
): Promise<League | undefined> {
  return db
    .selectFrom('event_series')
    .selectAll()
    .where('org_id', '=', orgId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/**
 * Reads and locks the league row until the transaction ends (of the org, when given):
 * writes of one league's roster and schedule queue here.
 */
export async function lockLeague(
  db: Executor,
  id: number,
  orgId?: number,
): Promise<League | undefined> {
  let query = db.selectFrom('event_series').selectAll().where('id', '=', id);
  if (orgId !== undefined) query = query.where('org_id', '=', orgId);
  return query.forUpdate().executeTakeFirst();
}

export async function listLeagues(
  db: Executor,
  orgId: number,
  statuses: readonly LeagueStatus[],
): Promise<League[]> {
  return db
    .selectFrom('event_series')
    .selectAll()
    .where('org_id', '=', orgId)
    .where('status', 'in', statuses)
    .orderBy('id')
    .execute();
}

/** Moves the maintained roster counters of a league by the given amounts. */
export async function adjustLeagueCounts(
  db: Executor,
  id: number,
  delta: { members: number; seatsReserved: number },
): Promise<void> {
  await db
    .updateTable('event_series')
    .set({
      member_count: sql`member_count + ${delta.members}`,
      seats_reserved: sql`seats_reserved + ${delta.seatsReserved}`,
    })
    .where('id', '=', id)
    .execute();
}
