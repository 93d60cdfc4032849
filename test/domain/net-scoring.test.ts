import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  MAX_PLAYING_HANDICAP,
  MIN_PLAYING_HANDICAP,
  netStrokes,
  playingHandicap,
  strokeIndexErrors,
  strokeIndexInOrder,
  strokesReceived,
} from '../../src/domain/net-scoring.js';

/** `count` copies of `value`. */
const times = (count: number, value: number) => Array.from({ length: count }, () => value);

void describe('net scoring: strokes received per hole', () => {
  const PERMUTED_NINE = [9, 1, 8, 2, 7, 3, 6, 4, 5];
  const cases: [string, number, readonly number[], number[]][] = [
    ['scratch on 18', 0, strokeIndexInOrder(18), times(18, 0)],
    ['18 on 18: one a hole', 18, strokeIndexInOrder(18), times(18, 1)],
    ['20 on 18: two on the two hardest', 20, strokeIndexInOrder(18), [2, 2, ...times(16, 1)]],
    ['5 on 9: one on the five hardest', 5, strokeIndexInOrder(9), [...times(5, 1), ...times(4, 0)]],
    ['54 on 18: three a hole', 54, strokeIndexInOrder(18), times(18, 3)],
    [
      '40 on 9: over the holes, 4 a hole and 5 on the four hardest',
      40,
      strokeIndexInOrder(9),
      [...times(4, 5), ...times(5, 4)],
    ],
    [
      '-2 on 18: given back on the two easiest',
      -2,
      strokeIndexInOrder(18),
      [...times(16, 0), -1, -1],
    ],
    [
      '-10 on 9: one back a hole, two on the easiest',
      -10,
      strokeIndexInOrder(9),
      [...times(8, -1), -2],
    ],
    [
      '3 on 9 with a stroke index: the holes ranked 1 to 3',
      3,
      PERMUTED_NINE,
      [0, 1, 0, 1, 0, 1, 0, 0, 0],
    ],
    [
      '-1 on 9 with a stroke index: the hole ranked 9',
      -1,
      PERMUTED_NINE,
      [-1, 0, 0, 0, 0, 0, 0, 0, 0],
    ],
  ];
  for (const [name, handicap, index, expected] of cases) {
    void test(name, () => {
      assert.deepEqual(strokesReceived(handicap, index), expected);
    });
  }

  void test('every playing handicap, on 9 and 18 holes, is received in full', () => {
    for (const holes of [9, 18]) {
      for (let handicap = MIN_PLAYING_HANDICAP; handicap <= MAX_PLAYING_HANDICAP; handicap += 1) {
        const received = strokesReceived(handicap, strokeIndexInOrder(holes));
        assert.equal(
          received.reduce((total, strokes) => total + strokes, 0),
          handicap,
          `${handicap} on ${holes}`,
        );
        assert.ok(Math.max(...received) - Math.min(...received) <= 1, `${handicap} on ${holes}`);
      }
    }
  });

  void test('net strokes: strokes less those received; a hole not played stays empty', () => {
    assert.deepEqual(netStrokes([5, null, 3, 4], [1, 1, 0, -1]), [4, null, 3, 5]);
  });
});

void describe('net scoring: the stroke index', () => {
  const cases: [string, unknown, number, Record<string, string>][] = [
    ['a permutation of 1..9', [9, 1, 8, 2, 7, 3, 6, 4, 5], 9, {}],
    ['holes in order', strokeIndexInOrder(18), 18, {}],
    [
      'too short',
      [1, 2, 3],
      9,
      { strokeIndex: 'must rank each hole of the course once: 9 numbers' },
    ],
    ['not a list', 'hard', 9, { strokeIndex: 'must rank each hole of the course once: 9 numbers' }],
    [
      'a rank twice',
      [1, 2, 3, 4, 5, 6, 7, 8, 8],
      9,
      { 'strokeIndex.9': 'hole 9 must have a rank from 1 to 9 that no other hole has' },
    ],
    [
      'a rank of 0',
      [0, 2, 3, 4, 5, 6, 7, 8, 9],
      9,
      { 'strokeIndex.1': 'hole 1 must have a rank from 1 to 9 that no other hole has' },
    ],
    [
      'a rank past the holes',
      [1, 2, 3, 4, 5, 6, 7, 8, 10],
      9,
      { 'strokeIndex.9': 'hole 9 must have a rank from 1 to 9 that no other hole has' },
    ],
    [
      'a fraction',
      [1.5, 2, 3, 4, 5, 6, 7, 8, 9],
      9,
      { 'strokeIndex.1': 'hole 1 must have a rank from 1 to 9 that no other hole has' },
    ],
  ];
  for (const [name, index, holes, expected] of cases) {
    void test(name, () => {
      assert.deepEqual(strokeIndexErrors(index, holes), expected);
    });
  }
});

void describe('net scoring: the playing handicap from the league handicap', () => {
  const cases: [number | null, number, number][] = [
    [null, 18, 0],
    [null, 9, 0],
    [10.9, 18, 11],
    [36, 18, 36],
    [12.5, 9, 6],
    [13, 9, 7],
    [0.9, 9, 0],
    [-1, 9, 0],
    [-1.2, 9, -1],
    [-3.4, 18, -3],
  ];
  for (const [league, holes, expected] of cases) {
    void test(`${String(league)} on ${holes} holes plays off ${expected}`, () => {
      assert.equal(playingHandicap(league, holes), expected);
    });
  }
});
