import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  apportion,
  boardOdds,
  cardResiduals,
  fairOdds,
  holeDifficulty,
  oddsPhase,
  oddsSeed,
  simulateOdds,
  type OddsBoardInput,
  type OddsCompetitor,
} from '../../src/domain/odds.js';

const NINE_PARS = [4, 4, 3, 5, 4, 4, 3, 5, 4];
/** A spread of past residuals: a golfer who scores within two of the hole's mean. */
const HISTORY = [-1, 0, 0, 1, 2, -2, 0, 1, -1, 0, 1, 0];
const FIELD = [-2, -1, -1, 0, 0, 0, 0, 1, 1, 2, 3];

const golfer = (
  holes: (number | null)[],
  residuals: readonly number[] = HISTORY,
  rank: number | null = null,
): OddsCompetitor => ({ members: [{ holes, residuals }], rank });

const board = (competitors: OddsCompetitor[], seed = 7): OddsBoardInput => ({
  pars: NINE_PARS,
  difficulty: NINE_PARS.map(() => 0),
  fieldResiduals: FIELD,
  competitors,
  simulations: 10_000,
  seed,
});

const played = (through: number, strokes: (hole: number) => number) =>
  NINE_PARS.map((_, hole) => (hole < through ? strokes(hole) : null));
const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

void describe('odds of a final board', () => {
  const cases: { name: string; ranks: (number | null)[]; win: number[]; top3: number[] }[] = [
    { name: 'one winner gets 1', ranks: [1, 2, 3, 4], win: [1, 0, 0, 0], top3: [1, 1, 1, 0] },
    {
      name: 'two tied winners get 1/2 each',
      ranks: [1, 1, 3],
      win: [0.5, 0.5, 0],
      top3: [1, 1, 1],
    },
    {
      name: 'three tied winners get 1/3 each, summing to 1',
      ranks: [1, 1, 1, 4],
      win: [0.3334, 0.3333, 0.3333, 0],
      top3: [1, 1, 1, 0],
    },
    {
      name: 'a tie for third is in the top 3',
      ranks: [1, 2, 3, 3, 5],
      win: [1, 0, 0, 0, 0],
      top3: [1, 1, 1, 1, 0],
    },
    { name: 'nobody scored: everyone shares', ranks: [null, null], win: [0.5, 0.5], top3: [1, 1] },
  ];
  for (const { name, ranks, win, top3 } of cases) {
    void test(name, () => {
      const competitors = ranks.map((rank) => golfer(NINE_PARS, HISTORY, rank));
      const odds = boardOdds(board(competitors), 'final');
      assert.deepEqual(
        odds.map((row) => row.win),
        win,
      );
      assert.deepEqual(
        odds.map((row) => row.top3),
        top3,
      );
    });
  }
});

void describe('simulated odds', () => {
  void test('a 5-stroke lead with one hole left wins more than 99% of the time', () => {
    const leader = golfer(played(8, (hole) => (NINE_PARS[hole] ?? 4) - 1)); // −8
    const chaser = golfer(played(8, (hole) => (NINE_PARS[hole] ?? 4) - (hole < 3 ? 1 : 0))); // −3
    const [first, second] = simulateOdds(board([leader, chaser]));
    assert.ok(first !== undefined && second !== undefined);
    assert.ok(first.win > 0.99, `leader's win ${first.win}`);
    assert.ok(second.win < 0.01, `chaser's win ${second.win}`);
  });

  void test('two golfers with identical history and cards come out within ±0.02', () => {
    const card = played(4, (hole) => NINE_PARS[hole] ?? 4);
    const odds = simulateOdds(board([golfer(card), golfer(card), golfer(played(4, () => 5))]));
    const [a, b] = odds;
    assert.ok(a !== undefined && b !== undefined);
    assert.ok(Math.abs(a.win - b.win) <= 0.02, `${a.win} vs ${b.win}`);
    assert.ok(Math.abs(a.top3 - b.top3) <= 0.02, `${a.top3} vs ${b.top3}`);
  });

  const boards: { name: string; competitors: OddsCompetitor[] }[] = [
    {
      name: 'before the first hole',
      competitors: [
        golfer(played(0, () => 4)),
        golfer(
          played(0, () => 4),
          [],
        ),
      ],
    },
    {
      name: 'twelve golfers mid-round',
      competitors: Array.from({ length: 12 }, (_, index) =>
        golfer(
          played(index % 9, (hole) => 3 + ((hole + index) % 3)),
          index % 2 === 0 ? HISTORY : [],
        ),
      ),
    },
    {
      name: 'many tied: dead heats shared',
      competitors: Array.from({ length: 7 }, () =>
        golfer(
          played(8, () => 4),
          [0],
        ),
      ),
    },
  ];
  for (const { name, competitors } of boards) {
    void test(`every board's win sums to 1 ± 0.001: ${name}`, () => {
      const odds = simulateOdds(board(competitors));
      assert.ok(Math.abs(sum(odds.map((row) => row.win)) - 1) <= 0.001);
      for (const row of odds) {
        assert.ok(row.win >= 0 && row.win <= 1 && row.top3 >= row.win && row.top3 <= 1);
      }
    });
  }

  void test('a golfer with no history gets basis "field"; one with history "history"', () => {
    const odds = simulateOdds(
      board([
        golfer(
          played(2, () => 4),
          [],
        ),
        golfer(played(2, () => 4)),
      ]),
    );
    assert.deepEqual(
      odds.map((row) => row.basis),
      ['field', 'history'],
    );
  });

  void test('a team board takes the best ball: the lowest member per hole', () => {
    // Team A: one member 1 under on every hole, the other 6 over: best ball −8 thru 8.
    // Team B: both members level par: best ball 0. Summing or taking the worst ball would
    // put team B far ahead.
    const teamA: OddsCompetitor = {
      members: [
        { holes: played(8, (hole) => (NINE_PARS[hole] ?? 4) - 1), residuals: HISTORY },
        { holes: played(8, (hole) => (NINE_PARS[hole] ?? 4) + 6), residuals: HISTORY },
      ],
      rank: 1,
    };
    const teamB: OddsCompetitor = {
      members: [
        { holes: played(8, (hole) => NINE_PARS[hole] ?? 4), residuals: HISTORY },
        { holes: played(8, (hole) => NINE_PARS[hole] ?? 4), residuals: HISTORY },
      ],
      rank: 2,
    };
    const [a, b] = simulateOdds(board([teamA, teamB]));
    assert.ok(a !== undefined && b !== undefined);
    assert.ok(a.win > 0.99, `team A's win ${a.win}`);
    assert.ok(b.win < 0.01);
  });

  void test('the same seed gives the same odds; the seed comes from event, version and board', () => {
    const competitors = [
      golfer(played(3, () => 4)),
      golfer(played(3, () => 5)),
      golfer(played(2, () => 3)),
    ];
    assert.deepEqual(simulateOdds(board(competitors, 42)), simulateOdds(board(competitors, 42)));
    assert.equal(oddsSeed(12, 3, 0), oddsSeed(12, 3, 0));
    assert.notEqual(oddsSeed(12, 3, 0), oddsSeed(12, 4, 0));
    assert.notEqual(oddsSeed(12, 3, 0), oddsSeed(12, 3, 1));
  });

  void test('an empty board has no odds', () => {
    assert.deepEqual(simulateOdds(board([])), []);
  });
});

void describe('model inputs', () => {
  void test('a hole’s difficulty is the mean strokes over par of the cards that played it', () => {
    assert.deepEqual(
      holeDifficulty(
        [4, 3, 5],
        [
          [5, 3, null],
          [4, 4, null],
        ],
      ),
      [0.5, 0.5, 0],
    );
  });

  void test('a card’s residuals are strokes − par − difficulty, newest hole first', () => {
    assert.deepEqual(cardResiduals([5, null, 6], [4, 3, 5], [0.5, 0, 0]), [1, 0.5]);
  });

  const phases: { name: string; cards: (number | null)[][]; completed: boolean; phase: string }[] =
    [
      { name: 'no hole played', cards: [played(0, () => 4)], completed: false, phase: 'pre' },
      {
        name: 'a hole played',
        cards: [played(1, () => 4), played(0, () => 4)],
        completed: false,
        phase: 'live',
      },
      {
        name: 'every card complete',
        cards: [played(9, () => 4), played(9, () => 5)],
        completed: false,
        phase: 'final',
      },
      { name: 'the event completed', cards: [played(3, () => 4)], completed: true, phase: 'final' },
    ];
  for (const { name, cards, completed, phase } of phases) {
    void test(`phase: ${name} → ${phase}`, () => {
      assert.equal(
        oddsPhase(
          cards.map((card) => golfer(card)),
          9,
          completed,
        ),
        phase,
      );
    });
  }
});

void describe('fair odds and rounding', () => {
  const cases: { win: number; decimal: number | null; american: string | null }[] = [
    { win: 0.25, decimal: 4, american: '+300' },
    { win: 0.5, decimal: 2, american: '+100' },
    { win: 0.6, decimal: 1.67, american: '-149' },
    { win: 0.0001, decimal: 10000, american: '+999900' },
    { win: 1, decimal: 1, american: null },
    { win: 0, decimal: null, american: null },
  ];
  for (const { win, decimal, american } of cases) {
    void test(`win ${win} → ${decimal} / ${american}`, () => {
      assert.deepEqual(fairOdds(win), { decimal, american });
    });
  }

  void test('shares are apportioned to add up exactly', () => {
    assert.deepEqual(apportion([1, 1, 1], 10_000), [3334, 3333, 3333]);
    assert.equal(sum(apportion([0.1234567, 5.5, 3.3333, 9e-7], 10_000)), 10_000);
    assert.deepEqual(apportion([0, 0], 10_000), [0, 0]);
  });
});
