import { sql } from 'kysely';
import type { Executor } from '../../db/executor.js';
import type { Event } from '../../db/schema.js';
import type { PublicLeaderboards } from '../../domain/leaderboards.js';

/** Stores an event's boards and moves their version; returns the new version (1 first). */
export async function saveLeaderboards(
  db: Executor,
  eventId: number,
  boards: PublicLeaderboards,
): Promise<number> {
  const board = JSON.stringify(boards);
  const row = await db
    .insertInto('event_leaderboards')
    .values({ event_id: eventId, version: 1, board })
    .onConflict((conflict) =>
      conflict.column('event_id').doUpdateSet({
        version: sql<number>`event_leaderboards.version + 1`,
        board,
        updated_at: sql<Date>`now()`,
      }),
    )
    .returning('version')
    .executeTakeFirstOrThrow();
  return row.version;
}

export interface StoredLeaderboards {
  version: number;
  boards: PublicLeaderboards;
}

export async function findLeaderboards(
  db: Executor,
  eventId: number,
): Promise<StoredLeaderboards | undefined> {
  const row = await db
    .selectFrom('event_leaderboards')
    .select(['version', 'board'])
    .where('event_id', '=', eventId)
    .executeTakeFirst();
  return row === undefined
    ? undefined
    : { version: row.version, boards: row.board as PublicLeaderboards };
}

/** A league's events that have a course: the ones whose boards list its roster. */
export async function scoredEventsOfLeague(db: Executor, leagueId: number): Promise<Event[]> {
  return db
    .selectFrom('events')
    .selectAll()
    .where('event_series_id', '=', leagueId)
    .where('pars', 'is not', null)
    .orderBy('id')
    .execute();
}

/** The stored board version of each of these events that has one, in one query. */
export async function leaderboardVersions(
  db: Executor,
  eventIds: readonly number[],
): Promise<Map<number, number>> {
  if (eventIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('event_leaderboards')
    .select(['event_id', 'version'])
    .where('event_id', 'in', [...eventIds])
    .execute();
  return new Map(rows.map((row) => [row.event_id, row.version]));
}
export interface ScoreCard {
  userId: number;
  holes: (number | null)[];
}
/** Writes a golfer's card for an event, replacing the one they had. */
export async function upsertScoreCard(
  db: Executor,
  eventId: number,
  card: ScoreCard,
): Promise<void> {
  await db
    .insertInto('score_cards')
    .values({ event_id: eventId, user_id: card.userId, holes: card.holes })
    .onConflict((conflict) =>
      conflict
        .columns(['event_id', 'user_id'])
        .doUpdateSet({ holes: card.holes, updated_at: sql<Date>`now()` }),
    )
    .execute();
}
/** Removes a golfer's card; returns whether there was one. */
export async function deleteScoreCard(
  db: Executor,
  eventId: number,
  userId: number,
): Promise<boolean> {
  const deleted = await db
    .deleteFrom('score_cards')
    .where('event_id', '=', eventId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return deleted.numDeletedRows > 0n;
}
export async function scoreCardsOf(db: Executor, eventId: number): Promise<ScoreCard[]> {
  return db
    .selectFrom('score_cards')
    .select(['user_id as userId', 'holes'])
    .where('event_id', '=', eventId)
    .execute();
}
export async function hasScoreCards(db: Executor, eventId: number): Promise<boolean> {
  const row = await db
    .selectFrom('score_cards')
    .select('user_id')
    .where('event_id', '=', eventId)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}
