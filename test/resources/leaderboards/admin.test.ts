import type { LightMyRequestResponse } from 'fastify';
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Static } from 'typebox';
import type { Org } from '../../../src/db/schema.js';
import type { AdminEvent } from '../../../src/resources/events/schema.js';
import type { Leaderboards, StoredScoreCard } from '../../../src/resources/leaderboards/schema.js';
import type { StoredResults } from '../../../src/resources/standings/schema.js';
import { createSeries } from '../../../src/resources/standings/service.js';
import type { AdminTeeSheet } from '../../../src/resources/tee-sheets/schema.js';
import { assertInvalid, assertPlainText } from '../../support/assertions.js';
import { ADMIN, NO_LIMITS, PUBLIC, describeOnDatabases, unique } from '../../support/harness.js';
import type { Harness } from '../../support/harness.js';
import {
  NINE_PARS,
  card,
  createNight,
  fullCard,
  golferNamed,
  leagueNight,
  type NightSetup,
} from '../../support/score-cards.js';

/** The admin routes of league nights (decisions §12): validation, conflicts, unknowns. */

const EIGHTEEN_PARS = [...NINE_PARS, ...NINE_PARS];

function assertErrors(response: LightMyRequestResponse, fields: Record<string, RegExp>) {
  const errors = assertInvalid(response, Object.keys(fields));
  for (const [field, pattern] of Object.entries(fields)) assert.match(errors[field] ?? '', pattern);
}

const eventUrl = (org: Org, id: number) => `${ADMIN}/orgs/${org.slug}/events/${id}`;
const nightUrl = (night: NightSetup) => eventUrl(night.org, night.event.id);

async function boards(h: Harness, night: NightSetup) {
  const response = await h.inject({
    method: 'GET',
    url: `${PUBLIC}/orgs/${night.org.slug}/events/${night.event.slug}/leaderboard`,
  });
  assert.equal(response.statusCode, 200, response.body);
  return response.json<Static<typeof Leaderboards>>();
}

const names = (board: Static<typeof Leaderboards>, index = 0) =>
  board.leaderboards[index]?.rows.map((row) => row.name);

async function newEvent(h: Harness, org: Org, fields: Record<string, unknown> = {}) {
  return h.admin('POST', `${ADMIN}/orgs/${org.slug}/events`, {
    slug: unique('night'),
    title: 'League Night',
    eventType: 'league-night',
    status: 'published',
    startDate: '2026-06-16T22:30:00Z',
    ...fields,
  });
}

describeOnDatabases(
  'league nights: admin routes',
  (harness) => {
    void test('course and pars are set with the event, answered with it, and public as courseListSummary', async () => {
      const h = harness();
      const org = await h.org();
      const created = await newEvent(h, org, { courseName: 'Cedar Ridge', pars: NINE_PARS });
      assert.equal(created.statusCode, 201, created.body);
      const event = created.json<Static<typeof AdminEvent>>();
      assert.equal(event.courseName, 'Cedar Ridge');
      assert.deepEqual(event.pars, NINE_PARS);

      const renamed = await h.admin('PATCH', eventUrl(org, event.id), { courseName: 'Oak Hill' });
      assert.equal(renamed.statusCode, 200, renamed.body);
      assert.deepEqual(renamed.json<Static<typeof AdminEvent>>().pars, NINE_PARS, 'pars kept');
      const detail = await h.inject({ url: `${PUBLIC}/orgs/${org.slug}/events/${event.slug}` });
      assert.equal(
        detail.json<{ courseListSummary: string | null }>().courseListSummary,
        'Oak Hill',
      );
      const list = await h.inject({ url: `${PUBLIC}/orgs/${org.slug}/events` });
      const item = list
        .json<{ events: { slug: string; courseListSummary: string | null }[] }>()
        .events.find((candidate) => candidate.slug === event.slug);
      assert.equal(item?.courseListSummary, 'Oak Hill');

      const cleared = await h.admin('PATCH', eventUrl(org, event.id), {
        courseName: null,
        pars: null,
      });
      assert.equal(cleared.statusCode, 200, cleared.body);
      const after = cleared.json<Static<typeof AdminEvent>>();
      assert.deepEqual([after.courseName, after.pars], [null, null]);
      const plain = await newEvent(h, org);
      assert.deepEqual(
        [
          plain.json<Static<typeof AdminEvent>>().courseName,
          plain.json<Static<typeof AdminEvent>>().pars,
        ],
        [null, null],
      );
    });

    void test('a bad course is 422 naming the field, and the event is not created', async () => {
      const h = harness();
      const org = await h.org();
      const cases: [Record<string, unknown>, Record<string, RegExp>][] = [
        [{ pars: NINE_PARS.slice(0, 8) }, { pars: /9 or 18|at least 9 entries/ }],
        [{ pars: [...NINE_PARS, 4, 4, 4] }, { pars: /9 or 18/ }],
        [{ pars: [...NINE_PARS, ...NINE_PARS, 4] }, { pars: /at most 18 entries/ }],
        [{ pars: [4, 4, 7, 5, 4, 4, 3, 5, 4] }, { 'pars.3': /<= 6/ }],
        [{ pars: [4, 4, 3, 5, 2, 4, 3, 5, 4] }, { 'pars.5': />= 3/ }],
        [{ pars: ['4', 4, 3, 5, 4, 4, 3, 5, 4] }, { 'pars.1': /integer/ }],
        [{ pars: 'par 36' }, { pars: /array/ }],
        [{ courseName: '' }, { courseName: /at least 1 character long/ }],
        [{ courseName: 'x'.repeat(201) }, { courseName: /at most 200 characters long/ }],
      ];
      for (const [fields, errors] of cases) {
        const slug = unique('bad-course');
        assertErrors(await newEvent(h, org, { slug, ...fields }), errors);
        const detail = await h.inject({ url: `${PUBLIC}/orgs/${org.slug}/events/${slug}` });
        assert.equal(detail.statusCode, 404, `${JSON.stringify(fields)} created nothing`);
      }
    });

    void test('pars cannot change their number of holes once cards exist (409), and nothing else of that patch is applied', async () => {
      const h = harness();
      const night = await leagueNight(h, { golfers: ['Al'] });
      const scored = await h.admin(
        'PUT',
        `${nightUrl(night)}/scores/${golferNamed(night, 'Al').id}`,
        {
          holes: card(4),
        },
      );
      assert.equal(scored.statusCode, 200, scored.body);
      for (const pars of [EIGHTEEN_PARS, null]) {
        const response = await h.admin('PATCH', nightUrl(night), { title: 'Renamed', pars });
        assertPlainText(response, 409);
        assert.match(response.body, /score cards/);
      }
      const detail = await h.inject({
        url: `${PUBLIC}/orgs/${night.org.slug}/events/${night.event.slug}`,
      });
      assert.equal(
        detail.json<{ title: string }>().title,
        'League Night',
        'the title is unchanged',
      );
      const samePars = await h.admin('PATCH', nightUrl(night), {
        pars: [5, 4, 3, 5, 4, 4, 3, 5, 4],
      });
      assert.equal(samePars.statusCode, 200, 'nine other pars are fine');
      assert.equal((await boards(h, night)).leaderboards[0]?.rows[0]?.toPar, -1, 'rescored');
    });

    void test('PUT tee-sheet stores a sheet of the field and answers it by user id', async () => {
      const h = harness();
      const night = await leagueNight(h, { teams: { Eagles: ['Al', 'Bo'], Hawks: ['Cy', 'Di'] } });
      const [al, bo, cy, di] = ['Al', 'Bo', 'Cy', 'Di'].map((name) => golferNamed(night, name).id);
      const response = await h.admin('PUT', `${nightUrl(night)}/tee-sheet`, {
        format: 'tee-times',
        groups: [
          { startTime: '17:30', startingHole: 1, userIds: [al, bo] },
          { startTime: '2026-06-16T22:40:00Z', userIds: [cy, di] },
        ],
      });
      assert.equal(response.statusCode, 200, response.body);
      assert.deepEqual(response.json<Static<typeof AdminTeeSheet>>(), {
        format: 'tee-times',
        groups: [
          { startTime: '2026-06-16T17:30:00-05:00', startingHole: 1, userIds: [al, bo] },
          { startTime: '2026-06-16T17:40:00-05:00', startingHole: null, userIds: [cy, di] },
        ],
      });
    });

    void test('a tee sheet that breaks the field is 422 naming the group; unknown events are 404', async () => {
      const h = harness();
      const night = await leagueNight(h, { teams: { Eagles: ['Al', 'Bo'], Hawks: ['Cy', 'Di'] } });
      const [al, bo, cy] = ['Al', 'Bo', 'Cy'].map((name) => golferNamed(night, name).id);
      const outsider = await h.user();
      const url = `${nightUrl(night)}/tee-sheet`;
      const put = (body: unknown) => h.admin('PUT', url, body);
      assertErrors(await put({ format: 'tee-times', groups: [{ userIds: [outsider.id] }] }), {
        'groups.0.userIds': /not in the event's field/,
      });
      assertErrors(
        await put({ format: 'shotgun', groups: [{ userIds: [al, bo] }, { userIds: [al] }] }),
        { 'groups.1.userIds': /already in groups\.0/ },
      );
      assertErrors(
        await put({ format: 'shotgun', groups: [{ userIds: [al] }, { userIds: [bo] }] }),
        {
          'groups.1.userIds': /one group/,
        },
      );
      assertErrors(await put({ format: 'crossover', groups: [] }), {
        format: /tee-times, shotgun/,
      });
      assertErrors(
        await put({ format: 'shotgun', groups: [{ userIds: [cy], startingHole: 10 }] }),
        {
          'groups.0.startingHole': /1 to 9/,
        },
      );
      assertErrors(
        await put({ format: 'shotgun', groups: [{ userIds: [cy], startTime: '25:00' }] }),
        {
          'groups.0.startTime': /HH:MM/,
        },
      );
      assertErrors(await put({ format: 'shotgun', groups: [], extra: true }), {
        extra: /not allowed/,
      });

      const otherOrg = await h.org();
      const foreign = await createNight(h, otherOrg, null);
      for (const target of [
        `${eventUrl(night.org, 999999)}/tee-sheet`,
        `${eventUrl(night.org, foreign.id)}/tee-sheet`,
      ]) {
        assertPlainText(await h.admin('PUT', target, { format: 'shotgun', groups: [] }), 404);
        assertPlainText(await h.admin('DELETE', target), 404);
      }
    });

    void test('generate builds the sheet from the field; bad settings are 422; DELETE removes it, then 404', async () => {
      const h = harness();
      const night = await leagueNight(h, { teams: { Eagles: ['Al', 'Bo'], Hawks: ['Cy', 'Di'] } });
      const url = `${nightUrl(night)}/tee-sheet`;
      const generated = await h.admin('POST', `${url}/generate`, {
        format: 'shotgun',
        firstStart: '17:30',
        groupSize: 2,
      });
      assert.equal(generated.statusCode, 200, generated.body);
      const sheet = generated.json<Static<typeof AdminTeeSheet>>();
      assert.deepEqual(
        sheet.groups.map((group) => [group.startingHole, group.userIds.length]),
        [
          [1, 2],
          [2, 2],
        ],
      );
      const generate = (body: Record<string, unknown>) =>
        h.admin('POST', `${url}/generate`, { format: 'tee-times', firstStart: '17:30', ...body });
      assertErrors(await generate({ groupSize: 1, intervalMinutes: 10 }), {
        groupSize: /at least 2: a team plays in one group/,
      });
      assertErrors(await generate({ groupSize: 0, intervalMinutes: 10 }), { groupSize: />= 1/ });
      assertErrors(await generate({ groupSize: 4 }), { intervalMinutes: /1 to 60/ });
      assertErrors(await generate({ groupSize: 4, intervalMinutes: 10, firstStart: 'dusk' }), {
        firstStart: /HH:MM/,
      });
      assertErrors(await h.admin('POST', `${url}/generate`, { format: 'shotgun' }), {
        firstStart: /required/,
        groupSize: /required/,
      });

      const deleted = await h.admin('DELETE', url);
      assert.equal(deleted.statusCode, 204);
      assert.equal(deleted.body, '');
      assertPlainText(await h.admin('DELETE', url), 404);
    });

    void test('PUT scores writes a card and answers the new board version; DELETE removes it, then 404', async () => {
      const h = harness();
      const night = await leagueNight(h, { golfers: ['Al', 'Bo'] });
      const al = golferNamed(night, 'Al');
      const url = `${nightUrl(night)}/scores/${al.id}`;
      const before = (await boards(h, night)).version;
      const written = await h.admin('PUT', url, { holes: card(3, 4, null, 5) });
      assert.equal(written.statusCode, 200, written.body);
      assert.deepEqual(written.json<Static<typeof StoredScoreCard>>(), {
        userId: al.id,
        holes: card(3, 4, null, 5),
        leaderboardVersion: before + 1,
      });
      const board = await boards(h, night);
      assert.equal(board.version, before + 1);
      assert.deepEqual(board.leaderboards[0]?.rows[0], {
        position: '1',
        rank: 1,
        tied: false,
        name: 'Al Golfer',
        teamName: null,
        thru: 3,
        total: 12,
        toPar: -1,
        holes: card(3, 4, null, 5),
      });

      const deleted = await h.admin('DELETE', url);
      assert.equal(deleted.statusCode, 204);
      assert.equal((await boards(h, night)).version, before + 2);
      assertPlainText(await h.admin('DELETE', url), 404);
    });

    void test('a card is 422 when it does not fit the course, 409 without pars or for a golfer outside the field, 404 for an unknown event', async () => {
      const h = harness();
      const night = await leagueNight(h, { golfers: ['Al'] });
      const al = golferNamed(night, 'Al');
      const put = (holes: unknown, userId = al.id, base = nightUrl(night)) =>
        h.admin('PUT', `${base}/scores/${userId}`, { holes });
      assertErrors(await put(card(4).slice(0, 8)), {
        holes: /one entry per hole of the course: 9/,
      });
      assertErrors(await put(fullCard().concat(fullCard())), { holes: /9/ });
      assertErrors(await put(card(4, 21)), { 'holes.2': /<= 20/ });
      assertErrors(await put(card(0)), { 'holes.1': />= 1/ });
      assertErrors(await put(card(4.5)), { 'holes.1': /integer/ });
      assertErrors(await put(['4', ...card().slice(1)]), { 'holes.1': /integer/ });
      assertErrors(await h.admin('PUT', `${nightUrl(night)}/scores/${al.id}`, {}), {
        holes: /required/,
      });

      const outsider = await h.user();
      const notInField = await put(card(4), outsider.id);
      assertPlainText(notInField, 409);
      assert.match(notInField.body, /not in the event’s field/);

      const bare = await leagueNight(h, { golfers: ['Bo'], pars: null });
      const noPars = await put(card(4), golferNamed(bare, 'Bo').id, nightUrl(bare));
      assertPlainText(noPars, 409);
      assert.match(noPars.body, /no pars/);

      assertPlainText(await put(card(4), al.id, eventUrl(night.org, 999999)), 404);
      const foreign = await leagueNight(h, { golfers: ['Cy'] });
      assertPlainText(await put(card(4), al.id, eventUrl(night.org, foreign.event.id)), 404);
      const unauthorized = await h.inject({
        method: 'PUT',
        url: `${nightUrl(night)}/scores/${al.id}`,
        payload: { holes: card(4) },
      });
      assertPlainText(unauthorized, 401);
    });

    void test('results from the board go into standings; bad requests are 422, 409 or 404', async () => {
      const h = harness();
      const night = await leagueNight(h, { golfers: ['Al', 'Bo', 'Cy'] });
      const series = await createSeries(h.database.db, night.org.slug, {
        name: unique('Points'),
        scope: 'overall',
      });
      const id = (name: string) => golferNamed(night, name).id;
      for (const [name, holes] of [
        ['Al', fullCard(3)],
        ['Bo', fullCard(3)],
        ['Cy', card(4)],
      ] as const) {
        const response = await h.admin('PUT', `${nightUrl(night)}/scores/${id(name)}`, { holes });
        assert.equal(response.statusCode, 200, response.body);
      }
      const url = `${nightUrl(night)}/results/from-leaderboard`;
      const posted = await h.admin('POST', url, { seriesId: series.id, points: [10, 6, 4] });
      assert.equal(posted.statusCode, 200, posted.body);
      const results = posted.json<Static<typeof StoredResults>>().results;
      assert.deepEqual(
        results.map((result) => [result.name, result.position, result.points]),
        [
          ['Al Golfer', 1, 8],
          ['Bo Golfer', 1, 8],
        ],
        'tied on a full card, sharing places 1 and 2; an unfinished card gets nothing',
      );

      assertErrors(await h.admin('POST', url, { seriesId: 999999, points: [10] }), {
        seriesId: /names no standings series/,
      });
      assertErrors(
        await h.admin('POST', url, { seriesId: series.id, board: 'team', points: [10] }),
        {
          board: /no team board/,
        },
      );
      assertErrors(
        await h.admin('POST', url, { seriesId: series.id, board: 'pairs', points: [10] }),
        {
          board: /individual|team/,
        },
      );
      assertErrors(await h.admin('POST', url, { seriesId: series.id, points: [] }), {
        points: /at least 1 entry/,
      });
      assertErrors(await h.admin('POST', url, { points: [10] }), { seriesId: /required/ });

      const bare = await leagueNight(h, { golfers: ['Di'], pars: null });
      const noPars = await h.admin('POST', `${nightUrl(bare)}/results/from-leaderboard`, {
        seriesId: series.id,
        points: [10],
      });
      assertPlainText(noPars, 409);
      assertPlainText(
        await h.admin('POST', `${eventUrl(night.org, 999999)}/results/from-leaderboard`, {
          seriesId: series.id,
          points: [10],
        }),
        404,
      );
    });

    void test('every change of the field through the admin API reaches the stored boards', async () => {
      const h = harness();
      const night = await leagueNight(h, { teams: { Eagles: ['Al', 'Bo'], Hawks: ['Cy', 'Di'] } });
      const league = `${ADMIN}/orgs/${night.org.slug}/event-series/${night.league.id}`;
      const versions = [(await boards(h, night)).version];
      const step = async () => {
        const board = await boards(h, night);
        versions.push(board.version);
        return board;
      };

      const ed = await h.user({ firstName: 'Ed', lastName: 'Golfer' });
      const joined = await h.admin('POST', `${league}/registrations`, {
        userId: ed.id,
        teamName: 'Owls',
      });
      assert.equal(joined.statusCode, 201, joined.body);
      let board = await step();
      assert.ok(names(board)?.includes('Ed Golfer'), 'a registration joins the boards');
      assert.ok(names(board, 1)?.includes('Owls'), 'and its team joins the team board');

      assert.equal((await h.admin('DELETE', `${league}/registrations/${ed.id}`)).statusCode, 204);
      board = await step();
      assert.ok(!names(board)?.includes('Ed Golfer'), 'a withdrawal leaves the boards');

      const hawks = night.teams.get('Hawks');
      assert.equal((await h.admin('DELETE', `${league}/teams/${hawks}`)).statusCode, 204);
      board = await step();
      assert.deepEqual(names(board, 1), ['Eagles'], 'a deleted team leaves the team board');
      assert.ok(!names(board)?.includes('Cy Golfer'));

      const unlinked = await h.admin('PATCH', nightUrl(night), { eventSeriesId: null });
      assert.equal(unlinked.statusCode, 200, unlinked.body);
      board = await step();
      assert.deepEqual(
        board.leaderboards.map((candidate) => candidate.name),
        ['Individual'],
      );
      assert.deepEqual(names(board), [], 'no league, no entries: an empty field');

      const entered = await h.admin('POST', `${nightUrl(night)}/entries`, {
        userId: golferNamed(night, 'Al').id,
      });
      assert.equal(entered.statusCode, 201, entered.body);
      board = await step();
      assert.deepEqual(names(board), ['Al Golfer'], 'an entry of the event joins its board');
      const left = await h.admin(
        'DELETE',
        `${nightUrl(night)}/entries/${golferNamed(night, 'Al').id}`,
      );
      assert.equal(left.statusCode, 204);
      board = await step();
      assert.deepEqual(names(board), []);

      const relinked = await h.admin('PATCH', nightUrl(night), { eventSeriesId: night.league.id });
      assert.equal(relinked.statusCode, 200, relinked.body);
      board = await step();
      assert.deepEqual(
        board.leaderboards.map((candidate) => candidate.name),
        ['Individual', 'Teams'],
      );
      for (const [index, version] of versions.slice(1).entries()) {
        assert.ok(
          version > (versions[index] ?? 0),
          `every change moved the version: ${versions.join(', ')}`,
        );
      }
    });
  },
  NO_LIMITS,
);
