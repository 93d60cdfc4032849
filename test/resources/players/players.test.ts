import assert from 'node:assert/strict';
import { test } from 'node:test';
import { sql } from 'kysely';
import type { Static } from 'typebox';
import type { Leaderboards } from '../../../src/resources/leaderboards/schema.js';
import { describeOnDatabases, PUBLIC, unique } from '../../support/harness.js';
import { eventually } from '../../support/eventually.js';
import { fullCard } from '../../support/score-cards.js';
import { createSeries, postResults } from '../../support/standings.js';
import { setLeagueStatus } from '../../support/teams.js';
import {
  club,
  listPlayers,
  player,
  playerResponse,
  setPublicProfile,
} from '../../support/players.js';

describeOnDatabases('players: profiles, handicaps, search, hiding', (harness) => {
  void test('every number of a profile is the one worked out by hand from the cards', async () => {
    const h = harness();
    const c = await club(h);
    const series = await createSeries(h, c.org, 'overall', 'Points Race');
    await postResults(h, c.org, series, {
      eventId: c.nights[0]?.id ?? 0,
      results: [
        { userId: c.jose.id, position: 1, points: 10 },
        { userId: c.sam.id, position: 2, points: 6 },
      ],
    });

    const profile = await player(h, c.org, 'jose-nunez');
    // Differentials, ×18/9 = ×2: night 1 (36 − 36) × 2 = 0; night 2 the 9 counts as
    // par + 2 = 6, adjusted 38: (38 − 36) × 2 = 4; night 3 (35 − 36) × 2 = −2.
    // Three cards: the lowest one, −2, minus 2.0 = −4.0.
    assert.deepEqual(profile, {
      slug: 'jose-nunez',
      name: 'José Núñez',
      leagues: [{ slug: c.leagueSlug, name: 'Tuesday League', teamName: null }],
      handicap: { value: -4, rounds: 3, provisional: true },
      recentResults: [
        {
          event: {
            slug: c.nights[2]?.slug,
            title: 'Week 3',
            startDate: '2026-06-03T22:00:00.000Z',
          },
          // Sam's card of two holes is not complete: José is alone.
          position: '1',
          holes: 9,
          strokes: 35,
          toPar: -1,
        },
        {
          event: {
            slug: c.nights[1]?.slug,
            title: 'Week 2',
            startDate: '2026-06-02T22:00:00.000Z',
          },
          position: '2',
          holes: 9,
          strokes: 41,
          toPar: 5,
        },
        {
          event: {
            slug: c.nights[0]?.slug,
            title: 'Week 1',
            startDate: '2026-06-01T22:00:00.000Z',
          },
          // José and the second Sam both 36.
          position: 'T1',
          holes: 9,
          strokes: 36,
          toPar: 0,
        },
      ],
      standings: [{ seriesId: series, seriesName: 'Points Race', rank: 1, points: 10 }],
    });
    const sam = await player(h, c.org, 'sam-snead');
    assert.equal(sam.handicap, null, 'two complete cards: no handicap');
    assert.deepEqual(
      sam.recentResults.map((result) => [result.position, result.strokes, result.toPar]),
      [
        ['1', 36, 0],
        ['3', 37, 1],
      ],
    );
    assert.deepEqual(sam.standings, [
      { seriesId: series, seriesName: 'Points Race', rank: 2, points: 6 },
    ]);
    assert.equal((await player(h, c.org, 'sam-snead-2')).name, 'Sam Snead');
  });

  void test('the list is by name; search matches name words in any case and without accents', async () => {
    const h = harness();
    const c = await club(h);
    const all = await listPlayers(h, c.org);
    assert.deepEqual(all, {
      count: 3,
      players: [
        { slug: 'jose-nunez', name: 'José Núñez', handicap: -4 },
        { slug: 'sam-snead', name: 'Sam Snead', handicap: null },
        { slug: 'sam-snead-2', name: 'Sam Snead', handicap: null },
      ],
    });
    const slugs = async (query: string) =>
      (await listPlayers(h, c.org, query)).players.map((found) => found.slug);
    assert.deepEqual(await slugs('?search=jose'), ['jose-nunez']);
    assert.deepEqual(await slugs('?search=NUNEZ'), ['jose-nunez']);
    assert.deepEqual(await slugs('?search=n%C3%BA%C3%B1'), ['jose-nunez'], 'núñ, accented');
    assert.deepEqual(await slugs('?search=sn%20sa'), ['sam-snead', 'sam-snead-2']);
    assert.deepEqual(await slugs('?search=am'), [], 'words match from their start');
    assert.deepEqual(await slugs('?search=%25'), [], 'no word: nothing');
    assert.deepEqual(await slugs('?search=j%25_'), ['jose-nunez'], 'wildcards are no letters');
    const page = await listPlayers(h, c.org, '?search=sam&limit=1&offset=1');
    assert.deepEqual(page, {
      count: 2,
      players: [{ slug: 'sam-snead-2', name: 'Sam Snead', handicap: null }],
    });
    const unknown = await h.inject({ url: `${PUBLIC}/orgs/${unique('nowhere')}/players` });
    assert.equal(unknown.statusCode, 404);
  });

  void test('a slug is kept when the golfer is renamed; a new golfer never takes it', async () => {
    const h = harness();
    const c = await club(h);
    const renamed = await h.admin('PATCH', `/admin/v1/users/${c.sam.id}`, { firstName: 'Samuel' });
    assert.equal(renamed.statusCode, 200, renamed.body);
    assert.equal((await player(h, c.org, 'sam-snead')).name, 'Samuel Snead');
    const third = await h.user({ firstName: 'Sam', lastName: 'Snead' });
    const league = { id: c.leagueId } as Parameters<typeof h.register>[1];
    await h.register(c.org, league, { userId: third.id });
    const slugs = (await listPlayers(h, c.org, '?search=snead')).players.map((p) => p.slug);
    assert.deepEqual(slugs, ['sam-snead-2', 'sam-snead-3', 'sam-snead']);
  });

  void test('a hidden profile answers as an unknown slug and leaves the list; the name stays on boards', async () => {
    const h = harness();
    const c = await club(h);
    const unknown = await playerResponse(h, c.org, 'no-such-player');
    await setPublicProfile(h, c.jose.id, false);
    const hidden = await playerResponse(h, c.org, 'jose-nunez');
    assert.equal(hidden.statusCode, 404);
    assert.equal(hidden.body, unknown.body);
    assert.equal(hidden.headers['content-type'], unknown.headers['content-type']);
    assert.deepEqual(
      (await listPlayers(h, c.org)).players.map((found) => found.slug),
      ['sam-snead', 'sam-snead-2'],
    );
    const board = await h.inject({
      url: `${PUBLIC}/orgs/${c.org.slug}/events/${c.nights[0]?.slug}/leaderboard`,
    });
    const names = board
      .json<Static<typeof Leaderboards>>()
      .leaderboards[0]?.rows.map((row) => row.name);
    assert.ok(names?.includes('José Núñez'), board.body);
    await setPublicProfile(h, c.jose.id, true);
    assert.equal((await player(h, c.org, 'jose-nunez')).slug, 'jose-nunez');
  });

  void test('only public leagues and their nights show; a golfer on nothing public is unknown', async () => {
    const h = harness();
    const c = await club(h);
    const draft = await h.league(c.org, { status: 'draft' });
    const hiddenGolfer = await h.user({ firstName: 'Hidden', lastName: 'Hopeful' });
    await h.register(c.org, draft, { userId: hiddenGolfer.id });
    assert.equal((await playerResponse(h, c.org, 'hidden-hopeful')).statusCode, 404);
    await setLeagueStatus(h, c.org, { id: c.leagueId }, 'private');
    assert.equal((await playerResponse(h, c.org, 'jose-nunez')).statusCode, 404);
    assert.deepEqual(await listPlayers(h, c.org), { count: 0, players: [] });
    await setLeagueStatus(h, c.org, { id: c.leagueId }, 'active');
    assert.equal((await player(h, c.org, 'jose-nunez')).recentResults.length, 3);
  });

  void test('a score changed with raw SQL reaches the profile; a write through the service leaves no mark', async () => {
    const h = harness();
    const c = await club(h);
    const db = h.database.db;
    const { rows } = await sql<{ count: number }>`
      select count(*)::integer as count from stale_players`.execute(db);
    assert.equal(rows[0]?.count, 0, 'the service’s writes rebuilt what they marked');
    // Night 3 becomes 45 (+9): differentials 0, 4, 18; the lowest, 0, minus 2 = −2.0.
    await sql`update score_cards set holes = ${sql.val(fullCard(13))}
      where event_id = ${c.nights[2]?.id ?? 0} and user_id = ${c.jose.id}`.execute(db);
    await eventually('the raw change reaches the stored profile', async () => {
      const profile = await player(h, c.org, 'jose-nunez');
      return profile.handicap?.value === -2 || JSON.stringify(profile.handicap);
    });
    const latest = (await player(h, c.org, 'jose-nunez')).recentResults[0];
    assert.deepEqual([latest?.strokes, latest?.toPar], [45, 9]);
  });
});
