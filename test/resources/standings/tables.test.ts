import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { CompetitorStandings as Competitor } from '../../../src/resources/standings/schema.js';
import { at } from '../../support/clock.js';
import { NO_LIMITS, describeOnDatabases } from '../../support/harness.js';
import {
  checkedStandings,
  competitor,
  competitorResponse,
  completedEvent,
  createSeries,
  golfers,
  postResults,
  ranking,
  rowOf,
  rows,
  standings,
  standingsResponse,
  yearSeason,
} from '../../support/standings.js';

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
      const week1 = await completedEvent(h, org, '2026-06-02T23:00:00Z');
      const week2 = await completedEvent(h, org, '2026-06-09T23:00:00Z');
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
      const event = await completedEvent(h, org, '2026-06-02T23:00:00Z');
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
      const week1 = await completedEvent(h, org, '2026-06-02T23:00:00Z');
      const week2 = await completedEvent(h, org, '2026-06-09T23:00:00Z');
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
      const event2025 = await completedEvent(h, org, '2025-06-10T23:00:00Z');
      const event2026 = await completedEvent(h, org, '2026-06-09T23:00:00Z');
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
      const event = await completedEvent(h, org, '2026-06-02T23:00:00Z');
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
