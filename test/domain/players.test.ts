import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { freeSlug, nameWords, searchName, slugBase } from '../../src/domain/player-names.js';
import {
  RECENT_RESULTS,
  playerProfile,
  recentResult,
  type ProfileCard,
} from '../../src/domain/player-profiles.js';

void describe('player names: slugs and search words', () => {
  const slugs: [string, string][] = [
    ['Sam Snead', 'sam-snead'],
    ['José Ñúñez', 'jose-nunez'],
    ['  Ben   Hogan-Reyes ', 'ben-hogan-reyes'],
    ['Zoë O’Brien', 'zoe-obrien'],
    ['Søren Ærø', 'soren-aero'],
    ['李 小龙', 'player'],
    ['', 'player'],
  ];
  for (const [name, slug] of slugs) {
    void test(`${JSON.stringify(name)} → ${slug}`, () => assert.equal(slugBase(name), slug));
  }

  void test('a taken slug gets the first free number from 2', () => {
    assert.equal(freeSlug('sam-snead', new Set()), 'sam-snead');
    assert.equal(freeSlug('sam-snead', new Set(['sam-snead'])), 'sam-snead-2');
    assert.equal(
      freeSlug('sam-snead', new Set(['sam-snead', 'sam-snead-2', 'sam-snead-4'])),
      'sam-snead-3',
    );
  });

  void test('search words are folded the way names are stored', () => {
    assert.deepEqual(nameWords('JOSÉ, nú%_'), ['jose', 'nu']);
    assert.equal(searchName('José Núñez-Ávila'), ' jose nunez avila');
  });
});

/** A 9-hole card of par 36 with `strokes` on the first hole and pars elsewhere. */
function card(first: number, place = 1, same = 1): ProfileCard {
  const pars = [4, 4, 3, 5, 4, 4, 3, 5, 4];
  return {
    event: { slug: `e-${first}`, title: `Event ${first}`, startDate: '2026-06-01T22:00:00.000Z' },
    pars,
    holes: [first, ...pars.slice(1)],
    place,
    same,
  };
}

void describe('player profiles', () => {
  void test('a result: strokes, par difference, holes, a tied place with T', () => {
    assert.deepEqual(recentResult(card(6, 2, 2)), {
      event: card(6).event,
      position: 'T2',
      holes: 9,
      strokes: 38,
      toPar: 2,
    });
    assert.equal(recentResult(card(3)).position, '1');
  });

  void test('only the newest 20 cards are listed and counted', () => {
    // 21 cards: the newest 20 at +1 (differential 2 each), the oldest at −1 (−2).
    const cards = [...Array.from({ length: 20 }, () => card(5)), card(3)];
    const profile = playerProfile({
      slug: 's',
      name: 'N',
      leagues: [],
      cardsNewestFirst: cards,
      standings: [],
    });
    assert.equal(profile.recentResults.length, RECENT_RESULTS);
    assert.deepEqual(profile.handicap, { value: 2, rounds: 20, provisional: false });
  });

  void test('standings: the golfer’s rank in each table, by points, ties sharing a rank', () => {
    const profile = playerProfile({
      slug: 's',
      name: 'N',
      leagues: [],
      cardsNewestFirst: [],
      standings: [
        {
          seriesId: 7,
          seriesName: 'Points',
          competitorId: 3,
          totals: [
            { competitorId: 1, name: 'A', points: 10, events: 1 },
            { competitorId: 2, name: 'B', points: 8, events: 1 },
            { competitorId: 3, name: 'C', points: 8, events: 1 },
          ],
        },
        { seriesId: 8, seriesName: 'None', competitorId: 9, totals: [] },
      ],
    });
    assert.deepEqual(profile.standings, [
      { seriesId: 7, seriesName: 'Points', rank: 2, points: 8 },
    ]);
    assert.equal(profile.handicap, null);
  });
});
