import assert from 'node:assert/strict';
import type { LightMyRequestResponse } from 'fastify';
import type { Org, User } from '../../src/db/schema.js';
import { createEvent, patchEvent } from '../../src/resources/events/service.js';
import { putScoreCard } from '../../src/resources/leaderboards/service.js';
import type { PlayerList, PlayerProfile } from '../../src/resources/players/schema.js';
import { PUBLIC, unique, type Harness } from './harness.js';
import { fullCard, NINE_PARS } from './score-cards.js';

export function playersPath(org: Pick<Org, 'slug'>, query = ''): string {
  return `${PUBLIC}/orgs/${org.slug}/players${query}`;
}

export function playerPath(org: Pick<Org, 'slug'>, slug: string): string {
  return `${PUBLIC}/orgs/${org.slug}/players/${slug}`;
}

export async function listPlayers(
  h: Harness,
  org: Pick<Org, 'slug'>,
  query = '',
): Promise<PlayerList> {
  const response = await h.inject({ url: playersPath(org, query) });
  assert.equal(response.statusCode, 200, response.body);
  return response.json<PlayerList>();
}

export async function playerResponse(
  h: Harness,
  org: Pick<Org, 'slug'>,
  slug: string,
): Promise<LightMyRequestResponse> {
  return h.inject({ url: playerPath(org, slug) });
}

export async function player(
  h: Harness,
  org: Pick<Org, 'slug'>,
  slug: string,
): Promise<PlayerProfile> {
  const response = await playerResponse(h, org, slug);
  assert.equal(response.statusCode, 200, response.body);
  return response.json<PlayerProfile>();
}

/** Hides or shows a golfer's profile through the admin API. */
export async function setPublicProfile(h: Harness, userId: number, shown: boolean): Promise<void> {
  const response = await h.admin('PATCH', `/admin/v1/users/${userId}`, { publicProfile: shown });
  assert.equal(response.statusCode, 200, response.body);
}

export interface Club {
  org: Org;
  leagueSlug: string;
  leagueId: number;
  jose: User;
  sam: User;
  sam2: User;
  nights: { id: number; slug: string }[];
}

/** A played night of the league with the course set, `week` weeks into June. */
async function night(h: Harness, org: Org, leagueId: number, week: number) {
  const { event } = await createEvent(h.database.db, org.slug, {
    slug: unique('night'),
    title: `Week ${week}`,
    eventType: 'league-night',
    status: 'completed',
    startDate: `2026-06-0${week}T22:00:00.000Z`,
    eventSeriesId: leagueId,
  });
  await patchEvent(h.database.db, org.slug, event.id, { pars: NINE_PARS });
  return event;
}

/**
 * José Núñez and two Sam Sneads on a public league, three played nights of 9 holes
 * (par 36: 4 4 3 5 4 4 3 5 4):
 * - night 1: José 36 (all pars), Sam 37 (5 on the first hole), Sam 2 36;
 * - night 2: José 41 (9 on the first hole), Sam 36;
 * - night 3: José 35 (3 on the first hole), Sam only two holes played.
 */
export async function club(h: Harness): Promise<Club> {
  const org = await h.org();
  const league = await h.league(org, { name: 'Tuesday League' });
  const jose = await h.user({ firstName: 'José', lastName: 'Núñez' });
  const sam = await h.user({ firstName: 'Sam', lastName: 'Snead' });
  const sam2 = await h.user({ firstName: 'Sam', lastName: 'Snead' });
  for (const golfer of [jose, sam, sam2]) await h.register(org, league, { userId: golfer.id });
  const nights = [
    await night(h, org, league.id, 1),
    await night(h, org, league.id, 2),
    await night(h, org, league.id, 3),
  ];
  const put = (index: number, golfer: User, holes: (number | null)[]) =>
    putScoreCard(h.database.db, {
      orgSlug: org.slug,
      eventId: nights[index]?.id ?? 0,
      userId: golfer.id,
      holes,
    });
  await put(0, jose, fullCard());
  await put(0, sam, fullCard(5));
  await put(0, sam2, fullCard());
  await put(1, jose, fullCard(9));
  await put(1, sam, fullCard());
  await put(2, jose, fullCard(3));
  await put(2, sam, [4, 4, null, null, null, null, null, null, null]);
  return { org, leagueSlug: league.slug, leagueId: league.id, jose, sam, sam2, nights };
}
