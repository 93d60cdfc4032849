import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  DIFFERENTIALS_COUNTED,
  adjustedStrokes,
  differential,
  leagueHandicap,
  type CompleteCard,
  type PlayedCard,
} from '../../src/domain/handicaps.js';
import { playerProfile, type ProfileCard } from '../../src/domain/player-profiles.js';

/** An 18-hole card of par 4s, `overPar` strokes over par: one extra stroke on each of the first holes. */
function card18(overPar: number): CompleteCard {
  const pars = Array.from({ length: 18 }, () => 4);
  if (overPar < 0) {
    return { pars, holes: pars.map((par, hole) => (hole < -overPar ? par - 1 : par)) };
  }
  return { pars, holes: pars.map((par, hole) => (hole < overPar ? par + 1 : par)) };
}

/** Cards whose differentials are `values`, newest first. */
const cardsOf = (values: number[]) => values.map(card18);

void describe('league handicap: adjusted strokes and differentials', () => {
  const cases: [string, CompleteCard, number, number][] = [
    ['level par', card18(0), 72, 0],
    ['five over', card18(5), 77, 5],
    ['two under', card18(-2), 70, -2],
    [
      'a 10 on a par 4 counts as par + 2',
      { pars: card18(0).pars, holes: [10, ...card18(0).holes.slice(1)] },
      74,
      2,
    ],
    [
      'nine holes, three over: the differential counts double',
      { pars: Array.from({ length: 9 }, () => 4), holes: [5, 5, 5, 4, 4, 4, 4, 4, 4] },
      39,
      6,
    ],
    [
      'nine holes with a 9 on a par 3: capped at 5',
      { pars: [3, 4, 5, 4, 4, 3, 4, 5, 4], holes: [9, 4, 5, 4, 4, 3, 4, 5, 4] },
      38,
      4,
    ],
  ];
  for (const [name, card, adjusted, expected] of cases) {
    void test(name, () => {
      assert.equal(adjustedStrokes(card), adjusted);
      assert.equal(differential(card), expected);
    });
  }
});

void describe('league handicap: the table of differentials counted', () => {
  void test('it covers 3 to 20 cards, as the World Handicap System table', () => {
    assert.deepEqual(
      Object.keys(DIFFERENTIALS_COUNTED).map(Number),
      Array.from({ length: 18 }, (_, index) => index + 3),
    );
    const lowest = Object.values(DIFFERENTIALS_COUNTED).map((rule) => rule.lowest);
    assert.deepEqual(lowest, [1, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 4, 5, 5, 6, 6, 7, 8]);
  });

  const cases: [string, number[], ReturnType<typeof leagueHandicap>][] = [
    ['no cards', [], null],
    ['two cards are too few', [3, 4], null],
    ['3 cards: the lowest, minus 2.0', [10, 12, 8], { value: 6, rounds: 3, provisional: true }],
    ['4 cards: the lowest, minus 1.0', [-3, 5, 6, 7], { value: -4, rounds: 4, provisional: true }],
    ['5 cards: the lowest', [9, 7, 5, 6, 8], { value: 5, rounds: 5, provisional: true }],
    [
      '6 cards: the lowest 2 averaged, minus 1.0',
      [5, 3, 9, 4, 7, 8],
      { value: 2.5, rounds: 6, provisional: true },
    ],
    [
      '9 cards: the lowest 3, one decimal',
      [1, 1, 2, 10, 10, 10, 10, 10, 10],
      { value: 1.3, rounds: 9, provisional: true },
    ],
    [
      '12 cards: a half rounds up (0.25 → 0.3)',
      [0, 0, 0, 1, 9, 9, 9, 9, 9, 9, 9, 9],
      { value: 0.3, rounds: 12, provisional: true },
    ],
    [
      '20 cards: the lowest 8, no longer provisional',
      Array.from({ length: 20 }, (_, index) => 20 - index),
      { value: 4.5, rounds: 20, provisional: false },
    ],
    [
      '25 cards: only the newest 20 count',
      [...Array.from({ length: 20 }, (_, index) => 11 + index), 0, 0, 0, 0, 0],
      { value: 14.5, rounds: 20, provisional: false },
    ],
  ];
  for (const [name, differentials, expected] of cases) {
    void test(name, () => {
      assert.deepEqual(leagueHandicap(cardsOf(differentials)), expected);
    });
  }
});

void describe('league handicap: the cards chosen to count', () => {
  /** An 18-hole card `overPar` over par, with its first `unplayed` holes not played. */
  const played = (overPar: number, unplayed: number): PlayedCard => {
    const card = card18(overPar);
    return {
      pars: card.pars,
      holes: card.holes.map((hole, index) => (index < unplayed ? null : hole)),
    };
  };
  const short = (overPar: number): PlayedCard => {
    const card = card18(overPar);
    return { pars: card.pars, holes: card.holes.slice(0, 9) };
  };
  const cases: [string, PlayedCard[], ReturnType<typeof leagueHandicap>][] = [
    ['complete cards only', cardsOf([10, 12, 8]), { value: 6, rounds: 3, provisional: true }],
    [
      'a card with a hole not played does not count',
      [played(0, 1), ...cardsOf([10, 12, 8])],
      { value: 6, rounds: 3, provisional: true },
    ],
    [
      'a card with fewer holes than its pars does not count',
      [...cardsOf([10, 12]), short(0), card18(8)],
      { value: 6, rounds: 3, provisional: true },
    ],
    [
      'two complete cards and two incomplete ones are too few',
      [played(1, 18), ...cardsOf([3, 4]), played(0, 5)],
      null,
    ],
    [
      'incomplete cards take no place among the newest 20',
      [
        ...Array.from({ length: 20 }, (_, index) => [played(0, 3), card18(11 + index)]).flat(),
        ...cardsOf([0, 0, 0]),
      ],
      { value: 14.5, rounds: 20, provisional: false },
    ],
  ];
  for (const [name, cards, expected] of cases) {
    void test(name, () => {
      assert.deepEqual(leagueHandicap(cards), expected);
    });
  }

  void test('a player’s profile takes its handicap from its cards, as a net board does', () => {
    const cards = cardsOf([10, 12, 8, 9]);
    const profileCards = cards.map((card, index): ProfileCard => ({
      event: { slug: `night-${index}`, title: 'Night', startDate: '2026-06-01T18:00:00.000Z' },
      pars: card.pars,
      holes: card.holes,
      place: 1,
      same: 1,
    }));
    const profile = playerProfile({
      slug: 'al',
      name: 'Al',
      leagues: [],
      cardsNewestFirst: profileCards,
      standings: [],
    });
    assert.deepEqual(profile.handicap, leagueHandicap(cards));
    assert.deepEqual(profile.handicap, { value: 7, rounds: 4, provisional: true });
  });
});
