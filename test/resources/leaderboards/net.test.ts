import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Static } from 'typebox';
import type { Event } from '../../../src/db/schema.js';
import { patchEvent } from '../../../src/resources/events/service.js';
import {
  getLeaderboards,
  putPlayingHandicaps,
  putScoreCard,
} from '../../../src/resources/leaderboards/service.js';
import type { Leaderboards } from '../../../src/resources/leaderboards/schema.js';
import { ADMIN, PUBLIC, describeOnDatabases, type Harness } from '../../support/harness.js';
import {
  NINE_PARS,
  card,
  createNight,
  fullCard,
  golferNamed,
  leagueNight,
  rejectsInvalid,
  score,
  type NightSetup,
} from '../../support/score-cards.js';
import { readOdds, winSum } from '../odds/support.js';

/** Hole 4 the hardest, then 8, 1, 6, 2, 9, 5, 7; hole 3 the easiest. */
const STROKE_INDEX = [3, 5, 9, 1, 7, 4, 8, 2, 6];

type Board = Static<typeof Leaderboards>['leaderboards'][number];

/** The cells of a net row a reader checks by hand. */
const netCells = (row: Board['rows'][number]) => [
  row.position,
  row.name,
  row.handicap,
  row.thru,
  row.total,
  row.toPar,
  row.holes,
];

async function boards(h: Harness, event: Event) {
  return (await getLeaderboards(h.database.db, event)).leaderboards;
}

async function boardNamed(h: Harness, event: Event, name: string): Promise<Board> {
  const found = (await boards(h, event)).find((board) => board.name === name);
  assert.ok(found !== undefined, `no ${name} board`);
  return found;
}

async function netNight(h: Harness, setup: NightSetup, strokeIndex: number[] | null) {
  const { event } = await patchEvent(h.database.db, setup.org.slug, setup.event.id, {
    netScoring: true,
    strokeIndex,
  });
  return event;
}

function setHandicaps(h: Harness, setup: NightSetup, byName: Record<string, number>) {
  return putPlayingHandicaps(h.database.db, {
    orgSlug: setup.org.slug,
    eventId: setup.event.id,
    handicaps: Object.fromEntries(
      Object.entries(byName).map(([name, strokes]) => [
        String(golferNamed(setup, name).id),
        strokes,
      ]),
    ),
  });
}

describeOnDatabases('net scoring: net boards, playing and league handicaps', (harness) => {
  void test('the net board after the individual one, every row worked out by hand', async () => {
    const h = harness();
    const night = await leagueNight(h, { golfers: ['Al', 'Bo', 'Cy', 'Di'] });
    const event = await netNight(h, night, STROKE_INDEX);
    // Al 4: a stroke on index 1–4 (holes 4, 8, 1, 6). Bo −1: one back on index 9 (hole 3).
    // Cy 12, more than the holes: one everywhere and a second on index 1–3 (holes 4, 8, 1).
    // Di has none set and no earlier cards: 0.
    await setHandicaps(h, night, { Al: 4, Bo: -1, Cy: 12 });
    await score(h, night, 'Al', [5, 5, 4, 6, 4, 4, 3, 5, 4]);
    await score(h, night, 'Bo', [3, 4, 2, 5, 4, 4, 3, 5, 4]);
    await score(h, night, 'Cy', [6, 6, 5, 7, 6, 5, 4, 7, 5]);
    await score(h, night, 'Di', card(4, 4, 3));

    const all = await boards(h, event);
    assert.deepEqual(
      all.map((board) => [board.name, board.scoring, board.par]),
      [
        ['Individual', 'stroke', 36],
        ['Net', 'net', 36],
      ],
    );
    const gross = await boardNamed(h, event, 'Individual');
    assert.deepEqual(
      gross.rows.map((row) => [row.position, row.name, row.toPar, row.handicap]),
      [
        ['1', 'Bo Golfer', -2, undefined],
        ['2', 'Di Golfer', 0, undefined],
        ['3', 'Al Golfer', 4, undefined],
        ['4', 'Cy Golfer', 15, undefined],
      ],
      'the gross board is untouched and carries no handicap',
    );
    const net = await boardNamed(h, event, 'Net');
    assert.deepEqual(net.rows.map(netCells), [
      ['1', 'Bo Golfer', -1, 9, 35, -1, [3, 4, 3, 5, 4, 4, 3, 5, 4]],
      ['2', 'Al Golfer', 4, 9, 36, 0, [4, 5, 4, 5, 4, 3, 3, 4, 4]],
      ['3', 'Di Golfer', 0, 3, 11, 0, [4, 4, 3, null, null, null, null, null, null]],
      ['4', 'Cy Golfer', 12, 9, 39, 3, [4, 5, 4, 5, 5, 4, 3, 5, 4]],
    ]);
  });

  void test('a team league’s net night scores its teams best net ball instead', async () => {
    const h = harness();
    const night = await leagueNight(h, { teams: { Eagles: ['Al', 'Bo'], Hawks: ['Cy', 'Di'] } });
    // No stroke index: holes are indexed in order. Al 9: one a hole; Di 18: two a hole.
    const event = await netNight(h, night, null);
    await setHandicaps(h, night, { Al: 9, Bo: 0, Cy: 0, Di: 18 });
    await score(h, night, 'Al', card(5, 5, 4));
    await score(h, night, 'Bo', card(4, 5, 3));
    await score(h, night, 'Cy', card(4, 4, 3));
    await score(h, night, 'Di', card(6, 5, 5));

    const all = await boards(h, event);
    assert.deepEqual(
      all.map((board) => [board.name, board.scoring]),
      [
        ['Individual', 'stroke'],
        ['Net', 'net'],
        ['Teams', 'best-net-ball'],
      ],
    );
    // Eagles: nets 4 4 3 (Al) and 4 5 3 (Bo) → 4 4 3, level. Hawks: 4 4 3 (Cy) and 4 3 3
    // (Di) → 4 3 3, one under. Gross best ball would put the Eagles (4 5 3) behind too,
    // but the Hawks only level (4 4 3): the net board must rank on net strokes.
    const teams = await boardNamed(h, event, 'Teams');
    assert.deepEqual(
      teams.rows.map((row) => [
        row.position,
        row.name,
        row.total,
        row.toPar,
        row.holes.slice(0, 3),
      ]),
      [
        ['1', 'Hawks', 10, -1, [4, 3, 3]],
        ['2', 'Eagles', 11, 0, [4, 4, 3]],
      ],
    );
    assert.ok(
      teams.rows.every((row) => row.handicap === undefined),
      'a team has no handicap',
    );
  });

  void test('without a playing handicap a golfer plays off the league handicap of earlier cards', async () => {
    const h = harness();
    const db = h.database.db;
    const night = await leagueNight(h, { golfers: ['Al', 'Bo'] });
    const al = golferNamed(night, 'Al');
    const round = async (startDate: string, holes: (number | null)[]) => {
      const earlier = await createNight(h, night.org, night.league, startDate);
      await patchEvent(db, night.org.slug, earlier.id, { pars: NINE_PARS });
      await putScoreCard(db, {
        orgSlug: night.org.slug,
        eventId: earlier.id,
        userId: al.id,
        holes,
      });
      return earlier;
    };
    // Differentials (adjusted strokes − 36) × 18 / 9 of Al's complete earlier cards:
    await round('2026-05-05T22:00:00Z', fullCard(5, 5, 4, 6, 5)); // 41: 10
    await round('2026-05-12T22:00:00Z', fullCard(5, 5, 4, 6, 5, 5, 4, 6, 5)); // 45: 18
    await round('2026-05-19T22:00:00Z', fullCard(9, 5, 4, 6, 5, 5)); // hole 1 counts 6: 43: 14
    await round('2026-05-26T22:00:00Z', card(4, 4)); // not complete: not counted
    await round('2026-06-02T22:00:00Z', fullCard(5, 5, 4, 6, 5, 5)); // 42: 12
    // After the night: it does not count, or its 0 would be the lowest.
    await round('2026-06-30T22:00:00Z', fullCard());
    // Four cards: the lowest one (10) less 1.0 = 9.0; × 9 / 18 = 4.5, rounded up: 5 strokes.
    const event = await netNight(h, night, null);
    await setHandicaps(h, night, { Bo: 2 });
    await score(h, night, 'Al', fullCard(5, 5, 4, 6, 5));
    await score(h, night, 'Bo', fullCard(5, 5));
    const net = await boardNamed(h, event, 'Net');
    assert.deepEqual(
      net.rows.map((row) => [row.name, row.handicap, row.total, row.toPar]),
      [
        ['Al Golfer', 5, 36, 0],
        ['Bo Golfer', 2, 36, 0],
      ],
    );

    // A new card on an earlier night, written there, reaches this night's board: a fifth
    // card, level par (0), is the lowest, with no adjustment: 0.0.
    const { version } = await getLeaderboards(db, event);
    await round('2026-06-09T22:00:00Z', fullCard());
    const rebuilt = await getLeaderboards(db, event);
    assert.ok(rebuilt.version > version, 'the night’s board was rebuilt');
    const after = rebuilt.leaderboards.find((board) => board.name === 'Net');
    assert.deepEqual(
      after?.rows.map((row) => [row.name, row.handicap, row.toPar]),
      [
        ['Bo Golfer', 2, 0],
        ['Al Golfer', 0, 5],
      ],
    );
  });

  void test('playing handicaps: set, read and refused in words through the admin API', async () => {
    const h = harness();
    const night = await leagueNight(h, { golfers: ['Al'] });
    const stranger = await h.user({ firstName: 'Zed' });
    const al = golferNamed(night, 'Al');
    const path = `${ADMIN}/orgs/${night.org.slug}/events/${night.event.id}/handicaps`;

    const outside = await h.admin('PUT', path, { [al.id]: 3, [stranger.id]: 5 });
    assert.equal(outside.statusCode, 422, outside.body);
    assert.deepEqual(outside.json<{ errors: Record<string, string> }>().errors, {
      [stranger.id]: 'names no golfer of this event’s field',
    });
    const tooMany = await h.admin('PUT', path, { [al.id]: 55 });
    assert.equal(tooMany.statusCode, 422, tooMany.body);
    assert.match(tooMany.body, /54/);
    const notAnId = await h.admin('PUT', path, { al: 3 });
    assert.equal(notAnId.statusCode, 422, notAnId.body);
    assert.match(notAnId.body, /is not a golfer’s user id/);

    const set = await h.admin('PUT', path, { [al.id]: -10 });
    assert.equal(set.statusCode, 200, set.body);
    assert.deepEqual(set.json<{ handicaps: unknown }>().handicaps, { [al.id]: -10 });
    const read = await h.admin('GET', path);
    assert.deepEqual(read.json(), { handicaps: { [al.id]: -10 } });
    const cleared = await h.admin('PUT', path, {});
    assert.equal(cleared.statusCode, 200, cleared.body);
    assert.deepEqual((await h.admin('GET', path)).json(), { handicaps: {} });

    const otherOrg = await h.org();
    const elsewhere = await h.admin(
      'GET',
      `${ADMIN}/orgs/${otherOrg.slug}/events/${night.event.id}/handicaps`,
    );
    assert.equal(elsewhere.statusCode, 404);
  });

  void test('a stroke index ranks each hole once, and needs the course', async () => {
    const h = harness();
    const db = h.database.db;
    const night = await leagueNight(h, { golfers: ['Al'] });
    const patch = (body: object) =>
      h.admin('PATCH', `${ADMIN}/orgs/${night.org.slug}/events/${night.event.id}`, body);
    const twice = await patch({ strokeIndex: [1, 2, 3, 4, 5, 6, 7, 8, 8] });
    assert.equal(twice.statusCode, 422, twice.body);
    assert.deepEqual(twice.json<{ errors: Record<string, string> }>().errors, {
      'strokeIndex.9': 'hole 9 must have a rank from 1 to 9 that no other hole has',
    });
    const short = await patch({ strokeIndex: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] });
    assert.equal(short.statusCode, 422, short.body);
    assert.deepEqual(short.json<{ errors: Record<string, string> }>().errors, {
      strokeIndex: 'must rank each hole of the course once: 9 numbers',
    });
    const set = await patch({ strokeIndex: STROKE_INDEX, netScoring: true });
    assert.equal(set.statusCode, 200, set.body);
    assert.deepEqual(
      [
        set.json<{ strokeIndex: unknown }>().strokeIndex,
        set.json<{ netScoring: unknown }>().netScoring,
      ],
      [STROKE_INDEX, true],
    );
    // Eighteen holes need eighteen ranks: the nine-hole index no longer fits.
    await rejectsInvalid(
      patchEvent(db, night.org.slug, night.event.id, { pars: [...NINE_PARS, ...NINE_PARS] }),
      { strokeIndex: /18 numbers/ },
    );
    const cleared = await patchEvent(db, night.org.slug, night.event.id, { pars: null });
    assert.equal(cleared.event.stroke_index, null, 'a course cleared takes its index with it');
    await rejectsInvalid(
      patchEvent(db, night.org.slug, night.event.id, { strokeIndex: STROKE_INDEX }),
      { strokeIndex: /pars/ },
    );
  });

  void test('the public board, and odds that follow the net board', async () => {
    const h = harness();
    const night = await leagueNight(h, { golfers: ['Al', 'Bo'] });
    await netNight(h, night, STROKE_INDEX);
    await setHandicaps(h, night, { Al: 0, Bo: 9 });
    // Gross, Al wins by 5; net, Bo's 9 strokes put him 4 ahead.
    await score(h, night, 'Al', fullCard(5));
    await score(h, night, 'Bo', fullCard(5, 5, 4, 6, 5, 5));
    const read = await h.inject({
      method: 'GET',
      url: `${PUBLIC}/orgs/${night.org.slug}/events/${night.event.slug}/leaderboard`,
    });
    assert.equal(read.statusCode, 200, read.body);
    // What the stored boards keep beside the rows for the odds never leaves the server.
    assert.doesNotMatch(read.body, /userId|teamId|competitor|received|"field"|"kind"/);
    const net = read.json<Static<typeof Leaderboards>>().leaderboards[1];
    assert.deepEqual(
      net?.rows.map((row) => [row.position, row.name, row.handicap, row.toPar]),
      [
        ['1', 'Bo Golfer', 9, -3],
        ['2', 'Al Golfer', 0, 1],
      ],
    );

    const final = await readOdds(h, night);
    assert.deepEqual(
      final.odds.boards.map((board) => [board.scoring, board.phase, board.rows[0]?.name]),
      [
        ['stroke', 'final', 'Al Golfer'],
        ['net', 'final', 'Bo Golfer'],
      ],
    );
    // Live: Al has a hole to play; Bo, 4 ahead net, is the favourite of the net board only.
    await score(h, night, 'Al', [...fullCard(5).slice(0, 8), null]);
    const live = await readOdds(h, night);
    const gross = live.odds.boards[0];
    const netOdds = live.odds.boards[1];
    assert.ok(gross !== undefined && netOdds !== undefined);
    assert.equal(netOdds.phase, 'live');
    assert.ok(Math.abs(winSum(netOdds) - 1) < 0.001);
    assert.equal(gross.rows[0]?.name, 'Al Golfer');
    const favourite = netOdds.rows[0];
    assert.ok(favourite !== undefined);
    assert.equal(favourite.name, 'Bo Golfer');
    assert.ok(favourite.win > 0.9, JSON.stringify(netOdds.rows));
  });
});
