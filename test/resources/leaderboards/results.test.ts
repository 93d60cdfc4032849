import assert from 'node:assert/strict';
import { test } from 'node:test';
import { CourseNotSetError } from '../../../src/domain/course.js';
import { postLeaderboardResults } from '../../../src/resources/leaderboards/service.js';
import {
  createSeason,
  createSeries,
  getStandings,
} from '../../../src/resources/standings/service.js';
import { DEFAULT_NOW, describeOnDatabases, type Harness } from '../../support/harness.js';
import {
  card,
  fullCard,
  leagueNight,
  rejectsInvalid,
  rejectsWith,
  score,
  type NightSetup,
} from '../../support/score-cards.js';

describeOnDatabases('league nights: results from the leaderboard into standings', (harness) => {
  async function overallSeries(h: Harness, night: NightSetup): Promise<number> {
    return (await createSeries(h.database.db, night.org.slug, { name: 'Points', scope: 'overall' }))
      .id;
  }

  async function table(h: Harness, night: NightSetup, seriesId: number) {
    const standings = await getStandings(h.database.db, {
      orgSlug: night.org.slug,
      seriesId,
      now: DEFAULT_NOW,
    });
    return standings.rows.map((row) => [row.rank, row.tied, row.name, row.points, row.events]);
  }

  const post = (
    h: Harness,
    night: NightSetup,
    seriesId: number,
    points: number[],
    extra: { board?: string; seasonId?: number } = {},
  ) =>
    postLeaderboardResults(h.database.db, {
      orgSlug: night.org.slug,
      eventId: night.event.id,
      seriesId,
      points,
      ...extra,
    });

  void test('places take their points; ties share the average; partial cards get nothing', async () => {
    const h = harness();
    const night = await leagueNight(h, { golfers: ['Al', 'Bo', 'Cy', 'Di', 'Ed', 'Fi'] });
    await score(h, night, 'Al', fullCard(3)); // -1
    await score(h, night, 'Bo', fullCard()); // E
    await score(h, night, 'Cy', fullCard()); // E
    await score(h, night, 'Di', fullCard(5)); // +1
    await score(h, night, 'Ed', card(2, 2, 2)); // leads, but thru 3
    const seriesId = await overallSeries(h, night);
    const posted = await post(h, night, seriesId, [100, 80, 65, 50]);
    assert.deepEqual(
      posted.results.map((result) => [result.competitor.name, result.position, result.points]),
      [
        ['Al Golfer', 1, 100],
        ['Bo Golfer', 2, 72.5],
        ['Cy Golfer', 2, 72.5],
        ['Di Golfer', 4, 50],
      ],
    );
    assert.deepEqual(await table(h, night, seriesId), [
      [1, false, 'Al Golfer', 100, 1],
      [2, true, 'Bo Golfer', 72.5, 1],
      [2, true, 'Cy Golfer', 72.5, 1],
      [4, false, 'Di Golfer', 50, 1],
    ]);
  });

  void test('re-posting replaces the event’s results', async () => {
    const h = harness();
    const night = await leagueNight(h, { golfers: ['Al', 'Bo'] });
    await score(h, night, 'Al', fullCard(3));
    await score(h, night, 'Bo', card(4));
    const seriesId = await overallSeries(h, night);
    await post(h, night, seriesId, [10, 5]);
    assert.deepEqual(await table(h, night, seriesId), [[1, false, 'Al Golfer', 10, 1]]);
    // Bo finishes ahead; the second post takes the place of the first.
    await score(h, night, 'Bo', fullCard(2, 3));
    await post(h, night, seriesId, [20, 12]);
    assert.deepEqual(await table(h, night, seriesId), [
      [1, false, 'Bo Golfer', 20, 1],
      [2, false, 'Al Golfer', 12, 1],
    ]);
  });

  void test('a team league night posts its team board unless told otherwise', async () => {
    const h = harness();
    const night = await leagueNight(h, { teams: { Eagles: ['Al', 'Bo'], Hawks: ['Cy', 'Di'] } });
    await score(h, night, 'Al', fullCard(5, 3)); // Eagles best ball: 4, 3 → -1
    await score(h, night, 'Bo', fullCard(4, 5));
    await score(h, night, 'Cy', fullCard()); // Hawks: E
    const teamsSeries = await overallSeries(h, night);
    const teams = await post(h, night, teamsSeries, [30, 20]);
    assert.deepEqual(
      teams.results.map((result) => [result.competitor.name, result.position, result.points]),
      [
        ['Eagles', 1, 30],
        ['Hawks', 2, 20],
      ],
    );
    const golfersSeries = await overallSeries(h, night);
    await post(h, night, golfersSeries, [3, 2, 1], { board: 'individual' });
    assert.deepEqual(await table(h, night, golfersSeries), [
      [1, true, 'Al Golfer', 2.5, 1],
      [1, true, 'Cy Golfer', 2.5, 1],
      [3, false, 'Bo Golfer', 1, 1],
    ]);
  });

  void test('a season series files the results under the season of the event’s date', async () => {
    const h = harness();
    const db = h.database.db;
    const night = await leagueNight(h, { golfers: ['Al'] });
    await score(h, night, 'Al', fullCard());
    const series = await createSeries(db, night.org.slug, { name: 'Season race', scope: 'season' });
    const season = await createSeason(db, {
      orgSlug: night.org.slug,
      seriesId: series.id,
      name: '2026',
      startDate: '2026-01-01',
      endDate: '2026-12-31',
    });
    const posted = await post(h, night, series.id, [10]);
    assert.equal(posted.seasonId, season.id);
  });

  void test('bad requests: no pars 409, unknown series, board or points 422', async () => {
    const h = harness();
    const night = await leagueNight(h, { golfers: ['Al'] });
    const seriesId = await overallSeries(h, night);
    await rejectsInvalid(post(h, night, seriesId, []), { points: /at least one/ });
    await rejectsInvalid(post(h, night, seriesId, [10, Number.NaN]), { 'points.1': /number/ });
    await rejectsInvalid(post(h, night, 2_000_000_000, [10]), { seriesId: /no standings series/ });
    await rejectsInvalid(post(h, night, seriesId, [10], { board: 'team' }), {
      board: /no team board/,
    });
    await rejectsInvalid(post(h, night, seriesId, [10], { board: 'net' }), {
      board: /no net board: it is not scored net/,
    });
    await rejectsInvalid(post(h, night, seriesId, [10], { board: 'pairs' }), {
      board: /individual, net, team/,
    });
    const unscored = await leagueNight(h, { golfers: ['Bo'], pars: null });
    const error = await rejectsWith(post(h, unscored, await overallSeries(h, unscored), [10]), 409);
    assert.ok(error instanceof CourseNotSetError);
    await rejectsWith(
      postLeaderboardResults(h.database.db, {
        orgSlug: unscored.org.slug,
        eventId: night.event.id,
        seriesId,
        points: [10],
      }),
      404,
    );
  });
});
