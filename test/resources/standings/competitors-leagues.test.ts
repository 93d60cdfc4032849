import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { PublicLeague } from '../../../src/resources/leagues/schema.js';
import type { CompetitorStandings as Competitor } from '../../../src/resources/standings/schema.js';
import { PLAIN_TEXT, assertInvalid, assertPlainText } from '../../support/assertions.js';
import { ADMIN, NO_LIMITS, PUBLIC, describeOnDatabases, unique } from '../../support/harness.js';
import {
  checkedStandings,
  competitor,
  competitorResponse,
  competitorUrl,
  completedEvent,
  createSeries,
  golfers,
  postResults,
  ranking,
  rowOf,
  rows,
  standings,
  standingsResponse,
  standingsUrl,
  yearSeason,
} from '../../support/standings.js';

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
      const opener2025 = await completedEvent(h, org, '2025-06-03T23:00:00Z', {
        title: 'Opener 2025',
      });
      const spring = await completedEvent(h, org, '2026-05-05T23:00:00Z', {
        title: 'Spring Opener',
      });
      // 20:00 on New Year's Eve in Chicago: dated 2026-12-31 and in the 2026 season.
      const finale = await completedEvent(h, org, '2027-01-01T02:00:00Z', { title: 'NYE Finale' });
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
      const event = await completedEvent(h, org, '2026-06-02T23:00:00Z');
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
      const event = await completedEvent(h, org, '2026-06-09T23:00:00Z', {
        eventSeriesId: league.id,
      });
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
