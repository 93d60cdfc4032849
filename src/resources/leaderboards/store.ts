import { sql } from 'kysely';
import type { Executor } from '../../db/executor.js';
import { preparedQuery } from '../../db/prepared-queries.js';
import type { Event } from '../../db/schema.js';
import type { StoredLeaderboards } from '../../domain/leaderboards.js';

const storeBoards = preparedQuery((db, values: { eventId: number; board: string }) =>
  db
    .insertInto('event_leaderboards')
    .values({ event_id: values.eventId, version: 1, board: values.board })
    .onConflict((conflict) =>
      // `excluded.board`: the boards are sent once, not a second time for the update.
      conflict.column('event_id').doUpdateSet({
        version: sql<number>`event_leaderboards.version + 1`,
        board: (eb) => eb.ref('excluded.board'),
        updated_at: sql<Date>`now()`,
      }),
    )
    .returning('version'),
);

/** Stores an event's boards and moves their version; returns the new version (1 first). */
export async function saveLeaderboards(
  db: Executor,
  eventId: number,
  boards: StoredLeaderboards,
): Promise<number> {
  const [row] = await storeBoards(db, { eventId, board: JSON.stringify(boards) });
  if (row === undefined) throw new Error('storing the boards returned no version');
  return row.version;
}

/** An event's stored boards and their version. */
export interface LeaderboardsRow {
  version: number;
  boards: StoredLeaderboards;
}

export async function findLeaderboards(
  db: Executor,
  eventId: number,
): Promise<LeaderboardsRow | undefined> {
  const row = await db
    .selectFrom('event_leaderboards')
    .select(['version', 'board'])
    .where('event_id', '=', eventId)
    .executeTakeFirst();
  return row === undefined
    ? undefined
    : { version: row.version, boards: row.board as StoredLeaderboards };
}

// The marks as an array the planner evaluates first, then the events by id: joined to the
// marks table instead, the planner, knowing nothing of its few rows, scanned every event.
const staleEvents = preparedQuery((db) =>
  db
    .selectFrom('events')
    .selectAll()
    .where(sql<boolean>`id = any(array(select event_id from stale_leaderboards))`)
    .orderBy('id')
    .forUpdate(),
);

/**
 * The events whose boards are marked stale (see migration 006), read and locked in id
 * order until the transaction ends: rebuilds of one event's boards take turns with each
 * other and with its writers.
 */
export async function lockStaleEvents(db: Executor): Promise<Event[]> {
  return staleEvents(db, {});
}

const unmark = preparedQuery((db, values: { eventIds: number[] }) =>
  db
    .deleteFrom('stale_leaderboards')
    .where(sql<boolean>`event_id = any (${values.eventIds}::integer[])`)
    .returning('event_id'),
);

/**
 * Clears the stale marks of these events; returns the ids that were still marked (a mark
 * another transaction cleared meanwhile is that transaction's to rebuild).
 */
export async function clearStaleMarks(
  db: Executor,
  eventIds: readonly number[],
): Promise<number[]> {
  const rows = await unmark(db, { eventIds: [...eventIds] });
  return rows.map((row) => row.event_id);
}

/** Whether any board is marked stale: an expression, so that it is read with others at once. */
export const anyStaleBoards = sql<boolean>`exists (select from stale_leaderboards)`;

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
const storeCard = preparedQuery(
  (db, values: { eventId: number; userId: number; holes: (number | null)[] }) =>
    db
      .insertInto('score_cards')
      .values({ event_id: values.eventId, user_id: values.userId, holes: values.holes })
      .onConflict((conflict) =>
        conflict
          .columns(['event_id', 'user_id'])
          .doUpdateSet({ holes: (eb) => eb.ref('excluded.holes'), updated_at: sql<Date>`now()` }),
      ),
);

/** Writes a golfer's card for an event, replacing the one they had. */
export async function upsertScoreCard(
  db: Executor,
  eventId: number,
  card: ScoreCard,
): Promise<void> {
  await storeCard(db, { eventId, userId: card.userId, holes: card.holes });
}

/** A golfer's card in the event: strokes per hole, or undefined without one. */
export async function findScoreCard(
  db: Executor,
  eventId: number,
  userId: number,
): Promise<(number | null)[] | undefined> {
  const row = await db
    .selectFrom('score_cards')
    .select('holes')
    .where('event_id', '=', eventId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.holes;
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
const cardsOfEvent = preparedQuery((db, values: { eventId: number }) =>
  db
    .selectFrom('score_cards')
    .select(['user_id as userId', 'holes'])
    .where('event_id', '=', values.eventId),
);

export async function scoreCardsOf(db: Executor, eventId: number): Promise<ScoreCard[]> {
  return cardsOfEvent(db, { eventId });
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

const handicapsOfEvent = preparedQuery((db, values: { eventId: number }) =>
  db
    .selectFrom('event_handicaps')
    .select(['user_id', 'strokes'])
    .where('event_id', '=', values.eventId),
);

/** The playing handicaps the organizer set for an event, by user id. */
export async function playingHandicapsOf(
  db: Executor,
  eventId: number,
): Promise<Map<number, number>> {
  const rows = await handicapsOfEvent(db, { eventId });
  return new Map(rows.map((row) => [row.user_id, row.strokes]));
}

/** Replaces an event's playing handicaps with these (user id → strokes). */
export async function replacePlayingHandicaps(
  db: Executor,
  eventId: number,
  handicaps: ReadonlyMap<number, number>,
): Promise<void> {
  await db.deleteFrom('event_handicaps').where('event_id', '=', eventId).execute();
  if (handicaps.size === 0) return;
  await db
    .insertInto('event_handicaps')
    .values(
      [...handicaps].map(([userId, strokes]) => ({ event_id: eventId, user_id: userId, strokes })),
    )
    .execute();
}

/** A golfer's card of an event with pars, with those pars. */
export interface ParCard {
  userId: number;
  pars: number[];
  holes: (number | null)[];
}

const earlierCards = preparedQuery(
  (db, values: { orgId: number; before: Date; userIds: number[] }) =>
    db
      .selectFrom('score_cards as card')
      .innerJoin('events', 'events.id', 'card.event_id')
      .select(['card.user_id as userId', 'events.pars', 'card.holes'])
      .where('events.org_id', '=', values.orgId)
      .where('events.pars', 'is not', null)
      .where('events.start_at', '<', values.before)
      .where(sql<boolean>`card.user_id = any(${values.userIds}::integer[])`)
      .orderBy('events.start_at', 'desc')
      .orderBy('events.id', 'desc'),
);

/**
 * These golfers' cards on the org's events with pars that started before `before`, newest
 * first: what their league handicap on a night starting then is worked out from.
 */
export async function earlierCardsOf(
  db: Executor,
  orgId: number,
  before: Date,
  userIds: readonly number[],
): Promise<ParCard[]> {
  if (userIds.length === 0) return [];
  const rows = await earlierCards(db, { orgId, before, userIds: [...userIds] });
  return rows.flatMap((row) => (row.pars === null ? [] : [{ ...row, pars: row.pars }]));
}
