import type { LightMyRequestResponse } from 'fastify';
import assert from 'node:assert/strict';
import type { Static } from 'typebox';
import type { Org, User } from '../../src/db/schema.js';
import type { AdminEvent } from '../../src/resources/events/schema.js';
import type {
  AdminSeason,
  AdminStandingSeries,
  CompetitorStandings as Competitor,
  ResultsBody,
  StandingRow as Row,
  Standings,
  StoredResults,
} from '../../src/resources/standings/schema.js';
import { ADMIN, PUBLIC, unique, type Harness } from './harness.js';

// Calls and shape checks of the standings routes that several suites make.

export type Result = Static<typeof ResultsBody>['results'][number];

export type OrgRef = Pick<Org, 'slug'>;

export async function createSeries(
  h: Harness,
  org: OrgRef,
  scope: 'season' | 'overall',
  name = 'Points Race',
): Promise<number> {
  const response = await h.admin('POST', `${ADMIN}/orgs/${org.slug}/standing-series`, {
    name,
    scope,
  });
  assert.equal(response.statusCode, 201, response.body);
  const body = response.json<AdminStandingSeries>();
  assert.deepEqual({ name: body.name, scope: body.scope }, { name, scope });
  return body.id;
}

export async function seasonResponse(
  h: Harness,
  org: OrgRef,
  seriesId: number,
  name: string,
  startDate: string,
  endDate: string,
) {
  return h.admin('POST', `${ADMIN}/orgs/${org.slug}/standing-series/${seriesId}/seasons`, {
    name,
    startDate,
    endDate,
  });
}

/** As `seasonResponse`, checked: the new season's id. */
export async function createSeason(...season: Parameters<typeof seasonResponse>): Promise<number> {
  const response = await seasonResponse(...season);
  assert.equal(response.statusCode, 201, response.body);
  return response.json<AdminSeason>().id;
}

/** A calendar-year season of `year`. */
export async function yearSeason(h: Harness, org: OrgRef, seriesId: number, year: number) {
  return createSeason(h, org, seriesId, `${year} Season`, `${year}-01-01`, `${year}-12-31`);
}

export async function completedEvent(
  h: Harness,
  org: OrgRef,
  startDate: string,
  overrides: Record<string, unknown> = {},
): Promise<AdminEvent> {
  const response = await h.admin('POST', `${ADMIN}/orgs/${org.slug}/events`, {
    slug: unique('event'),
    title: 'League Night',
    eventType: 'league-night',
    status: 'completed',
    startDate,
    ...overrides,
  });
  assert.equal(response.statusCode, 201, response.body);
  return response.json<AdminEvent>();
}

export async function resultsResponse(
  h: Harness,
  org: OrgRef,
  seriesId: number,
  body: { eventId: number; seasonId?: number; results: Result[] },
) {
  return h.admin('POST', `${ADMIN}/orgs/${org.slug}/standing-series/${seriesId}/results`, body);
}

export async function postResults(
  h: Harness,
  org: OrgRef,
  seriesId: number,
  body: { eventId: number; seasonId?: number; results: Result[] },
): Promise<StoredResults> {
  const response = await resultsResponse(h, org, seriesId, body);
  assert.equal(response.statusCode, 200, response.body);
  return response.json<StoredResults>();
}

export function standingsUrl(orgSlug: string, seriesId: number, seasonId?: number) {
  const query = seasonId === undefined ? '' : `?seasonId=${seasonId}`;
  return `${PUBLIC}/orgs/${orgSlug}/standings/${seriesId}${query}`;
}

export async function standingsResponse(
  h: Harness,
  orgSlug: string,
  seriesId: number,
  seasonId?: number,
) {
  return h.inject({ method: 'GET', url: standingsUrl(orgSlug, seriesId, seasonId) });
}

export const ROW_FIELDS = ['competitorId', 'events', 'name', 'points', 'rank', 'tied'];
export const SEASON_FIELDS = ['current', 'endDate', 'id', 'name', 'startDate'];

/** Checks the response shape (only the decided fields) and returns the body. */
export function checkedStandings(response: LightMyRequestResponse): Standings {
  assert.equal(response.statusCode, 200, response.body);
  const body = response.json<Standings>();
  assert.deepEqual(Object.keys(body).sort(), ['standingSeries', 'table']);
  if (body.standingSeries !== null) {
    assert.deepEqual(Object.keys(body.standingSeries).sort(), ['id', 'name', 'scope', 'seasons']);
    for (const season of body.standingSeries.seasons) {
      assert.deepEqual(Object.keys(season).sort(), SEASON_FIELDS);
    }
  }
  if (body.table !== null) {
    assert.deepEqual(Object.keys(body.table).sort(), ['rows', 'seriesId', 'seriesName']);
    for (const row of body.table.rows) assert.deepEqual(Object.keys(row).sort(), ROW_FIELDS);
  }
  return body;
}

export async function standings(h: Harness, orgSlug: string, seriesId: number, seasonId?: number) {
  return checkedStandings(await standingsResponse(h, orgSlug, seriesId, seasonId));
}

/** The table's rows; fails when there is no table. */
export async function rows(h: Harness, orgSlug: string, seriesId: number, seasonId?: number) {
  const body = await standings(h, orgSlug, seriesId, seasonId);
  assert.ok(body.table !== null, 'a linked series has a table');
  return body.table.rows;
}

/** Rows reduced to what a ranking test compares. */
export const ranking = (table: Row[]) =>
  table.map((row) => ({ name: row.name, rank: row.rank, tied: row.tied, points: row.points }));

export function competitorUrl(
  orgSlug: string,
  seriesId: number,
  competitorId: number,
  seasonId?: number,
) {
  const query = seasonId === undefined ? '' : `?seasonId=${seasonId}`;
  return `${PUBLIC}/orgs/${orgSlug}/standings/${seriesId}/competitors/${competitorId}${query}`;
}

export async function competitorResponse(
  h: Harness,
  orgSlug: string,
  seriesId: number,
  competitorId: number,
  seasonId?: number,
) {
  return h.inject({ method: 'GET', url: competitorUrl(orgSlug, seriesId, competitorId, seasonId) });
}

export async function competitor(
  h: Harness,
  orgSlug: string,
  seriesId: number,
  competitorId: number,
  seasonId?: number,
): Promise<Competitor> {
  const response = await competitorResponse(h, orgSlug, seriesId, competitorId, seasonId);
  assert.equal(response.statusCode, 200, response.body);
  return response.json<Competitor>();
}

export function rowOf(table: Row[], name: string): Row {
  const row = table.find((candidate) => candidate.name === name);
  assert.ok(row !== undefined, `${name} is in the table`);
  return row;
}

/** Golfers whose full names sort as their first names do. */
export async function golfers(h: Harness, ...names: [string, string][]): Promise<User[]> {
  const users: User[] = [];
  for (const [firstName, lastName] of names) users.push(await h.user({ firstName, lastName }));
  return users;
}
