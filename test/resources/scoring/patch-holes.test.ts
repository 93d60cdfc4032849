import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createApiKey } from '../../../src/resources/api-keys/service.js';
import type { Leaderboards, StoredScoreCard } from '../../../src/resources/leaderboards/schema.js';
import type { Static } from 'typebox';
import {
  ADMIN,
  DEFAULT_NOW,
  PUBLIC,
  describeOnDatabases,
  type Harness,
} from '../../support/harness.js';
import {
  card,
  createNight,
  golferNamed,
  leagueNight,
  score,
  type NightSetup,
} from '../../support/score-cards.js';

/**
 * `PATCH …/scores/{userId}` sets or clears single holes of a card, numbered from 1
 * (decisions §23), through the same write as the whole card: the boards follow, errors name
 * holes from 1 in words, and patches of different holes sent at once all land.
 */

/** Regular-expression marks a text for people never shows. */
const REGEX_MARKS = /[\^$\\[\]]|\(\?:/;

type Card = Static<typeof StoredScoreCard>;

const cardPath = (night: NightSetup, userId: number, event: string | number = night.event.id) =>
  `${ADMIN}/orgs/${night.org.slug}/events/${String(event)}/scores/${userId}`;

async function boardHoles(h: Harness, night: NightSetup, firstName: string) {
  const response = await h.inject({
    url: `${PUBLIC}/orgs/${night.org.slug}/events/${night.event.slug}/leaderboard`,
  });
  assert.equal(response.statusCode, 200, response.body);
  const [individual] = response.json<Static<typeof Leaderboards>>().leaderboards;
  return individual?.rows.find((row) => row.name.startsWith(firstName))?.holes;
}

describeOnDatabases('patching single holes of a score card', (harness) => {
  const patch = (h: Harness, night: NightSetup, firstName: string, holes: unknown) =>
    h.admin('PATCH', cardPath(night, golferNamed(night, firstName).id), { holes });

  void test('sets and clears the holes named, keeps the others, and the board follows', async () => {
    const h = harness();
    const night = await leagueNight(h, { golfers: ['Al'] });
    const { leaderboardVersion: before } = await score(h, night, 'Al', card(4, 4, 3, 6, 4));
    const response = await patch(h, night, 'Al', { '4': 5, '5': null });
    assert.equal(response.statusCode, 200, response.body);
    const answer = response.json<Card>();
    assert.deepEqual(answer.holes, card(4, 4, 3, 5));
    assert.ok(answer.leaderboardVersion > before, 'the boards moved');
    assert.deepEqual(await boardHoles(h, night, 'Al'), card(4, 4, 3, 5));
  });

  void test('a golfer without a card gets one with only the named holes played', async () => {
    const h = harness();
    const night = await leagueNight(h, { golfers: ['Al'] });
    const response = await patch(h, night, 'Al', { '9': 4 });
    assert.equal(response.statusCode, 200, response.body);
    assert.deepEqual(response.json<Card>().holes, [...card().slice(1), 4]);
  });

  void test('holes outside the course and strokes out of range are 422s naming holes from 1', async () => {
    const h = harness();
    const night = await leagueNight(h, { golfers: ['Al'] });
    const cases: [unknown, Record<string, RegExp>][] = [
      [
        { '0': 4, '10': 4, x: 4, '04': 4 },
        {
          'holes.0': /numbered 1 to 9/,
          'holes.10': /numbered 1 to 9/,
          'holes.x': /numbered 1 to 9/,
          'holes.04': /numbered 1 to 9/,
        },
      ],
      [{ '3': 21 }, { 'holes.3': /whole number of strokes from 1 to 20, or null/ }],
      [{ '3': 0 }, { 'holes.3': /whole number of strokes from 1 to 20/ }],
      [{ '3': 4.5 }, { 'holes.3': /whole number of strokes/ }],
      [{ '3': '4' }, { 'holes.3': /whole number of strokes/ }],
      [{}, { holes: /at least one hole/ }],
      [[4, 4], { holes: /object/ }],
    ];
    for (const [holes, expected] of cases) {
      const response = await patch(h, night, 'Al', holes);
      assert.equal(response.statusCode, 422, `${JSON.stringify(holes)}: ${response.body}`);
      const { errors } = response.json<{ errors: Record<string, string> }>();
      assert.deepEqual(Object.keys(errors).sort(), Object.keys(expected).sort(), response.body);
      for (const [field, words] of Object.entries(expected)) {
        assert.match(errors[field] ?? '', words, field);
        assert.doesNotMatch(errors[field] ?? '', REGEX_MARKS, field);
      }
    }
    // Nothing was written.
    assert.deepEqual(await boardHoles(h, night, 'Al'), card());
  });

  void test('the rules of the whole card hold: a golfer in the field, a course set', async () => {
    const h = harness();
    const night = await leagueNight(h, { golfers: ['Al'] });
    const stranger = await h.user();
    const outside = await h.admin('PATCH', cardPath(night, stranger.id), { holes: { '1': 4 } });
    assert.equal(outside.statusCode, 409, outside.body);
    const bare = await createNight(h, night.org, night.league);
    const noCourse = await h.admin('PATCH', cardPath(night, golferNamed(night, 'Al').id, bare.id), {
      holes: { '1': 4 },
    });
    assert.equal(noCourse.statusCode, 409, noCourse.body);
  });

  void test('patches of different holes of one card sent at once all land', async () => {
    const h = harness();
    const night = await leagueNight(h, { golfers: ['Al'] });
    const strokes = [4, 5, 3, 6, 4, 5, 3, 6, 4];
    // Each of the nine holes in its own request, all at once: on PostgreSQL they run in
    // parallel transactions and meet at the event's row lock.
    const answers = await Promise.all(
      strokes.map((value, index) => patch(h, night, 'Al', { [String(index + 1)]: value })),
    );
    for (const answer of answers) assert.equal(answer.statusCode, 200, answer.body);
    assert.deepEqual(await boardHoles(h, night, 'Al'), strokes);
    const cleared = await Promise.all([
      patch(h, night, 'Al', { '1': null }),
      patch(h, night, 'Al', { '9': null }),
    ]);
    for (const answer of cleared) assert.equal(answer.statusCode, 200, answer.body);
    assert.deepEqual(await boardHoles(h, night, 'Al'), [null, ...strokes.slice(1, 8), null]);
  });

  void test('a scorer link patches its event’s cards, by the event’s id or slug, and no other', async () => {
    const h = harness();
    const night = await leagueNight(h, { golfers: ['Al'] });
    const other = await createNight(h, night.org, night.league);
    const { key } = await createApiKey(
      h.database.db,
      night.org.slug,
      { name: 'Scorer', role: 'scorer', eventId: night.event.id },
      DEFAULT_NOW,
    );
    const al = golferNamed(night, 'Al').id;
    const asScorer = (event: string | number, holes: Record<string, number>) =>
      h.inject({
        method: 'PATCH',
        url: cardPath(night, al, event),
        headers: { authorization: `Bearer ${key}` },
        payload: { holes },
      });
    assert.equal((await asScorer(night.event.slug, { '1': 4 })).statusCode, 200);
    const byId = await asScorer(night.event.id, { '2': 5 });
    assert.equal(byId.statusCode, 200, byId.body);
    assert.deepEqual(byId.json<Card>().holes, card(4, 5));
    for (const event of [other.slug, other.id]) {
      assert.equal((await asScorer(event, { '3': 3 })).statusCode, 404, String(event));
    }
  });
});
