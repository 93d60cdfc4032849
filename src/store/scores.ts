import { sql } from 'kysely';
import type { Executor } from '../db/executor.js';

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
