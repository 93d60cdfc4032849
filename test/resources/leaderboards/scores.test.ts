import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Event } from '../../../src/db/schema.js';
import { CourseNotSetError } from '../../../src/domain/course.js';
import { ConflictError } from '../../../src/domain/errors.js';
import {
  addEventEntry,
  patchEvent,
  type CourseInput,
} from '../../../src/resources/events/service.js';
import {
  getLeaderboards,
  putScoreCard,
  removeScoreCard,
} from '../../../src/resources/leaderboards/service.js';
import { withdrawRegistration } from '../../../src/resources/registrations/service.js';
import { putTeeSheet } from '../../../src/resources/tee-sheets/service.js';
import { describeOnDatabases, type Harness } from '../../support/harness.js';
import { rowCells } from '../../support/leaderboard-rows.js';
import {
  NINE_PARS,
  card,
  createNight,
  golferNamed,
  leagueNight,
  rejectsInvalid,
  rejectsWith,
  score,
} from '../../support/score-cards.js';

const EIGHTEEN_PARS = [...NINE_PARS, ...NINE_PARS];

describeOnDatabases('league nights: course, score cards and leaderboards', (harness) => {
  async function board(h: Harness, event: Event, index = 0) {
    const { leaderboards } = await getLeaderboards(h.database.db, event);
    const found = leaderboards[index];
    assert.ok(found !== undefined, `board ${index}`);
    return found;
  }

  void test('course name and pars are set, changed and cleared', async () => {
    const h = harness();
    const db = h.database.db;
    const night = await leagueNight(h, { golfers: ['Al'], pars: null });
    const setCourse = (course: CourseInput) =>
      patchEvent(db, night.org.slug, night.event.id, course);
    const set = await setCourse({ courseName: 'Pine Hills', pars: EIGHTEEN_PARS });
    assert.equal(set.event.course_name, 'Pine Hills');
    assert.deepEqual(set.event.pars, EIGHTEEN_PARS);
    assert.equal((await getLeaderboards(db, set.event)).version, 1);
    const renamed = await setCourse({ courseName: 'Pine Hills East' });
    assert.deepEqual(renamed.event.pars, EIGHTEEN_PARS, 'absent pars are left as they are');
    assert.equal(
      (await getLeaderboards(db, renamed.event)).version,
      1,
      'a name alone does not touch the board',
    );
    const cleared = await setCourse({ courseName: null, pars: null });
    assert.deepEqual([cleared.event.course_name, cleared.event.pars], [null, null]);
    const { version, leaderboards } = await getLeaderboards(db, cleared.event);
    assert.equal(version, 2);
    assert.deepEqual(leaderboards, [
      { name: 'Individual', scoring: 'stroke', par: null, rows: [] },
    ]);
  });

  void test('pars are 9 or 18 of 3 to 6: 422 naming the field', async () => {
    const h = harness();
    const db = h.database.db;
    const night = await leagueNight(h, { golfers: ['Al'], pars: null });
    const setPars = (pars: number[]) => patchEvent(db, night.org.slug, night.event.id, { pars });
    await rejectsInvalid(setPars(NINE_PARS.slice(1)), {
      pars: /9 or 18/,
    });
    await rejectsInvalid(setPars([...NINE_PARS.slice(0, 8), 7]), {
      'pars.9': /hole 9/,
    });
  });

  void test('scores need pars first: 409 with its own error class', async () => {
    const h = harness();
    const night = await leagueNight(h, { golfers: ['Al'], pars: null });
    const error = await rejectsWith(score(h, night, 'Al', card(4)), 409);
    assert.ok(error instanceof CourseNotSetError);
  });

  void test('a card has one entry per hole, strokes 1 to 20 or null: 422 naming the hole', async () => {
    const h = harness();
    const night = await leagueNight(h, { golfers: ['Al'] });
    await rejectsInvalid(score(h, night, 'Al', [4, 4]), {
      holes: /one entry per hole of the course: 9/,
    });
    await rejectsInvalid(score(h, night, 'Al', card(4, 21)), { 'holes.2': /hole 2/ });
    await rejectsInvalid(score(h, night, 'Al', card(0)), { 'holes.1': /hole 1/ });
    assert.equal((await getLeaderboards(h.database.db, night.event)).version, 1, 'nothing written');
  });

  void test('a golfer outside the field gets no card: 409', async () => {
    const h = harness();
    const db = h.database.db;
    const night = await leagueNight(h, { golfers: ['Al', 'Bo'] });
    const stranger = await h.user();
    const at = { orgSlug: night.org.slug, eventId: night.event.id };
    const error = await rejectsWith(
      putScoreCard(db, { ...at, userId: stranger.id, holes: card(4) }),
      409,
    );
    assert.ok(error instanceof ConflictError);
    await withdrawRegistration(db, {
      orgSlug: night.org.slug,
      leagueId: night.league.id,
      userId: golferNamed(night, 'Bo').id,
    });
    await rejectsWith(score(h, night, 'Bo', card(4)), 409);
  });

  void test('the board orders by strokes to par, holes played, name, with T2, T2, 4', async () => {
    const h = harness();
    const night = await leagueNight(h, { golfers: ['Dan', 'Cat', 'Bea', 'Abe', 'Eve', 'Fay'] });
    await score(h, night, 'Dan', card(5, 5, 4)); // +3 thru 3
    await score(h, night, 'Cat', card(4, 5, 3)); // +1 thru 3
    await score(h, night, 'Bea', card(5, 4, 3)); // +1 thru 3
    await score(h, night, 'Abe', card(3, 4, 3)); // -1 thru 3
    await score(h, night, 'Eve', card(5)); // +1 thru 1
    const individual = await board(h, night.event);
    assert.equal(individual.par, 36);
    assert.deepEqual(
      individual.rows.map((row) => [
        row.position,
        row.rank,
        row.tied,
        row.name,
        row.thru,
        row.total,
        row.toPar,
      ]),
      [
        ['1', 1, false, 'Abe Golfer', 3, 10, -1],
        ['T2', 2, true, 'Bea Golfer', 3, 12, 1],
        ['T2', 2, true, 'Cat Golfer', 3, 12, 1],
        ['4', 4, false, 'Eve Golfer', 1, 5, 1],
        ['5', 5, false, 'Dan Golfer', 3, 14, 3],
        [null, null, false, 'Fay Golfer', 0, 0, 0],
      ],
    );
    assert.deepEqual(individual.rows[0]?.holes, card(3, 4, 3));
    assert.deepEqual(individual.rows[5]?.holes, card(), 'no card: every hole null');
  });

  void test('a team league night adds a best-ball board: per hole the lowest of the team', async () => {
    const h = harness();
    const night = await leagueNight(h, {
      teams: { Eagles: ['Al', 'Bo'], Hawks: ['Cy', 'Di'], Owls: ['Ed'] },
    });
    await score(h, night, 'Al', card(5, 3, null, 6));
    await score(h, night, 'Bo', card(4, 5, 4));
    await score(h, night, 'Cy', card(4, 4, 3, 5));
    const { leaderboards } = await getLeaderboards(h.database.db, night.event);
    assert.deepEqual(
      leaderboards.map((one) => [one.name, one.scoring, one.par]),
      [
        ['Individual', 'stroke', 36],
        ['Teams', 'best-ball', 36],
      ],
    );
    assert.deepEqual(
      leaderboards[0]?.rows.map((row) => [row.name, row.teamName]),
      [
        ['Cy Golfer', 'Hawks'],
        ['Al Golfer', 'Eagles'],
        ['Bo Golfer', 'Eagles'],
        ['Di Golfer', 'Hawks'],
        ['Ed Golfer', 'Owls'],
      ],
    );
    assert.deepEqual(leaderboards[1]?.rows.map(rowCells), [
      ['1', 'Hawks', 'Hawks', card(4, 4, 3, 5), 4, 16, 0],
      ['2', 'Eagles', 'Eagles', card(4, 3, 4, 6), 4, 17, 1],
      [null, 'Owls', 'Owls', card(), 0, 0, 0],
    ]);
  });

  void test('every score write moves the version and the stored board', async () => {
    const h = harness();
    const db = h.database.db;
    const night = await leagueNight(h, { golfers: ['Al', 'Bo'] });
    const versions = [(await getLeaderboards(db, night.event)).version];
    const track = async (write: Promise<{ leaderboardVersion: number }>) => {
      const { leaderboardVersion } = await write;
      const read = await getLeaderboards(db, night.event);
      assert.equal(read.version, leaderboardVersion, 'the read sees the version the write made');
      versions.push(read.version);
      return read.leaderboards[0]?.rows.map((row) => [row.name, row.thru]);
    };
    assert.deepEqual(await track(score(h, night, 'Al', card(4))), [
      ['Al Golfer', 1],
      ['Bo Golfer', 0],
    ]);
    assert.deepEqual(await track(score(h, night, 'Bo', card(3, 4))), [
      ['Bo Golfer', 2],
      ['Al Golfer', 1],
    ]);
    // The same card again still moves the version: every write does.
    await track(score(h, night, 'Bo', card(3, 4)));
    const at = { orgSlug: night.org.slug, eventId: night.event.id };
    assert.deepEqual(
      await track(removeScoreCard(db, { ...at, userId: golferNamed(night, 'Bo').id })),
      [
        ['Al Golfer', 1],
        ['Bo Golfer', 0],
      ],
    );
    assert.deepEqual(versions, [1, 2, 3, 4, 5]);
    await rejectsWith(removeScoreCard(db, { ...at, userId: golferNamed(night, 'Bo').id }), 404);
    await patchEvent(db, at.orgSlug, at.eventId, { pars: [3, 4, 3, 5, 4, 4, 3, 5, 4] });
    assert.equal((await getLeaderboards(db, night.event)).version, 6);
    assert.equal((await board(h, night.event)).rows[0]?.toPar, 1, 'rescored with the new par');
  });

  void test('cards written at the same time all reach the board, each moving the version', async () => {
    const h = harness();
    const names = ['Al', 'Bo', 'Cy', 'Di', 'Ed', 'Fi'];
    const night = await leagueNight(h, { golfers: names });
    const writes = await Promise.all(names.map((name) => score(h, night, name, card(4))));
    assert.deepEqual(
      writes.map((write) => write.leaderboardVersion).sort((a, b) => a - b),
      [2, 3, 4, 5, 6, 7],
    );
    const read = await getLeaderboards(h.database.db, night.event);
    assert.equal(read.version, 7);
    assert.deepEqual(
      read.leaderboards[0]?.rows.map((row) => [row.position, row.thru]),
      names.map(() => ['T1', 1]),
    );
  });

  void test('the hole count cannot change under cards or a tee sheet: 409', async () => {
    const h = harness();
    const db = h.database.db;
    const night = await leagueNight(h, { golfers: ['Al'], pars: EIGHTEEN_PARS });
    const at = { orgSlug: night.org.slug, eventId: night.event.id };
    await putTeeSheet(db, {
      ...at,
      sheet: {
        format: 'shotgun',
        groups: [{ startingHole: 14, userIds: [golferNamed(night, 'Al').id] }],
      },
    });
    const setPars = (pars: number[] | null) => patchEvent(db, at.orgSlug, at.eventId, { pars });
    await rejectsWith(setPars(NINE_PARS), 409);
    await score(h, night, 'Al', [...card(4), ...card()]);
    await rejectsWith(setPars(null), 409);
    await rejectsWith(setPars(NINE_PARS), 409);
    // Same number of holes: fine.
    const same = await setPars(EIGHTEEN_PARS.map(() => 4));
    assert.equal(same.event.pars?.length, 18);
  });

  void test('a board before any write: version 0, rows from the field when there are pars', async () => {
    const h = harness();
    const db = h.database.db;
    const org = await h.org();
    const league = await h.league(org, { entrySize: 2 });
    const al = await h.user({ firstName: 'Al', lastName: 'Golfer' });
    await h.register(org, league, { userId: al.id, teamName: 'Eagles' });
    const event = await createNight(h, org, league);
    assert.deepEqual(await getLeaderboards(db, event), {
      version: 0,
      leaderboards: [
        { name: 'Individual', scoring: 'stroke', par: null, rows: [] },
        { name: 'Teams', scoring: 'best-ball', par: null, rows: [] },
      ],
    });
  });

  void test('a registration reaches the boards of the league nights that are scored', async () => {
    const h = harness();
    const db = h.database.db;
    const night = await leagueNight(h, { golfers: ['Al'] });
    const unscored = await createNight(h, night.org, night.league);
    const before = await getLeaderboards(db, night.event);
    const bo = await h.user({ firstName: 'Bo', lastName: 'Golfer' });
    await h.register(night.org, night.league, { userId: bo.id });
    const after = await getLeaderboards(db, night.event);
    assert.equal(after.version, before.version + 1);
    assert.deepEqual(
      after.leaderboards[0]?.rows.map((row) => row.name),
      ['Al Golfer', 'Bo Golfer'],
    );
    assert.equal((await getLeaderboards(db, unscored)).version, 0, 'no course: nothing stored');
  });

  void test('an event of its own: its entries are on the board', async () => {
    const h = harness();
    const db = h.database.db;
    const org = await h.org();
    const event = await createNight(h, org, null);
    const al = await h.user({ firstName: 'Al', lastName: 'Golfer' });
    await addEventEntry(db, {
      orgSlug: org.slug,
      eventId: event.id,
      userId: al.id,
      teamName: 'Pair',
    });
    const at = { orgSlug: org.slug, eventId: event.id };
    const { event: scored } = await patchEvent(db, org.slug, event.id, { pars: NINE_PARS });
    await putScoreCard(db, { ...at, userId: al.id, holes: card(3) });
    const { leaderboards } = await getLeaderboards(db, scored);
    assert.equal(leaderboards.length, 1, 'no team board outside a team league');
    assert.deepEqual(
      leaderboards[0]?.rows.map((row) => [row.position, row.name, row.teamName, row.toPar]),
      [['1', 'Al Golfer', 'Pair', -1]],
    );
  });
});
