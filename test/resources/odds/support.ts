import assert from 'node:assert/strict';
import type { EventOdds } from '../../../src/resources/odds/schema.js';
import { PUBLIC, type Harness } from '../../support/harness.js';
import type { NightSetup } from '../../support/score-cards.js';

export const oddsPath = (night: Pick<NightSetup, 'org' | 'event'>) =>
  `${PUBLIC}/orgs/${night.org.slug}/events/${night.event.slug}/odds`;

/** The night's odds document, read through the public API. */
export async function readOdds(
  h: Harness,
  night: Pick<NightSetup, 'org' | 'event'>,
): Promise<{ body: string; odds: EventOdds }> {
  const response = await h.inject({ method: 'GET', url: oddsPath(night) });
  assert.equal(response.statusCode, 200, response.body);
  return { body: response.body, odds: response.json<EventOdds>() };
}

export const winSum = (board: EventOdds['boards'][number]) =>
  board.rows.reduce((sum, row) => sum + row.win, 0);
