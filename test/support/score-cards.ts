import assert from 'node:assert/strict';
import type { Event, League, Org, User } from '../../src/db/schema.js';
import { ValidationError, type ClientError } from '../../src/domain/errors.js';
import { createEvent, patchEvent } from '../../src/resources/events/service.js';
import { putScoreCard } from '../../src/resources/leaderboards/service.js';
import { unique, type Harness } from './harness.js';

/** Par 36: 4 4 3 5 4 4 3 5 4. */
export const NINE_PARS = [4, 4, 3, 5, 4, 4, 3, 5, 4];

/** A 9-hole card: the given strokes, then holes not played yet. */
export function card(...strokes: (number | null)[]): (number | null)[] {
  return [...strokes, ...new Array<null>(9 - strokes.length).fill(null)];
}

/** A full 9-hole card: par everywhere except the given strokes on the first holes. */
export function fullCard(...strokes: number[]): number[] {
  return [...strokes, ...NINE_PARS.slice(strokes.length)];
}

export async function createNight(
  h: Harness,
  org: Org,
  league: League | null,
  startDate = '2026-06-16T22:00:00Z',
): Promise<Event> {
  const { event } = await createEvent(h.database.db, org.slug, {
    slug: unique('night'),
    title: 'League Night',
    eventType: 'league-night',
    status: 'published',
    startDate,
    eventSeriesId: league?.id ?? null,
  });
  return event;
}

export interface NightSetup {
  org: Org;
  league: League;
  event: Event;
  /** The golfers in registration order. */
  golfers: User[];
  /** Team ids by team name, in a team league. */
  teams: Map<string, number>;
}

/**
 * A league night of an individual league (`golfers` names), or of a team league (`teams`:
 * team name → member first names, registered team by team), with a 9-hole course unless
 * `pars` is null.
 */
export async function leagueNight(
  h: Harness,
  options: {
    golfers?: string[];
    teams?: Record<string, string[]>;
    pars?: number[] | null;
  },
): Promise<NightSetup> {
  const org = await h.org({ timezone: 'America/Chicago' });
  const teamEntries = Object.entries(options.teams ?? {});
  const entrySize = Math.max(1, ...teamEntries.map(([, members]) => members.length));
  const league = await h.league(org, { entrySize });
  const golfers: User[] = [];
  const teams = new Map<string, number>();
  for (const firstName of options.golfers ?? []) {
    const user = await h.user({ firstName, lastName: 'Golfer' });
    await h.register(org, league, { userId: user.id });
    golfers.push(user);
  }
  for (const [teamName, members] of teamEntries) {
    for (const firstName of members) {
      const user = await h.user({ firstName, lastName: 'Golfer' });
      const teamId = teams.get(teamName);
      const registered = await h.register(
        org,
        league,
        teamId === undefined ? { userId: user.id, teamName } : { userId: user.id, teamId },
      );
      if (registered.teamId !== null) teams.set(teamName, registered.teamId);
      golfers.push(user);
    }
  }
  let event = await createNight(h, org, league);
  const pars = options.pars === undefined ? NINE_PARS : options.pars;
  if (pars !== null) {
    event = (await patchEvent(h.database.db, org.slug, event.id, { pars })).event;
  }
  return { org, league, event, golfers, teams };
}

/** The golfer of the setup with this first name. */
export function golferNamed(setup: NightSetup, firstName: string): User {
  const user = setup.golfers.find((golfer) => golfer.first_name === firstName);
  assert.ok(user !== undefined, `no golfer ${firstName}`);
  return user;
}

/** Writes the card of the setup's golfer with this first name. */
export async function score(
  h: Harness,
  night: NightSetup,
  firstName: string,
  holes: (number | null)[],
): Promise<{ leaderboardVersion: number }> {
  return putScoreCard(h.database.db, {
    orgSlug: night.org.slug,
    eventId: night.event.id,
    userId: golferNamed(night, firstName).id,
    holes,
  });
}

/** Awaits a ValidationError naming `fields` (each matching its pattern); returns its map. */
export async function rejectsInvalid(
  promise: Promise<unknown>,
  fields: Record<string, RegExp>,
): Promise<Record<string, string>> {
  const error = await promise.then(
    () => assert.fail('expected a ValidationError'),
    (caught: unknown) => caught,
  );
  assert.ok(error instanceof ValidationError, String(error));
  for (const [field, pattern] of Object.entries(fields)) {
    assert.match(
      error.errors[field] ?? `(no ${field} in ${JSON.stringify(error.errors)})`,
      pattern,
    );
  }
  return error.errors;
}

/** Awaits a client error of `status` and returns it. */
export async function rejectsWith(promise: Promise<unknown>, status: number): Promise<ClientError> {
  const error = await promise.then(
    () => assert.fail(`expected a ${status}`),
    (caught: unknown) => caught,
  );
  assert.ok(
    typeof error === 'object' && error !== null && 'status' in error && error.status === status,
    String(error),
  );
  return error as ClientError;
}
