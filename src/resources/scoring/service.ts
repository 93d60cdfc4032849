import type { Executor } from '../../db/executor.js';
import { NotFoundError } from '../../domain/errors.js';
import { eventField, findEvent } from '../events/service.js';
import { requireOrg } from '../orgs/service.js';
import type { ScoringSheet } from './schema.js';
import { cardsOfEvent } from './store.js';

/** What a scorer needs of an event: its course, and each golfer of its field with their card. */
export async function getScoringSheet(
  db: Executor,
  orgSlug: string,
  eventId: number,
): Promise<ScoringSheet> {
  const org = await requireOrg(db, orgSlug);
  const event = await findEvent(db, org.id, eventId);
  if (event === undefined) throw new NotFoundError();
  const field = await eventField(db, event);
  const holesOf = await cardsOfEvent(db, event.id);
  return {
    eventId: event.id,
    title: event.title,
    pars: event.pars,
    strokeIndex: event.stroke_index,
    golfers: field.map(({ userId, name, teamName }) => ({
      userId,
      name,
      teamName,
      holes: holesOf.get(userId) ?? null,
    })),
  };
}
