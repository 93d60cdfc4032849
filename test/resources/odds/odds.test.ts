import assert from 'node:assert/strict';
import { test } from 'node:test';
import { sql, type Kysely } from 'kysely';
import { up as markStoredBoards } from '../../../src/db/migrations/017-stored-board-competitors.js';
import { patchEvent, createEvent } from '../../../src/resources/events/service.js';
import { keptLeaderboards, putScoreCard } from '../../../src/resources/leaderboards/service.js';
import { writeTransaction } from '../../../src/resources/transaction.js';
import type { Static } from 'typebox';
import type { Leaderboards } from '../../../src/resources/leaderboards/schema.js';
import { StatementCounter } from '../../../src/db/statement-count.js';
import { presentOdds } from '../../../src/resources/odds/presenter.js';
import { OddsCache } from '../../../src/resources/odds/service.js';
import { SimulationPool } from '../../../src/resources/odds/simulation-pool.js';
import type { OddsBoardInput } from '../../../src/domain/odds.js';
import { ADMIN, PUBLIC, describeOnDatabases, unique } from '../../support/harness.js';
import {
  NINE_PARS,
  card,
  createNight,
  fullCard,
  golferNamed,
  leagueNight,
  score,
} from '../../support/score-cards.js';
import { oddsPath, readOdds, winSum } from './support.js';

/** A pool that counts the boards it is asked to simulate. */
class CountingPool extends SimulationPool {
  simulated = 0;
  override simulate(input: OddsBoardInput) {
    this.simulated += 1;
    return super.simulate(input);
  }
}

describeOnDatabases('live odds of an event', (harness) => {
  void test('the boards of the leaderboard, in its order, each win column summing to 1', async () => {
    const h = harness();
    const night = await leagueNight(h, { teams: { Eagles: ['Al', 'Bo'], Hawks: ['Cy', 'Di'] } });
    await score(h, night, 'Al', card(3, 4, 3));
    await score(h, night, 'Cy', card(5, 5));
    const board = await h.inject({
      method: 'GET',
      url: `${PUBLIC}/orgs/${night.org.slug}/events/${night.event.slug}/leaderboard`,
    });
    const leaderboards = board.json<Static<typeof Leaderboards>>();
    const { odds } = await readOdds(h, night);
    assert.deepEqual(
      odds.boards.map((b) => [b.name, b.scoring, b.version]),
      leaderboards.leaderboards.map((b) => [b.name, b.scoring, leaderboards.version]),
    );
    for (const b of odds.boards) {
      assert.equal(b.phase, 'live');
      assert.equal(b.simulations, 10_000);
      assert.ok(Math.abs(winSum(b) - 1) <= 0.001, `${b.name} sums to ${winSum(b)}`);
      const wins = b.rows.map((row) => row.win);
      assert.deepEqual(
        wins,
        wins.toSorted((x, y) => y - x),
        'ordered by win',
      );
    }
    const al = odds.boards[0]?.rows.find((row) => row.name.startsWith('Al '));
    assert.deepEqual(
      { position: al?.position, toPar: al?.toPar, thru: al?.thru },
      { position: '1', toPar: -1, thru: 3 },
    );
    assert.equal(al?.odds.decimal, Math.round((1 / (al?.win ?? 1)) * 100) / 100);
  });

  void test('a golfer with past nights gets basis "history"; one with none "field"', async () => {
    const h = harness();
    const night = await leagueNight(h, { golfers: ['Al', 'Bo'] });
    const earlier = await createNight(h, night.org, night.league, '2026-06-09T22:00:00Z');
    await patchEvent(h.database.db, night.org.slug, earlier.id, { pars: NINE_PARS });
    await putScoreCard(h.database.db, {
      orgSlug: night.org.slug,
      eventId: earlier.id,
      userId: golferNamed(night, 'Al').id,
      holes: fullCard(5, 5, 4),
    });
    await score(h, night, 'Al', card(4));
    const { odds } = await readOdds(h, night);
    assert.deepEqual(
      (odds.boards[0]?.rows ?? []).map((row) => [row.name.split(' ')[0], row.basis]).toSorted(),
      [
        ['Al', 'history'],
        ['Bo', 'field'],
      ],
    );
  });

  void test('a team board takes each team’s best ball', async () => {
    const h = harness();
    const night = await leagueNight(h, { teams: { Eagles: ['Al', 'Bo'], Hawks: ['Cy', 'Di'] } });
    // Eagles: Al birdies all 8 holes, Bo is far over: best ball −8. Hawks level par.
    await score(h, night, 'Al', card(3, 3, 2, 4, 3, 3, 2, 4));
    await score(h, night, 'Bo', card(9, 9, 9, 9, 9, 9, 9, 9));
    await score(h, night, 'Cy', card(...NINE_PARS.slice(0, 8)));
    await score(h, night, 'Di', card(...NINE_PARS.slice(0, 8)));
    const { odds } = await readOdds(h, night);
    const teams = odds.boards.find((b) => b.scoring === 'best-ball');
    const leader = teams?.rows[0];
    assert.ok(leader !== undefined);
    assert.ok(leader.name === 'Eagles' && leader.win > 0.99, JSON.stringify(teams?.rows));
  });

  void test('a final board is exact: tied winners share the win, nothing is simulated', async () => {
    const h = harness();
    const night = await leagueNight(h, { golfers: ['Al', 'Bo', 'Cy'] });
    await score(h, night, 'Al', fullCard(3));
    await score(h, night, 'Bo', fullCard(3));
    await score(h, night, 'Cy', fullCard(5));
    const { odds } = await readOdds(h, night);
    const board = odds.boards[0];
    assert.ok(board !== undefined);
    assert.deepEqual([board.phase, board.simulations], ['final', 0]);
    assert.deepEqual(
      board.rows.map((row) => [row.name.split(' ')[0], row.win, row.top3, row.odds]),
      [
        ['Al', 0.5, 1, { decimal: 2, american: '+100' }],
        ['Bo', 0.5, 1, { decimal: 2, american: '+100' }],
        ['Cy', 0, 1, { decimal: null, american: null }],
      ],
    );
  });

  void test('an event without pars has boards without rows', async () => {
    const h = harness();
    const night = await leagueNight(h, { golfers: ['Al'], pars: null });
    const { odds } = await readOdds(h, night);
    assert.deepEqual(
      odds.boards.map((b) => [b.name, b.phase, b.rows]),
      [['Individual', 'pre', []]],
    );
  });

  void test('hidden and unknown events are 404 on both endpoints', async () => {
    const h = harness();
    const org = await h.org();
    const { event: hidden } = await createEvent(h.database.db, org.slug, {
      slug: unique('draft'),
      title: 'Draft Night',
      eventType: 'league-night',
      status: 'draft',
      startDate: '2026-06-16T22:00:00Z',
      eventSeriesId: null,
    });
    for (const event of [hidden, { slug: 'no-such-night' }]) {
      for (const suffix of ['', '/stream']) {
        const response = await h.inject({
          method: 'GET',
          url: `${oddsPath({ org, event: event as typeof hidden })}${suffix}`,
        });
        assert.equal(response.statusCode, 404, `${event.slug}${suffix}: ${response.body}`);
      }
    }
    const unknownOrg = await h.inject({
      method: 'GET',
      url: `${PUBLIC}/orgs/no-such-org/events/x/odds`,
    });
    assert.equal(unknownOrg.statusCode, 404);
  });

  void test('an org that switches odds off answers 404 on both endpoints, until it switches them on', async () => {
    const h = harness();
    const night = await leagueNight(h, { golfers: ['Al', 'Bo'] });
    await score(h, night, 'Al', card(4));
    const set = async (oddsEnabled: boolean) => {
      const response = await h.admin('PATCH', `${ADMIN}/orgs/${night.org.slug}`, { oddsEnabled });
      assert.equal(response.statusCode, 200, response.body);
      assert.equal(response.json<{ oddsEnabled: boolean }>().oddsEnabled, oddsEnabled);
    };
    await set(false);
    for (const suffix of ['', '/stream']) {
      const response = await h.inject({ method: 'GET', url: `${oddsPath(night)}${suffix}` });
      assert.equal(response.statusCode, 404, `odds${suffix} with odds off`);
    }
    await set(true);
    await readOdds(h, night);
  });

  void test('PATCH of an org changes its name and time zone, and refuses a time zone that is none', async () => {
    const h = harness();
    const org = await h.org();
    const renamed = await h.admin('PATCH', `${ADMIN}/orgs/${org.slug}`, {
      name: 'Renamed Club',
      timezone: 'Europe/Oslo',
    });
    assert.equal(renamed.statusCode, 200, renamed.body);
    assert.deepEqual(renamed.json(), {
      id: org.id,
      slug: org.slug,
      name: 'Renamed Club',
      timezone: 'Europe/Oslo',
      oddsEnabled: true,
      newsletterConsentText: null,
      newsletterConsentDefault:
        'I agree to receive the Renamed Club newsletter by e-mail. I can unsubscribe at any time.',
    });
    const wrong = await h.admin('PATCH', `${ADMIN}/orgs/${org.slug}`, { timezone: 'Mars/Base' });
    assert.equal(wrong.statusCode, 422, wrong.body);
    const empty = await h.admin('PATCH', `${ADMIN}/orgs/${org.slug}`, {});
    assert.equal(empty.statusCode, 422, empty.body);
  });

  void test('a board version is simulated once, however many read it at once', async () => {
    const h = harness();
    const night = await leagueNight(h, { golfers: ['Al', 'Bo', 'Cy'] });
    await score(h, night, 'Al', card(4, 4));
    const pool = new CountingPool(1);
    const cache = new OddsCache(2_000, pool);
    try {
      const reads = await Promise.all(
        Array.from({ length: 8 }, () => cache.odds(h.database.db, night.event)),
      );
      assert.equal(pool.simulated, 1, 'one board, one simulation');
      assert.ok(
        reads.every((read) => read === reads[0]),
        'every reader got the same answer',
      );
      await score(h, night, 'Bo', card(5));
      await cache.odds(h.database.db, night.event);
      assert.equal(pool.simulated, 2, 'a new version is simulated once more');
      assert.deepEqual(
        (await cache.history(night.event.id)).map((odds) => odds.version),
        [reads[0]?.version, (reads[0]?.version ?? 0) + 1],
      );
    } finally {
      await cache.close();
    }
  });

  void test('a read asks for the boards’ version only; a new version reads the stored boards, never scores them', async () => {
    const h = harness();
    const night = await leagueNight(h, { teams: { Eagles: ['Al', 'Bo'], Hawks: ['Cy', 'Di'] } });
    await score(h, night, 'Al', card(4, 4));
    const counter = new StatementCounter();
    const db = h.database.db.withPlugin(counter);
    const cache = new OddsCache(1_000, new SimulationPool(1));
    const statementsOf = async () => {
      const before = counter.read().statements;
      const odds = await cache.odds(db, night.event);
      return { odds, statements: counter.read().statements - before };
    };
    try {
      const first = await statementsOf();
      // The version, the stored boards, the org's cards the model learns from.
      assert.equal(first.statements, 3);
      const again = await statementsOf();
      assert.equal(again.odds, first.odds, 'the odds computed for the version');
      assert.equal(again.statements, 1, 'one statement: the boards’ version');
      await score(h, night, 'Cy', card(5));
      const next = await statementsOf();
      assert.equal(next.odds.version, first.odds.version + 1);
      assert.equal(next.statements, 3);
    } finally {
      await cache.close();
    }
  });

  void test('a version’s odds are presented once, however many read them (the widget, every chart point)', async () => {
    const h = harness();
    const night = await leagueNight(h, { golfers: ['Al', 'Bo'] });
    await score(h, night, 'Al', card(4));
    const cache = new OddsCache(1_000, new SimulationPool(1));
    try {
      const presented = presentOdds(await cache.odds(h.database.db, night.event));
      assert.equal(presentOdds(await cache.odds(h.database.db, night.event)), presented);
      const [history] = await cache.history(night.event.id);
      assert.ok(history !== undefined);
      assert.equal(presentOdds(history), presented);
    } finally {
      await cache.close();
    }
  });

  void test('boards stored before they kept whom their rows score for are rebuilt (migration 017), then have odds', async () => {
    const h = harness();
    const night = await leagueNight(h, { golfers: ['Al', 'Bo'] });
    await score(h, night, 'Al', card(4));
    const db = h.database.db;
    // As an earlier version stored them: the public rows only.
    await sql`
      update event_leaderboards
      set board = json_build_object('leaderboards', (
        select json_agg(old.board::jsonb - 'kind' - 'competitors' - 'received' order by old.n)
        from json_array_elements(event_leaderboards.board -> 'leaderboards')
          with ordinality as old (board, n)
      ))
      where event_id = ${night.event.id}
    `.execute(db);
    const before = await keptLeaderboards(db, night.event);
    assert.equal(before.boards.leaderboards[0]?.competitors, undefined);
    await markStoredBoards(db as unknown as Kysely<unknown>);
    // What the app does at start-up with what is marked.
    await writeTransaction(db, async () => undefined);
    const after = await keptLeaderboards(db, night.event);
    assert.equal(after.version, before.version + 1);
    assert.equal(after.boards.leaderboards[0]?.competitors.length, 2);
    const { odds } = await readOdds(h, night);
    assert.equal(odds.boards[0]?.rows[0]?.name, 'Al Golfer');
  });
});
