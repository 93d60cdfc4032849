import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { LightMyRequestResponse } from 'fastify';
import type { Org, User } from '../src/db/schema.js';
import {
  ADMIN,
  NO_LIMITS,
  PUBLIC,
  describeOnDatabases,
  unique,
  type Harness,
} from './support/harness.js';
import { PLAIN_TEXT, assertInvalid, assertPlainText } from './support/assertions.js';
import type { Static } from 'typebox';
import type {
  AdminEvent,
  AdminSeason,
  AdminStandingSeries,
  ResultsBody,
  StoredResults,
} from '../src/http/schemas/admin.js';
import type {
  CompetitorStandings as Competitor,
  StandingRow as Row,
  PublicLeague,
  Standings,
} from '../src/http/schemas/public.js';

// ---------------------------------------------------------------------------------------------
// Shapes and helpers
// ---------------------------------------------------------------------------------------------

type Result = Static<typeof ResultsBody>['results'][number];

type OrgRef = Pick<Org, 'slug'>;

async function createSeries(
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

async function seasonResponse(
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

async function createSeason(
  h: Harness,
  org: OrgRef,
  seriesId: number,
  name: string,
  startDate: string,
  endDate: string,
): Promise<number> {
  const response = await seasonResponse(h, org, seriesId, name, startDate, endDate);
  assert.equal(response.statusCode, 201, response.body);
  return response.json<AdminSeason>().id;
}

/** A calendar-year season of `year`. */
async function yearSeason(h: Harness, org: OrgRef, seriesId: number, year: number) {
  return createSeason(h, org, seriesId, `${year} Season`, `${year}-01-01`, `${year}-12-31`);
}

async function createEvent(
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

async function resultsResponse(
  h: Harness,
  org: OrgRef,
  seriesId: number,
  body: { eventId: number; seasonId?: number; results: Result[] },
) {
  return h.admin('POST', `${ADMIN}/orgs/${org.slug}/standing-series/${seriesId}/results`, body);
}

async function postResults(
  h: Harness,
  org: OrgRef,
  seriesId: number,
  body: { eventId: number; seasonId?: number; results: Result[] },
): Promise<StoredResults> {
  const response = await resultsResponse(h, org, seriesId, body);
  assert.equal(response.statusCode, 200, response.body);
  return response.json<StoredResults>();
}

function standingsUrl(orgSlug: string, seriesId: number, seasonId?: number) {
  const query = seasonId === undefined ? '' : `?seasonId=${seasonId}`;
  return `${PUBLIC}/orgs/${orgSlug}/standings/${seriesId}${query}`;
}

async function standingsResponse(h: Harness, orgSlug: string, seriesId: number, seasonId?: number) {
  return h.inject({ method: 'GET', url: standingsUrl(orgSlug, seriesId, seasonId) });
}

const ROW_FIELDS = ['competitorId', 'events', 'name', 'points', 'rank', 'tied'];
const SEASON_FIELDS = ['current', 'endDate', 'id', 'name', 'startDate'];

/** Checks the response shape (only the decided fields) and returns the body. */
function checkedStandings(response: LightMyRequestResponse): Standings {
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

async function standings(h: Harness, orgSlug: string, seriesId: number, seasonId?: number) {
  return checkedStandings(await standingsResponse(h, orgSlug, seriesId, seasonId));
}

/** The table's rows; fails when there is no table. */
async function rows(h: Harness, orgSlug: string, seriesId: number, seasonId?: number) {
  const body = await standings(h, orgSlug, seriesId, seasonId);
  assert.ok(body.table !== null, 'a linked series has a table');
  return body.table.rows;
}

/** Rows reduced to what a ranking test compares. */
const ranking = (table: Row[]) =>
  table.map((row) => ({ name: row.name, rank: row.rank, tied: row.tied, points: row.points }));

function competitorUrl(orgSlug: string, seriesId: number, competitorId: number, seasonId?: number) {
  const query = seasonId === undefined ? '' : `?seasonId=${seasonId}`;
  return `${PUBLIC}/orgs/${orgSlug}/standings/${seriesId}/competitors/${competitorId}${query}`;
}

async function competitorResponse(
  h: Harness,
  orgSlug: string,
  seriesId: number,
  competitorId: number,
  seasonId?: number,
) {
  return h.inject({ method: 'GET', url: competitorUrl(orgSlug, seriesId, competitorId, seasonId) });
}

async function competitor(
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

function rowOf(table: Row[], name: string): Row {
  const row = table.find((candidate) => candidate.name === name);
  assert.ok(row !== undefined, `${name} is in the table`);
  return row;
}

/** Runs `body` with the harness clock at `now`, putting it back afterwards. */
async function at<T>(h: Harness, now: string, body: () => Promise<T>): Promise<T> {
  const before = h.clock.now;
  h.clock.now = new Date(now);
  try {
    return await body();
  } finally {
    h.clock.now = before;
  }
}

/** Golfers whose full names sort as their first names do. */
async function golfers(h: Harness, ...names: [string, string][]): Promise<User[]> {
  const users: User[] = [];
  for (const [firstName, lastName] of names) users.push(await h.user({ firstName, lastName }));
  return users;
}

// ---------------------------------------------------------------------------------------------
// Series, seasons and the current season
// ---------------------------------------------------------------------------------------------

describeOnDatabases(
  'standings: series and seasons',
  (harness) => {
    void test('a new season series has no seasons and an empty table', async () => {
      const h = harness();
      const org = await h.org();
      const seriesId = await createSeries(h, org, 'season', 'Tuesday Points');

      const body = await standings(h, org.slug, seriesId);
      assert.deepEqual(body, {
        standingSeries: { id: seriesId, name: 'Tuesday Points', scope: 'season', seasons: [] },
        table: { seriesId, seriesName: 'Tuesday Points', rows: [] },
      });
    });

    void test('seasons are listed newest first, with current on the one containing today', async () => {
      const h = harness();
      const org = await h.org({ timezone: 'America/Chicago' });
      const seriesId = await createSeries(h, org, 'season');
      const s2026 = await yearSeason(h, org, seriesId, 2026);
      const s2024 = await createSeason(h, org, seriesId, 'Summer 2024', '2024-03-01', '2024-10-31');
      const s2027 = await yearSeason(h, org, seriesId, 2027);
      const s2025 = await createSeason(h, org, seriesId, 'Summer 2025', '2025-03-01', '2025-10-31');

      const body = await standings(h, org.slug, seriesId);
      assert.deepEqual(body.standingSeries?.seasons, [
        {
          id: s2027,
          name: '2027 Season',
          startDate: '2027-01-01',
          endDate: '2027-12-31',
          current: false,
        },
        {
          id: s2026,
          name: '2026 Season',
          startDate: '2026-01-01',
          endDate: '2026-12-31',
          current: true,
        },
        {
          id: s2025,
          name: 'Summer 2025',
          startDate: '2025-03-01',
          endDate: '2025-10-31',
          current: false,
        },
        {
          id: s2024,
          name: 'Summer 2024',
          startDate: '2024-03-01',
          endDate: '2024-10-31',
          current: false,
        },
      ]);
    });

    void test('the current flag moves with the clock, in the org time zone', async () => {
      const h = harness();
      const org = await h.org({ timezone: 'America/Chicago' });
      const seriesId = await createSeries(h, org, 'season');
      const s2024 = await createSeason(h, org, seriesId, 'Summer 2024', '2024-03-01', '2024-10-31');
      const s2025 = await createSeason(h, org, seriesId, 'Summer 2025', '2025-03-01', '2025-10-31');
      const s2026 = await yearSeason(h, org, seriesId, 2026);
      const s2027 = await yearSeason(h, org, seriesId, 2027);

      const currentAt = async (now: string) =>
        at(h, now, async () => {
          const seasons = (await standings(h, org.slug, seriesId)).standingSeries?.seasons ?? [];
          const current = seasons.filter((season) => season.current);
          assert.equal(current.length, 1, `exactly one current season at ${now}`);
          return current[0]?.id;
        });

      assert.equal(await currentAt('2026-06-16T18:00:00Z'), s2026);
      // 21:00 on New Year's Eve in Chicago: still 2026 there.
      assert.equal(await currentAt('2027-01-01T03:00:00Z'), s2026);
      assert.equal(await currentAt('2027-01-01T07:00:00Z'), s2027);
      // In the gap between Summer 2024 and Summer 2025: the latest season that has started.
      assert.equal(await currentAt('2025-01-15T18:00:00Z'), s2024);
      assert.equal(await currentAt('2025-11-15T18:00:00Z'), s2025);
      // After every season: still the latest that has started.
      assert.equal(await currentAt('2028-05-01T18:00:00Z'), s2027);
      // Before every season: the first one to come.
      assert.equal(await currentAt('2023-06-01T18:00:00Z'), s2024);
    });

    void test('overlapping seasons are 409; adjacent ones and other series are fine', async () => {
      const h = harness();
      const org = await h.org();
      const seriesId = await createSeries(h, org, 'season');
      await createSeason(h, org, seriesId, 'Spring', '2026-01-01', '2026-06-30');

      const sharedDay = await seasonResponse(h, org, seriesId, 'Late', '2026-06-30', '2026-12-31');
      assertPlainText(sharedDay, 409);
      assertPlainText(
        await seasonResponse(h, org, seriesId, 'In', '2026-03-01', '2026-03-31'),
        409,
      );
      assertPlainText(
        await seasonResponse(h, org, seriesId, 'All', '2025-01-01', '2027-12-31'),
        409,
      );
      assertPlainText(
        await seasonResponse(h, org, seriesId, 'Early', '2025-12-01', '2026-01-01'),
        409,
      );

      await createSeason(h, org, seriesId, 'Autumn', '2026-07-01', '2026-12-31');
      const otherSeries = await createSeries(h, org, 'season');
      await createSeason(h, org, otherSeries, 'Spring', '2026-01-01', '2026-06-30');

      const seasons = (await standings(h, org.slug, seriesId)).standingSeries?.seasons ?? [];
      assert.deepEqual(
        seasons.map((season) => season.name),
        ['Autumn', 'Spring'],
        'refused seasons were not stored',
      );
    });

    void test('a season ending before it starts is 422', async () => {
      const h = harness();
      const org = await h.org();
      const seriesId = await createSeries(h, org, 'season');
      assertInvalid(
        await seasonResponse(h, org, seriesId, 'Backwards', '2026-06-30', '2026-01-01'),
      );
      assert.deepEqual((await standings(h, org.slug, seriesId)).standingSeries?.seasons, []);
    });

    void test('an overall series has no seasons: season creation 409, seasonId on results 422', async () => {
      const h = harness();
      const org = await h.org();
      const seriesId = await createSeries(h, org, 'overall', 'All-Time Money List');
      const seasonSeries = await createSeries(h, org, 'season');
      const otherSeason = await yearSeason(h, org, seasonSeries, 2026);
      assertPlainText(
        await seasonResponse(h, org, seriesId, '2026', '2026-01-01', '2026-12-31'),
        409,
      );

      const [amy] = await golfers(h, ['Amy', 'Zulu']);
      assert.ok(amy !== undefined);
      const event2025 = await createEvent(h, org, '2025-06-10T23:00:00Z');
      const event2026 = await createEvent(h, org, '2026-06-09T23:00:00Z');
      assertInvalid(
        await resultsResponse(h, org, seriesId, {
          eventId: event2026.id,
          seasonId: otherSeason,
          results: [{ userId: amy.id, points: 5 }],
        }),
        ['seasonId'],
      );
      const stored = await postResults(h, org, seriesId, {
        eventId: event2025.id,
        results: [{ userId: amy.id, points: 5 }],
      });
      assert.equal(stored.seasonId, null);
      await postResults(h, org, seriesId, {
        eventId: event2026.id,
        results: [{ userId: amy.id, points: 7 }],
      });

      const body = await standings(h, org.slug, seriesId);
      assert.deepEqual(body.standingSeries, {
        id: seriesId,
        name: 'All-Time Money List',
        scope: 'overall',
        seasons: [],
      });
      assert.deepEqual(ranking(body.table?.rows ?? []), [
        { name: 'Amy Zulu', rank: 1, tied: false, points: 12 },
      ]);
      const row = body.table?.rows[0];
      assert.ok(row !== undefined);
      assert.equal(row.events, 2, 'both years count in one table');
      const detail = await competitor(h, org.slug, seriesId, row.competitorId);
      assert.equal(detail.seasonId, null);
      assert.equal(detail.points, 12);
      assert.equal(detail.contributions.length, 2);
    });
  },
  NO_LIMITS,
);

// ---------------------------------------------------------------------------------------------
// Results: posting, season choice, validation, corrections
// ---------------------------------------------------------------------------------------------

describeOnDatabases(
  'standings: posting results',
  (harness) => {
    void test('results answer 200 with the stored results; the season comes from the event’s org-local day', async () => {
      const h = harness();
      const org = await h.org({ timezone: 'America/Chicago' });
      const seriesId = await createSeries(h, org, 'season');
      const s2026 = await yearSeason(h, org, seriesId, 2026);
      const s2027 = await yearSeason(h, org, seriesId, 2027);
      const [amy, bob] = await golfers(h, ['Amy', 'Zulu'], ['Bob', 'Young']);
      assert.ok(amy !== undefined && bob !== undefined);
      // 20:00 on New Year's Eve in Chicago: a 2026 event.
      const event = await createEvent(h, org, '2027-01-01T02:00:00Z');

      const response = await resultsResponse(h, org, seriesId, {
        eventId: event.id,
        results: [
          { userId: amy.id, position: 1, points: 10 },
          { userId: bob.id, points: 4 },
        ],
      });
      assert.equal(response.statusCode, 200, response.body);
      assert.ok(!response.body.includes('userId'), 'the answer carries competitor ids only');
      const stored = response.json<StoredResults>();
      assert.equal(stored.eventId, event.id);
      assert.equal(stored.seasonId, s2026);
      assert.deepEqual(
        stored.results.map(({ name, position, points }) => ({ name, position, points })),
        [
          { name: 'Amy Zulu', position: 1, points: 10 },
          { name: 'Bob Young', position: null, points: 4 },
        ],
      );
      for (const result of stored.results) assert.ok(Number.isInteger(result.competitorId));

      const table2026 = await rows(h, org.slug, seriesId, s2026);
      assert.deepEqual(
        table2026.map((row) => ({ competitorId: row.competitorId, points: row.points })),
        stored.results.map((result) => ({
          competitorId: result.competitorId,
          points: result.points,
        })),
      );
      assert.deepEqual(await rows(h, org.slug, seriesId, s2027), []);
    });

    void test('an event no season contains is 422 unless seasonId names one', async () => {
      const h = harness();
      const org = await h.org();
      const seriesId = await createSeries(h, org, 'season');
      const s2026 = await yearSeason(h, org, seriesId, 2026);
      const otherSeries = await createSeries(h, org, 'season');
      const foreignSeason = await yearSeason(h, org, otherSeries, 2028);
      const [amy] = await golfers(h, ['Amy', 'Zulu']);
      assert.ok(amy !== undefined);
      const event = await createEvent(h, org, '2028-02-01T18:00:00Z');
      const results: Result[] = [{ userId: amy.id, points: 3 }];

      assertInvalid(await resultsResponse(h, org, seriesId, { eventId: event.id, results }), [
        'seasonId',
      ]);
      assertInvalid(
        await resultsResponse(h, org, seriesId, {
          eventId: event.id,
          seasonId: foreignSeason,
          results,
        }),
        ['seasonId'],
      );
      assert.deepEqual(await rows(h, org.slug, seriesId, s2026), []);

      const stored = await postResults(h, org, seriesId, {
        eventId: event.id,
        seasonId: s2026,
        results,
      });
      assert.equal(stored.seasonId, s2026);
      assert.deepEqual(
        (await rows(h, org.slug, seriesId, s2026)).map((row) => row.points),
        [3],
      );
    });

    void test('each result names exactly one of userId or teamId (422 otherwise)', async () => {
      const h = harness();
      const org = await h.org();
      const seriesId = await createSeries(h, org, 'overall');
      const league = await h.league(org, { entrySize: 2 });
      const [amy] = await golfers(h, ['Amy', 'Zulu']);
      assert.ok(amy !== undefined);
      const team = await h.register(org, league, { userId: amy.id, teamName: 'Fairway Finders' });
      assert.ok(team.teamId !== null);
      const event = await createEvent(h, org, '2026-06-02T23:00:00Z');

      const both = await resultsResponse(h, org, seriesId, {
        eventId: event.id,
        results: [{ userId: amy.id, teamId: team.teamId, points: 5 }],
      });
      const bothErrors = assertInvalid(both);
      assert.ok(
        Object.keys(bothErrors).some((field) => field.startsWith('results.0')),
        `the error names the result: ${both.body}`,
      );
      const neither = await h.admin(
        'POST',
        `${ADMIN}/orgs/${org.slug}/standing-series/${seriesId}/results`,
        {
          eventId: event.id,
          results: [{ points: 5 }],
        },
      );
      assertInvalid(neither);
      assert.deepEqual(await rows(h, org.slug, seriesId), [], 'nothing was stored');

      const stored = await postResults(h, org, seriesId, {
        eventId: event.id,
        results: [{ teamId: team.teamId, position: 1, points: 5 }],
      });
      assert.equal(stored.results[0]?.name, 'Fairway Finders', 'a team competes under its name');
      assert.deepEqual(ranking(await rows(h, org.slug, seriesId)), [
        { name: 'Fairway Finders', rank: 1, tied: false, points: 5 },
      ]);
    });

    void test('a competitor listed twice in one post is 422 and changes nothing', async () => {
      const h = harness();
      const org = await h.org();
      const seriesId = await createSeries(h, org, 'overall');
      const [amy, bob] = await golfers(h, ['Amy', 'Zulu'], ['Bob', 'Young']);
      assert.ok(amy !== undefined && bob !== undefined);
      const event = await createEvent(h, org, '2026-06-02T23:00:00Z');
      await postResults(h, org, seriesId, {
        eventId: event.id,
        results: [{ userId: amy.id, points: 10 }],
      });

      assertInvalid(
        await resultsResponse(h, org, seriesId, {
          eventId: event.id,
          results: [
            { userId: bob.id, points: 20 },
            { userId: amy.id, points: 1 },
            { userId: bob.id, points: 2 },
          ],
        }),
      );
      assert.deepEqual(ranking(await rows(h, org.slug, seriesId)), [
        { name: 'Amy Zulu', rank: 1, tied: false, points: 10 },
      ]);
    });

    void test('results for an unknown event, another org’s event or another org’s team are 422', async () => {
      const h = harness();
      const org = await h.org();
      const otherOrg = await h.org();
      const seriesId = await createSeries(h, org, 'overall');
      const [amy] = await golfers(h, ['Amy', 'Zulu']);
      assert.ok(amy !== undefined);
      const foreignEvent = await createEvent(h, otherOrg, '2026-06-02T23:00:00Z');
      const foreignLeague = await h.league(otherOrg, { entrySize: 2 });
      const foreignTeam = await h.register(otherOrg, foreignLeague, {
        userId: amy.id,
        teamName: 'Visitors',
      });
      assert.ok(foreignTeam.teamId !== null);
      const event = await createEvent(h, org, '2026-06-09T23:00:00Z');

      const results: Result[] = [{ userId: amy.id, points: 1 }];
      assertInvalid(await resultsResponse(h, org, seriesId, { eventId: 2_000_000_000, results }), [
        'eventId',
      ]);
      assertInvalid(
        await resultsResponse(h, org, seriesId, { eventId: foreignEvent.id, results }),
        ['eventId'],
      );
      assertInvalid(
        await resultsResponse(h, org, seriesId, {
          eventId: event.id,
          results: [{ teamId: foreignTeam.teamId, points: 1 }],
        }),
      );
      assert.deepEqual(await rows(h, org.slug, seriesId), []);
    });

    void test('re-posting an event’s results replaces them: identical is idempotent, a correction changes the table', async () => {
      const h = harness();
      const org = await h.org();
      const seriesId = await createSeries(h, org, 'season');
      await yearSeason(h, org, seriesId, 2026);
      const [amy, bob, cal] = await golfers(h, ['Amy', 'Zulu'], ['Bob', 'Young'], ['Cal', 'Xu']);
      assert.ok(amy !== undefined && bob !== undefined && cal !== undefined);
      const week1 = await createEvent(h, org, '2026-06-02T23:00:00Z', { title: 'Week 1' });
      const week2 = await createEvent(h, org, '2026-06-09T23:00:00Z', { title: 'Week 2' });
      const first: Result[] = [
        { userId: amy.id, position: 1, points: 10 },
        { userId: bob.id, position: 2, points: 6 },
      ];
      await postResults(h, org, seriesId, { eventId: week1.id, results: first });
      await postResults(h, org, seriesId, {
        eventId: week2.id,
        results: [
          { userId: amy.id, position: 2, points: 3 },
          { userId: bob.id, position: 1, points: 8 },
        ],
      });
      const before = await rows(h, org.slug, seriesId);
      assert.deepEqual(ranking(before), [
        { name: 'Bob Young', rank: 1, tied: false, points: 14 },
        { name: 'Amy Zulu', rank: 2, tied: false, points: 13 },
      ]);

      await postResults(h, org, seriesId, { eventId: week1.id, results: first });
      await postResults(h, org, seriesId, { eventId: week1.id, results: first });
      assert.deepEqual(await rows(h, org.slug, seriesId), before, 'totals are not doubled');

      await postResults(h, org, seriesId, {
        eventId: week1.id,
        results: [
          { userId: bob.id, position: 1, points: 10 },
          { userId: amy.id, position: 2, points: 6 },
          { userId: cal.id, position: 3, points: 2 },
        ],
      });
      const corrected = await rows(h, org.slug, seriesId);
      assert.deepEqual(ranking(corrected), [
        { name: 'Bob Young', rank: 1, tied: false, points: 18 },
        { name: 'Amy Zulu', rank: 2, tied: false, points: 9 },
        { name: 'Cal Xu', rank: 3, tied: false, points: 2 },
      ]);
      assert.deepEqual(
        corrected.map((row) => row.events),
        [2, 2, 1],
      );
      const amyRow = rowOf(corrected, 'Amy Zulu');
      const amyDetail = await competitor(h, org.slug, seriesId, amyRow.competitorId);
      assert.deepEqual(
        amyDetail.contributions.map(({ eventId, position, points }) => ({
          eventId,
          position,
          points,
        })),
        [
          { eventId: week1.id, position: 2, points: 6 },
          { eventId: week2.id, position: 2, points: 3 },
        ],
        'one contribution per event, the corrected one',
      );

      await postResults(h, org, seriesId, {
        eventId: week1.id,
        results: [
          { userId: bob.id, position: 1, points: 10 },
          { userId: amy.id, position: 2, points: 6 },
        ],
      });
      const dropped = await rows(h, org.slug, seriesId);
      assert.deepEqual(
        dropped.map((row) => row.name),
        ['Bob Young', 'Amy Zulu'],
        'a competitor left out of the corrected results has no points left',
      );
    });

    void test('re-posting an event into another season moves its points out of the first', async () => {
      const h = harness();
      const org = await h.org();
      const seriesId = await createSeries(h, org, 'season');
      const s2025 = await yearSeason(h, org, seriesId, 2025);
      const s2026 = await yearSeason(h, org, seriesId, 2026);
      const [amy] = await golfers(h, ['Amy', 'Zulu']);
      assert.ok(amy !== undefined);
      const event = await createEvent(h, org, '2026-01-10T18:00:00Z');
      const results: Result[] = [{ userId: amy.id, points: 7 }];

      await postResults(h, org, seriesId, { eventId: event.id, seasonId: s2025, results });
      assert.deepEqual(
        (await rows(h, org.slug, seriesId, s2025)).map((row) => row.points),
        [7],
      );
      assert.deepEqual(await rows(h, org.slug, seriesId, s2026), []);

      const moved = await postResults(h, org, seriesId, { eventId: event.id, results });
      assert.equal(moved.seasonId, s2026);
      assert.deepEqual(await rows(h, org.slug, seriesId, s2025), []);
      assert.deepEqual(
        (await rows(h, org.slug, seriesId, s2026)).map((row) => row.points),
        [7],
      );
    });
  },
  NO_LIMITS,
);

// ---------------------------------------------------------------------------------------------
// Tables: ranking, ties, fractions, seasons
// ---------------------------------------------------------------------------------------------

describeOnDatabases(
  'standings: tables',
  (harness) => {
    void test('standard competition ranking 1, 2, 2, 4; tied only on shared ranks; ties listed by name', async () => {
      const h = harness();
      const org = await h.org();
      const seriesId = await createSeries(h, org, 'overall');
      // Zed's competitor is created first, and his last name sorts first: neither may decide.
      const [zed, amy, bob, cal] = await golfers(
        h,
        ['Zed', 'Adams'],
        ['Amy', 'Zulu'],
        ['Bob', 'Young'],
        ['Cal', 'Xu'],
      );
      assert.ok(zed !== undefined && amy !== undefined && bob !== undefined && cal !== undefined);
      const week1 = await createEvent(h, org, '2026-06-02T23:00:00Z');
      const week2 = await createEvent(h, org, '2026-06-09T23:00:00Z');
      await postResults(h, org, seriesId, {
        eventId: week1.id,
        results: [
          { userId: zed.id, position: 2, points: 8 },
          { userId: amy.id, position: 3, points: 5 },
          { userId: bob.id, position: 1, points: 10 },
        ],
      });
      await postResults(h, org, seriesId, {
        eventId: week2.id,
        results: [
          { userId: amy.id, position: 2, points: 3 },
          { userId: cal.id, position: 1, points: 4 },
        ],
      });

      const table = await rows(h, org.slug, seriesId);
      assert.deepEqual(
        table.map(({ name, rank, tied, points, events }) => ({ name, rank, tied, points, events })),
        [
          { name: 'Bob Young', rank: 1, tied: false, points: 10, events: 1 },
          { name: 'Amy Zulu', rank: 2, tied: true, points: 8, events: 2 },
          { name: 'Zed Adams', rank: 2, tied: true, points: 8, events: 1 },
          { name: 'Cal Xu', rank: 4, tied: false, points: 4, events: 1 },
        ],
      );
      const tiedZed = await competitor(
        h,
        org.slug,
        seriesId,
        rowOf(table, 'Zed Adams').competitorId,
      );
      assert.equal(tiedZed.rank, 2);
      assert.equal(tiedZed.tied, true);
      const soloCal = await competitor(h, org.slug, seriesId, rowOf(table, 'Cal Xu').competitorId);
      assert.equal(soloCal.rank, 4);
      assert.equal(soloCal.tied, false);
    });

    void test('a tie at the bottom and a three-way tie share ranks the same way', async () => {
      const h = harness();
      const org = await h.org();
      const seriesId = await createSeries(h, org, 'overall');
      const people = await golfers(
        h,
        ['Eve', 'One'],
        ['Dan', 'Two'],
        ['Fay', 'Three'],
        ['Gus', 'Four'],
        ['Hal', 'Five'],
      );
      const event = await createEvent(h, org, '2026-06-02T23:00:00Z');
      const points = [6, 6, 6, 2, 2];
      await postResults(h, org, seriesId, {
        eventId: event.id,
        results: people.map((user, index) => ({ userId: user.id, points: points[index] ?? 0 })),
      });

      assert.deepEqual(ranking(await rows(h, org.slug, seriesId)), [
        { name: 'Dan Two', rank: 1, tied: true, points: 6 },
        { name: 'Eve One', rank: 1, tied: true, points: 6 },
        { name: 'Fay Three', rank: 1, tied: true, points: 6 },
        { name: 'Gus Four', rank: 4, tied: true, points: 2 },
        { name: 'Hal Five', rank: 4, tied: true, points: 2 },
      ]);
    });

    void test('fractional points are kept exact', async () => {
      const h = harness();
      const org = await h.org();
      const seriesId = await createSeries(h, org, 'overall');
      const [amy, bob, cal] = await golfers(h, ['Amy', 'Zulu'], ['Bob', 'Young'], ['Cal', 'Xu']);
      assert.ok(amy !== undefined && bob !== undefined && cal !== undefined);
      const week1 = await createEvent(h, org, '2026-06-02T23:00:00Z');
      const week2 = await createEvent(h, org, '2026-06-09T23:00:00Z');
      const stored = await postResults(h, org, seriesId, {
        eventId: week1.id,
        results: [
          { userId: amy.id, points: 2.5 },
          { userId: bob.id, points: 0.1 },
          { userId: cal.id, points: 3.75 },
        ],
      });
      assert.deepEqual(
        stored.results.map((result) => result.points),
        [2.5, 0.1, 3.75],
      );
      await postResults(h, org, seriesId, {
        eventId: week2.id,
        results: [
          { userId: amy.id, points: 1.25 },
          { userId: bob.id, points: 0.2 },
        ],
      });

      const table = await rows(h, org.slug, seriesId);
      assert.deepEqual(ranking(table), [
        { name: 'Amy Zulu', rank: 1, tied: true, points: 3.75 },
        { name: 'Cal Xu', rank: 1, tied: true, points: 3.75 },
        { name: 'Bob Young', rank: 3, tied: false, points: 0.3 },
      ]);
      const amyDetail = await competitor(
        h,
        org.slug,
        seriesId,
        rowOf(table, 'Amy Zulu').competitorId,
      );
      assert.equal(amyDetail.points, 3.75);
      assert.deepEqual(
        amyDetail.contributions.map((contribution) => contribution.points),
        [2.5, 1.25],
      );
    });

    void test('a season series shows the current season by default and another with ?seasonId=', async () => {
      const h = harness();
      const org = await h.org({ timezone: 'America/Chicago' });
      const seriesId = await createSeries(h, org, 'season', 'Twilight Points');
      const s2025 = await yearSeason(h, org, seriesId, 2025);
      const s2026 = await yearSeason(h, org, seriesId, 2026);
      const [amy, bob] = await golfers(h, ['Amy', 'Zulu'], ['Bob', 'Young']);
      assert.ok(amy !== undefined && bob !== undefined);
      const event2025 = await createEvent(h, org, '2025-06-10T23:00:00Z');
      const event2026 = await createEvent(h, org, '2026-06-09T23:00:00Z');
      await postResults(h, org, seriesId, {
        eventId: event2025.id,
        results: [
          { userId: amy.id, points: 10 },
          { userId: bob.id, points: 5 },
        ],
      });
      await postResults(h, org, seriesId, {
        eventId: event2026.id,
        results: [{ userId: bob.id, points: 7 }],
      });

      const byDefault = await standings(h, org.slug, seriesId);
      assert.ok(byDefault.table !== null);
      assert.equal(byDefault.table.seriesName, 'Twilight Points');
      assert.deepEqual(ranking(byDefault.table.rows), [
        { name: 'Bob Young', rank: 1, tied: false, points: 7 },
      ]);
      assert.deepEqual(await standings(h, org.slug, seriesId, s2026), byDefault);

      const last = await standings(h, org.slug, seriesId, s2025);
      assert.deepEqual(ranking(last.table?.rows ?? []), [
        { name: 'Amy Zulu', rank: 1, tied: false, points: 10 },
        { name: 'Bob Young', rank: 2, tied: false, points: 5 },
      ]);
      assert.deepEqual(
        last.standingSeries?.seasons.map((season) => [season.id, season.current]),
        [
          [s2026, true],
          [s2025, false],
        ],
        'current marks today’s season, not the selected one',
      );

      await at(h, '2025-07-01T18:00:00Z', async () => {
        const then = await standings(h, org.slug, seriesId);
        assert.deepEqual(
          then.table?.rows.map((row) => row.name),
          ['Amy Zulu', 'Bob Young'],
          'the default table follows the current season',
        );
      });
    });

    void test('table rows carry standings ids, never user ids', async () => {
      const h = harness();
      const org = await h.org();
      const seriesId = await createSeries(h, org, 'overall');
      const [amy] = await golfers(h, ['Amy', 'Zulu']);
      assert.ok(amy !== undefined);
      const event = await createEvent(h, org, '2026-06-02T23:00:00Z');
      const stored = await postResults(h, org, seriesId, {
        eventId: event.id,
        results: [{ userId: amy.id, points: 4 }],
      });

      const response = await standingsResponse(h, org.slug, seriesId);
      const table = checkedStandings(response).table?.rows ?? [];
      assert.ok(!response.body.includes('userId'), 'no userId field');
      assert.ok(!response.body.includes(amy.email), 'no e-mail');
      const [row] = table;
      assert.ok(row !== undefined);
      assert.equal(row.competitorId, stored.results[0]?.competitorId);

      const viaCompetitor = await competitorResponse(h, org.slug, seriesId, row.competitorId);
      assert.equal(viaCompetitor.statusCode, 200, viaCompetitor.body);
      assert.ok(!viaCompetitor.body.includes('userId'), 'no userId field');
      const detail = viaCompetitor.json<Competitor>();
      assert.equal(detail.competitorId, row.competitorId);
      assert.equal(detail.name, 'Amy Zulu');
    });
  },
  NO_LIMITS,
);

// ---------------------------------------------------------------------------------------------
// The competitor endpoint and 404s
// ---------------------------------------------------------------------------------------------

describeOnDatabases(
  'standings: competitors and unknown ids',
  (harness) => {
    void test('a competitor has total, rank and contributions with org-local dates', async () => {
      const h = harness();
      const org = await h.org({ timezone: 'America/Chicago' });
      const seriesId = await createSeries(h, org, 'season');
      const s2025 = await yearSeason(h, org, seriesId, 2025);
      const s2026 = await yearSeason(h, org, seriesId, 2026);
      const [amy, bob] = await golfers(h, ['Amy', 'Zulu'], ['Bob', 'Young']);
      assert.ok(amy !== undefined && bob !== undefined);
      const opener2025 = await createEvent(h, org, '2025-06-03T23:00:00Z', {
        title: 'Opener 2025',
      });
      const spring = await createEvent(h, org, '2026-05-05T23:00:00Z', { title: 'Spring Opener' });
      // 20:00 on New Year's Eve in Chicago: dated 2026-12-31 and in the 2026 season.
      const finale = await createEvent(h, org, '2027-01-01T02:00:00Z', { title: 'NYE Finale' });
      await postResults(h, org, seriesId, {
        eventId: opener2025.id,
        results: [{ userId: amy.id, position: 3, points: 4 }],
      });
      // Posted out of date order: contributions are listed by event date.
      await postResults(h, org, seriesId, {
        eventId: finale.id,
        results: [{ userId: amy.id, position: 1, points: 10 }],
      });
      await postResults(h, org, seriesId, {
        eventId: spring.id,
        results: [
          { userId: bob.id, position: 1, points: 10 },
          { userId: amy.id, position: 2, points: 6 },
        ],
      });

      const table = await rows(h, org.slug, seriesId);
      const amyRow = rowOf(table, 'Amy Zulu');
      const response = await competitorResponse(h, org.slug, seriesId, amyRow.competitorId);
      assert.equal(response.statusCode, 200, response.body);
      assert.deepEqual(response.json<Competitor>(), {
        competitorId: amyRow.competitorId,
        name: 'Amy Zulu',
        seriesId,
        seasonId: s2026,
        rank: 1,
        tied: false,
        points: 16,
        events: 2,
        contributions: [
          {
            eventId: spring.id,
            slug: spring.slug,
            title: 'Spring Opener',
            date: '2026-05-05',
            position: 2,
            points: 6,
          },
          {
            eventId: finale.id,
            slug: finale.slug,
            title: 'NYE Finale',
            date: '2026-12-31',
            position: 1,
            points: 10,
          },
        ],
      });

      const last = await competitor(h, org.slug, seriesId, amyRow.competitorId, s2025);
      assert.equal(last.seasonId, s2025);
      assert.equal(last.points, 4);
      assert.equal(last.rank, 1);
      assert.deepEqual(
        last.contributions.map((contribution) => [contribution.eventId, contribution.date]),
        [[opener2025.id, '2025-06-03']],
      );

      const bobDetail = await competitor(
        h,
        org.slug,
        seriesId,
        rowOf(table, 'Bob Young').competitorId,
      );
      assert.equal(bobDetail.rank, 2);
      assert.equal(bobDetail.points, 10);
      assert.deepEqual(
        bobDetail.contributions.map((contribution) => contribution.position),
        [1],
      );
    });

    void test('unknown series, season and competitor are 404 plain text', async () => {
      const h = harness();
      const org = await h.org();
      const otherOrg = await h.org();
      const seriesId = await createSeries(h, org, 'season');
      const season = await yearSeason(h, org, seriesId, 2026);
      const otherSeries = await createSeries(h, org, 'season');
      const otherSeason = await yearSeason(h, org, otherSeries, 2026);
      const foreignSeries = await createSeries(h, otherOrg, 'overall');
      const [amy, bob] = await golfers(h, ['Amy', 'Zulu'], ['Bob', 'Young']);
      assert.ok(amy !== undefined && bob !== undefined);
      const event = await createEvent(h, org, '2026-06-02T23:00:00Z');
      const stored = await postResults(h, org, seriesId, {
        eventId: event.id,
        results: [{ userId: amy.id, points: 4 }],
      });
      const otherStored = await postResults(h, org, otherSeries, {
        eventId: event.id,
        results: [{ userId: bob.id, points: 4 }],
      });
      const amyId = stored.results[0]?.competitorId;
      const bobId = otherStored.results[0]?.competitorId;
      assert.ok(amyId !== undefined && bobId !== undefined);

      assert.equal((await standingsResponse(h, org.slug, seriesId, season)).statusCode, 200);
      const missing = [
        standingsUrl(org.slug, 2_000_000_000),
        standingsUrl(org.slug, foreignSeries),
        standingsUrl(otherOrg.slug, seriesId),
        standingsUrl(unique('no-org'), seriesId),
        standingsUrl(org.slug, seriesId, 2_000_000_000),
        standingsUrl(org.slug, seriesId, otherSeason),
        competitorUrl(org.slug, seriesId, 2_000_000_000),
        competitorUrl(org.slug, seriesId, bobId),
        competitorUrl(org.slug, otherSeries, amyId),
        competitorUrl(org.slug, 2_000_000_000, amyId),
        competitorUrl(otherOrg.slug, seriesId, amyId),
        competitorUrl(org.slug, seriesId, amyId, otherSeason),
        competitorUrl(org.slug, seriesId, amyId, 2_000_000_000),
      ];
      for (const url of missing) {
        const response = await h.inject({ method: 'GET', url });
        assert.equal(response.statusCode, 404, `${url}: ${response.body}`);
        assert.equal(response.headers['content-type'], PLAIN_TEXT, url);
      }
      assert.equal((await competitorResponse(h, org.slug, seriesId, amyId)).statusCode, 200);
    });

    void test('?seasonId= on an overall series names no season: 404', async () => {
      const h = harness();
      const org = await h.org();
      const overall = await createSeries(h, org, 'overall');
      const seasonSeries = await createSeries(h, org, 'season');
      const season = await yearSeason(h, org, seasonSeries, 2026);
      assertPlainText(await standingsResponse(h, org.slug, overall, season), 404);
    });
  },
  NO_LIMITS,
);

// ---------------------------------------------------------------------------------------------
// The league standings endpoint
// ---------------------------------------------------------------------------------------------

describeOnDatabases(
  'standings: the league endpoint',
  (harness) => {
    const leagueStandingsUrl = (orgSlug: string, slug: string) =>
      `${PUBLIC}/orgs/${orgSlug}/event-series/${slug}/standings`;

    void test('both fields are null until an admin links a series; then the series and its table', async () => {
      const h = harness();
      const org = await h.org();
      const otherOrg = await h.org();
      const league = await h.league(org);
      const url = leagueStandingsUrl(org.slug, league.slug);

      const unset = await h.inject({ method: 'GET', url });
      assert.equal(unset.statusCode, 200, unset.body);
      assert.deepEqual(unset.json(), { standingSeries: null, table: null });

      const seriesId = await createSeries(h, org, 'season', 'Twilight Points');
      const s2026 = await yearSeason(h, org, seriesId, 2026);
      const [amy, bob] = await golfers(h, ['Amy', 'Zulu'], ['Bob', 'Young']);
      assert.ok(amy !== undefined && bob !== undefined);
      const event = await createEvent(h, org, '2026-06-09T23:00:00Z', { eventSeriesId: league.id });
      await postResults(h, org, seriesId, {
        eventId: event.id,
        results: [
          { userId: amy.id, position: 2, points: 6 },
          { userId: bob.id, position: 1, points: 10 },
        ],
      });

      const foreignSeries = await createSeries(h, otherOrg, 'overall');
      const refused = await h.admin(
        'PATCH',
        `${ADMIN}/orgs/${org.slug}/event-series/${league.id}`,
        {
          standingSeriesId: foreignSeries,
        },
      );
      assertInvalid(refused, ['standingSeriesId']);
      assert.deepEqual((await h.inject({ method: 'GET', url })).json(), {
        standingSeries: null,
        table: null,
      });

      const linked = await h.admin('PATCH', `${ADMIN}/orgs/${org.slug}/event-series/${league.id}`, {
        standingSeriesId: seriesId,
      });
      assert.equal(linked.statusCode, 200, linked.body);

      const body = checkedStandings(await h.inject({ method: 'GET', url }));
      assert.deepEqual(body.standingSeries, {
        id: seriesId,
        name: 'Twilight Points',
        scope: 'season',
        seasons: [
          {
            id: s2026,
            name: '2026 Season',
            startDate: '2026-01-01',
            endDate: '2026-12-31',
            current: true,
          },
        ],
      });
      assert.ok(body.table !== null);
      assert.equal(body.table.seriesId, seriesId);
      assert.equal(body.table.seriesName, 'Twilight Points');
      assert.deepEqual(ranking(body.table.rows), [
        { name: 'Bob Young', rank: 1, tied: false, points: 10 },
        { name: 'Amy Zulu', rank: 2, tied: false, points: 6 },
      ]);
      assert.deepEqual(
        body,
        await standings(h, org.slug, seriesId),
        'same as the ordinary endpoint',
      );

      const shown = await h.inject({
        method: 'GET',
        url: `${PUBLIC}/orgs/${org.slug}/event-series/${league.slug}`,
      });
      assert.equal(shown.json<PublicLeague>().standingSeriesId, seriesId);

      const unlinked = await h.admin(
        'PATCH',
        `${ADMIN}/orgs/${org.slug}/event-series/${league.id}`,
        {
          standingSeriesId: null,
        },
      );
      assert.equal(unlinked.statusCode, 200, unlinked.body);
      assert.deepEqual((await h.inject({ method: 'GET', url })).json(), {
        standingSeries: null,
        table: null,
      });
    });

    void test('the league standings of a hidden or unknown league are 404', async () => {
      const h = harness();
      const org = await h.org();
      const seriesId = await createSeries(h, org, 'overall');
      const hidden = await h.league(org, { status: 'private', standingSeriesId: seriesId });
      const draft = await h.league(org, { status: 'draft' });
      for (const slug of [hidden.slug, draft.slug, 'no-such-league']) {
        assertPlainText(
          await h.inject({ method: 'GET', url: leagueStandingsUrl(org.slug, slug) }),
          404,
        );
      }
      assertPlainText(
        await h.inject({ method: 'GET', url: leagueStandingsUrl(unique('no-org'), hidden.slug) }),
        404,
      );
    });
  },
  NO_LIMITS,
);
