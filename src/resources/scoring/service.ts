import type { Executor } from '../../db/executor.js';
import { NotFoundError } from '../../domain/errors.js';
import { fieldGolfers } from '../events/field-store.js';
import { findEventById } from '../events/store.js';
import { requireOrg } from '../orgs/service.js';
import type { ScoringSheet } from './schema.js';

/** What a scorer needs of an event: its course, and each golfer of its field with their card. */
export async function getScoringSheet(
  db: Executor,
  orgSlug: string,
  eventId: number,
): Promise<ScoringSheet> {
  const org = await requireOrg(db, orgSlug);
  const event = await findEventById(db, org.id, eventId);
  if (event === undefined) throw new NotFoundError();
  const field = await fieldGolfers(db, event);
  const cards = await db
    .selectFrom('score_cards')
    .select(['user_id', 'holes'])
    .where('event_id', '=', event.id)
    .execute();
  const holesOf = new Map(cards.map((card) => [card.user_id, card.holes]));
  return {
    eventId: event.id,
    title: event.title,
    pars: event.pars,
    golfers: field.map(({ userId, name, teamName }) => ({
      userId,
      name,
      teamName,
      holes: holesOf.get(userId) ?? null,
    })),
  };
}
