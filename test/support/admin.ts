import type { LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import assert from 'node:assert/strict';
import type { League, Org, User } from '../../src/db/schema.js';
import type { PublicLeague } from '../../src/resources/leagues/schema.js';
import type { Registration as RegistrationAnswer } from '../../src/resources/registrations/schema.js';
import type { AdminStandingSeries } from '../../src/resources/standings/schema.js';
import type { TeamSummary } from '../../src/resources/teams/schema.js';
import { ADMIN, PUBLIC, unique, type Harness } from './harness.js';

// Paths and calls of the admin API that several suites make.

export const STOCK_CREST = '/media/stock/crest.svg';

export type Registrant = Pick<League, 'id' | 'slug'>;

export const leaguesPath = (org: Pick<Org, 'slug'>) => `${ADMIN}/orgs/${org.slug}/event-series`;
export const leaguePath = (org: Pick<Org, 'slug'>, id: number | string) =>
  `${leaguesPath(org)}/${String(id)}`;
export const registrationsPath = (org: Pick<Org, 'slug'>, league: Registrant) =>
  `${leaguePath(org, league.id)}/registrations`;
export const publicLeaguePath = (org: Pick<Org, 'slug'>, slug: string) =>
  `${PUBLIC}/orgs/${org.slug}/event-series/${slug}`;
export const publicTeamPath = (org: Pick<Org, 'slug'>, league: Registrant, teamId: number) =>
  `${PUBLIC}/orgs/${org.slug}/event-series/${league.id}/teams/${teamId}`;

export function golferName(user: User): string {
  return `${user.first_name} ${user.last_name}`;
}

export function newEmail(prefix = 'partner'): string {
  return `${unique(prefix)}@example.com`;
}

export function leagueBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    slug: unique('league'),
    name: 'Admin League',
    seasonLabel: '2026 Season',
    status: 'open',
    feeMembersCents: 15000,
    entrySize: 1,
    ...overrides,
  };
}

export async function publicLeague(
  h: Harness,
  org: Pick<Org, 'slug'>,
  slug: string,
): Promise<PublicLeague> {
  const response = await h.inject({ method: 'GET', url: publicLeaguePath(org, slug) });
  assert.equal(response.statusCode, 200, response.body);
  return response.json<PublicLeague>();
}

export async function memberCount(h: Harness, org: Org, league: Registrant): Promise<number> {
  return (await publicLeague(h, org, league.slug)).memberCount;
}

export async function publicTeam(
  h: Harness,
  org: Org,
  league: Registrant,
  teamId: number,
): Promise<TeamSummary> {
  const response = await h.inject({ method: 'GET', url: publicTeamPath(org, league, teamId) });
  assert.equal(response.statusCode, 200, response.body);
  return response.json<TeamSummary>();
}

export function postRegistration(
  h: Harness,
  org: Org,
  league: Registrant,
  body: Record<string, unknown>,
) {
  return h.admin('POST', registrationsPath(org, league), body);
}

export async function registerOk(
  h: Harness,
  org: Org,
  league: Registrant,
  body: Record<string, unknown>,
): Promise<RegistrationAnswer> {
  const response = await postRegistration(h, org, league, body);
  assert.equal(response.statusCode, 201, response.body);
  return response.json<RegistrationAnswer>();
}

export function withdrawal(h: Harness, org: Pick<Org, 'slug'>, league: Registrant, userId: number) {
  return h.admin('DELETE', `${registrationsPath(org, league)}/${userId}`);
}

export function teamDeletion(
  h: Harness,
  org: Pick<Org, 'slug'>,
  league: Registrant,
  teamId: number,
) {
  return h.admin('DELETE', `${leaguePath(org, league.id)}/teams/${teamId}`);
}

export async function invitesTo(h: Harness, emails: string[]): Promise<number> {
  const rows = await h.database.db
    .selectFrom('invites')
    .select('id')
    .where(
      sql<string>`lower(email)`,
      'in',
      emails.map((email) => email.toLowerCase()),
    )
    .execute();
  return rows.length;
}

/** Active roster entries of a league (and of one team), counted from the rows themselves. */
export async function activeEntries(
  h: Harness,
  leagueId: number,
  teamId?: number | null,
): Promise<number> {
  let query = h.database.db
    .selectFrom('roster_entries')
    .select('id')
    .where('event_series_id', '=', leagueId)
    .where('status', '=', 'active');
  if (teamId !== undefined && teamId !== null) query = query.where('team_id', '=', teamId);
  return (await query.execute()).length;
}

/** `N` golfers: a tuple when `N` is known, so that each one can be named. */
export type Golfers<N extends number, Made extends User[] = []> = number extends N
  ? User[]
  : Made['length'] extends N
    ? Made
    : Golfers<N, [...Made, User]>;

/** `count` new golfers, each with an account. */
export async function users<N extends number>(h: Harness, count: N): Promise<Golfers<N>> {
  const created: User[] = [];
  for (let index = 0; index < count; index += 1) created.push(await h.user());
  assert.equal(created.length, count);
  return created as Golfers<N>;
}

export function statuses(responses: LightMyRequestResponse[]): number[] {
  return responses.map((response) => response.statusCode).sort((a, b) => a - b);
}

/** The id of a new standings series of `org`, made through the admin API. */
export async function standingSeriesId(h: Harness, org: Org): Promise<number> {
  const response = await h.admin('POST', `${ADMIN}/orgs/${org.slug}/standing-series`, {
    name: unique('Points Race'),
    scope: 'season',
  });
  assert.equal(response.statusCode, 201, response.body);
  return response.json<AdminStandingSeries>().id;
}

// ---------------------------------------------------------------------------------------------
// Bearer guard
// ---------------------------------------------------------------------------------------------

/** Checks that an admin DELETE worked: 204. */
async function assertDeleted(deletion: Promise<LightMyRequestResponse>): Promise<void> {
  const response = await deletion;
  assert.equal(response.statusCode, 204, response.body);
}

/** Withdraws a golfer through the admin API and checks it worked. */
export const withdraw = (...golfer: Parameters<typeof withdrawal>) =>
  assertDeleted(withdrawal(...golfer));

/** Deletes a team through the admin API and checks it worked. */
export const deleteTeam = (...team: Parameters<typeof teamDeletion>) =>
  assertDeleted(teamDeletion(...team));

/** How a team league charges: each golfer, or once per entry (the team), bought by its founder. */
export interface Fee {
  perEntry: boolean;
  cents: number;
}

/** A fresh org and a team league of `entrySize` golfers that charges `fee`. */
export async function feeLeague(h: Harness, entrySize: number, fee: Fee) {
  const org = await h.org();
  const league = await h.league(org, {
    entrySize,
    feePerEntry: fee.perEntry,
    feeMembersCents: fee.cents,
  });
  return { org, league };
}

/** A fresh org and a league of pairs whose one team is complete; `spare` is not registered. */
export async function completeTeam(h: Harness) {
  const org = await h.org();
  const league = await h.league(org, { entrySize: 2 });
  const [founder, partner, spare] = await users(h, 3);
  const team = await registerOk(h, org, league, { userId: founder.id, teamName: unique('Team') });
  assert.ok(team.teamId !== null);
  await registerOk(h, org, league, { userId: partner.id, teamId: team.teamId });
  return { org, league, founder, partner, spare, teamId: team.teamId };
}

/** A fresh org and an individual league where golfers `a` and `b` are registered. */
export async function twoRegistered(h: Harness) {
  const org = await h.org();
  const league = await h.league(org);
  const [a, b] = await users(h, 2);
  await registerOk(h, org, league, { userId: a.id });
  await registerOk(h, org, league, { userId: b.id });
  return { org, league, a, b };
}

/** Checks the fields of a registration's entry that `expected` names, and only those. */
export function assertEntry(
  entry: RegistrationAnswer['entry'],
  expected: Partial<RegistrationAnswer['entry']>,
): void {
  const fields = Object.keys(expected) as (keyof RegistrationAnswer['entry'])[];
  assert.deepEqual(Object.fromEntries(fields.map((field) => [field, entry[field]])), expected);
}
