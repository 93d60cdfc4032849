import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { StoredResults } from '../../../src/resources/standings/schema.js';
import { assertInvalid, assertPlainText } from '../../support/assertions.js';
import { at } from '../../support/clock.js';
import { ADMIN, NO_LIMITS, describeOnDatabases } from '../../support/harness.js';
import {
  competitor,
  completedEvent,
  createSeason,
  createSeries,
  golfers,
  postResults,
  ranking,
  resultsResponse,
  rowOf,
  rows,
  seasonResponse,
  standings,
  yearSeason,
  type Result,
} from '../../support/standings.js';

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
      const event2025 = await completedEvent(h, org, '2025-06-10T23:00:00Z');
      const event2026 = await completedEvent(h, org, '2026-06-09T23:00:00Z');
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
      const event = await completedEvent(h, org, '2027-01-01T02:00:00Z');

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
      const event = await completedEvent(h, org, '2028-02-01T18:00:00Z');
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
      const event = await completedEvent(h, org, '2026-06-02T23:00:00Z');

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
      const event = await completedEvent(h, org, '2026-06-02T23:00:00Z');
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
      const foreignEvent = await completedEvent(h, otherOrg, '2026-06-02T23:00:00Z');
      const foreignLeague = await h.league(otherOrg, { entrySize: 2 });
      const foreignTeam = await h.register(otherOrg, foreignLeague, {
        userId: amy.id,
        teamName: 'Visitors',
      });
      assert.ok(foreignTeam.teamId !== null);
      const event = await completedEvent(h, org, '2026-06-09T23:00:00Z');

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
      const week1 = await completedEvent(h, org, '2026-06-02T23:00:00Z', { title: 'Week 1' });
      const week2 = await completedEvent(h, org, '2026-06-09T23:00:00Z', { title: 'Week 2' });
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
      const event = await completedEvent(h, org, '2026-01-10T18:00:00Z');
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
