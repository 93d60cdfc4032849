import type { Executor } from '../../db/executor.js';
import type { ScoreCardsTable } from '../../db/schema.js';

/** Every card of an event: strokes per hole, by golfer. */
export async function cardsOfEvent(
  db: Executor,
  eventId: number,
): Promise<Map<number, ScoreCardsTable['holes']>> {
  const cards = await db
    .selectFrom('score_cards')
    .select(['user_id', 'holes'])
    .where('event_id', '=', eventId)
    .execute();
  return new Map(cards.map((card) => [card.user_id, card.holes]));
}
