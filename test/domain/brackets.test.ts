import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  MAX_ENTRANTS,
  MIN_ENTRANTS,
  bracketSize,
  checkResult,
  drawBracket,
  drawFirstRound,
  nextSlot,
  resultWords,
  roundCount,
  roundName,
  seedOrder,
  type PlacedMatch,
  type ResultInput,
} from '../../src/domain/brackets.js';

const FIELD_SIZES = Array.from(
  { length: MAX_ENTRANTS - MIN_ENTRANTS + 1 },
  (_, index) => MIN_ENTRANTS + index,
);

/** The seeds a match can hold: its two sides' subtrees, all the way down to round one. */
function seedsUnder(matches: PlacedMatch[], round: number, number: number): number[] {
  if (round === 1) {
    const match = matches.find((m) => m.round === 1 && m.number === number);
    const seeds: (number | null)[] = match?.seeds ?? [];
    return seeds.filter((seed): seed is number => seed !== null);
  }
  return [
    ...seedsUnder(matches, round - 1, number * 2 - 1),
    ...seedsUnder(matches, round - 1, number * 2),
  ];
}

/** The first round in which seeds `a` and `b` can meet: where their subtrees join. */
function meetingRound(matches: PlacedMatch[], rounds: number, a: number, b: number): number {
  for (let round = 1; round <= rounds; round += 1) {
    const count = matches.filter((match) => match.round === round).length;
    for (let number = 1; number <= count; number += 1) {
      const seeds = seedsUnder(matches, round, number);
      if (seeds.includes(a) && seeds.includes(b)) return round;
    }
  }
  return Number.NaN;
}

void describe('the draw, for every field size from 2 to 128', () => {
  void test('every entrant appears exactly once in round one, and no one else', () => {
    for (const entrants of FIELD_SIZES) {
      const seeds = drawFirstRound(entrants)
        .flatMap((match) => match.seeds)
        .filter((seed): seed is number => seed !== null);
      assert.deepEqual(
        seeds.toSorted((a, b) => a - b),
        Array.from({ length: entrants }, (_, index) => index + 1),
        `${entrants} entrants`,
      );
    }
  });

  void test('seeds 1 and 2 can meet only in the final', () => {
    for (const entrants of FIELD_SIZES) {
      const matches = drawBracket(entrants);
      const rounds = roundCount(entrants);
      assert.equal(meetingRound(matches, rounds, 1, 2), rounds, `${entrants} entrants`);
    }
  });

  void test('the byes go to the top seeds, one bye each', () => {
    for (const entrants of FIELD_SIZES) {
      const byes = bracketSize(entrants) - entrants;
      const withBye = drawFirstRound(entrants)
        .filter((match) => match.seeds[1] === null)
        .map((match) => match.seeds[0])
        .toSorted((a, b) => a - b);
      assert.deepEqual(
        withBye,
        Array.from({ length: byes }, (_, index) => index + 1),
        `${entrants} entrants`,
      );
    }
  });

  void test('the bracket has N−1 places to decide: every match that is not a bye', () => {
    for (const entrants of FIELD_SIZES) {
      const matches = drawBracket(entrants);
      assert.equal(matches.length, bracketSize(entrants) - 1, `${entrants}: matches`);
      assert.equal(
        matches.filter((match) => !match.bye).length,
        entrants - 1,
        `${entrants}: decided places`,
      );
    }
  });

  void test('each bye’s seed already stands in its round-two match, on the side it leads to', () => {
    for (const entrants of FIELD_SIZES) {
      const matches = drawBracket(entrants);
      const rounds = roundCount(entrants);
      for (const bye of matches.filter((match) => match.bye)) {
        const slot = nextSlot(bye.round, bye.number, rounds);
        assert.ok(slot !== null, `${entrants}: a bye is never the final`);
        const next = matches.find((m) => m.round === slot.round && m.number === slot.number);
        assert.equal(next?.seeds[slot.side - 1], bye.seeds[0], `${entrants}: bye ${bye.number}`);
      }
      const laterKnown = matches.filter(
        (match) => match.round > 2 && match.seeds.some((seed) => seed !== null),
      );
      assert.deepEqual(laterKnown, [], `${entrants}: nothing is known past round two`);
    }
  });
});

void describe('the draw, by example', () => {
  void test('standard seeding of 8 slots: 1, 8, 4, 5, 2, 7, 3, 6', () => {
    assert.deepEqual(seedOrder(8), [1, 8, 4, 5, 2, 7, 3, 6]);
    assert.deepEqual(seedOrder(2), [1, 2]);
  });

  void test('five entrants: byes to seeds 1, 2 and 3; 4 plays 5', () => {
    assert.deepEqual(
      drawFirstRound(5).map((match) => match.seeds),
      [
        [1, null],
        [4, 5],
        [2, null],
        [3, null],
      ],
    );
  });

  void test('two entrants play one final and no byes', () => {
    assert.deepEqual(drawBracket(2), [{ round: 1, number: 1, seeds: [1, 2], bye: false }]);
  });
});

void describe('round names', () => {
  const cases: [number, number, string][] = [
    [1, 1, 'Final'],
    [1, 2, 'Semifinals'],
    [2, 2, 'Final'],
    [1, 3, 'Quarterfinals'],
    [1, 4, 'Round of 16'],
    [2, 4, 'Quarterfinals'],
    [1, 7, 'Round of 128'],
    [2, 7, 'Round of 64'],
  ];
  for (const [round, rounds, name] of cases) {
    void test(`round ${round} of ${rounds}: ${name}`, () => {
      assert.equal(roundName(round, rounds), name);
    });
  }
});

void describe('results: what match play allows, and how it is written', () => {
  const cases: { input: ResultInput; holes: number; words?: string; errors?: string[] }[] = [
    { input: { winner: 1, kind: 'holes', up: 3, toPlay: 2 }, holes: 18, words: '3&2' },
    { input: { winner: 2, kind: 'holes', up: 3, toPlay: 1 }, holes: 18, words: '3&1' },
    { input: { winner: 1, kind: 'holes', up: 10, toPlay: 8 }, holes: 18, words: '10&8' },
    { input: { winner: 1, kind: 'holes', up: 1, toPlay: 0 }, holes: 18, words: '1 up' },
    { input: { winner: 1, kind: 'holes', up: 2, toPlay: 0 }, holes: 9, words: '2 up' },
    { input: { winner: 1, kind: 'holes', up: 5, toPlay: 4 }, holes: 9, words: '5&4' },
    {
      input: { winner: 2, kind: 'extra-holes', holesPlayed: 19 },
      holes: 18,
      words: '1 up (19 holes)',
    },
    {
      input: { winner: 1, kind: 'extra-holes', holesPlayed: 10 },
      holes: 9,
      words: '1 up (10 holes)',
    },
    { input: { winner: 1, kind: 'conceded' }, holes: 18, words: 'conceded' },
    { input: { winner: 1, kind: 'holes', up: 3, toPlay: 0 }, holes: 18, errors: ['up'] },
    { input: { winner: 1, kind: 'holes', up: 4, toPlay: 1 }, holes: 18, errors: ['up'] },
    { input: { winner: 1, kind: 'holes', up: 2, toPlay: 2 }, holes: 18, errors: ['up'] },
    { input: { winner: 1, kind: 'holes', up: 6, toPlay: 5 }, holes: 9, errors: ['up'] },
    { input: { winner: 1, kind: 'holes', up: 10, toPlay: 9 }, holes: 9, errors: ['toPlay'] },
    { input: { winner: 1, kind: 'holes', up: 3 }, holes: 18, errors: ['toPlay'] },
    { input: { winner: 1, kind: 'holes' }, holes: 18, errors: ['toPlay', 'up'] },
    {
      input: { winner: 1, kind: 'holes', up: 3, toPlay: 2, holesPlayed: 16 },
      holes: 18,
      errors: ['holesPlayed'],
    },
    {
      input: { winner: 1, kind: 'extra-holes', holesPlayed: 18 },
      holes: 18,
      errors: ['holesPlayed'],
    },
    { input: { winner: 1, kind: 'extra-holes' }, holes: 18, errors: ['holesPlayed'] },
    {
      input: { winner: 1, kind: 'extra-holes', holesPlayed: 19, up: 1 },
      holes: 18,
      errors: ['up'],
    },
    { input: { winner: 2, kind: 'conceded', toPlay: 4 }, holes: 18, errors: ['toPlay'] },
  ];
  for (const { input, holes, words, errors } of cases) {
    const fields = JSON.stringify({ ...input, winner: undefined });
    void test(`${fields} over ${holes} holes: ${words ?? `422 on ${errors?.join(', ')}`}`, () => {
      const checked = checkResult(input, holes);
      if (errors !== undefined) {
        assert.ok('errors' in checked, 'refused');
        assert.deepEqual(Object.keys(checked.errors).toSorted(), errors);
        for (const message of Object.values(checked.errors)) assert.ok(message.length > 10);
      } else {
        assert.ok('result' in checked, JSON.stringify(checked));
        assert.equal(checked.result.winner, input.winner);
        assert.equal(resultWords(checked.result), words);
      }
    });
  }

  void test('every lead a match of 9 or 18 holes can end with is accepted, and no other', () => {
    for (const holes of [9, 18]) {
      for (let toPlay = 0; toPlay < holes; toPlay += 1) {
        for (let up = 1; up <= holes; up += 1) {
          // Ends as soon as the lead passes the holes left: the lead before the last hole
          // played was at most the holes then left (toPlay + 1), and it grew by one.
          const possible = toPlay === 0 ? up <= 2 : up === toPlay + 1 || up === toPlay + 2;
          const fits = possible && up <= holes - toPlay;
          const checked = checkResult({ winner: 1, kind: 'holes', up, toPlay }, holes);
          assert.equal('result' in checked, fits, `${up}&${toPlay} over ${holes}`);
        }
      }
    }
  });
});
