import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { ValidationError } from '../../src/domain/errors.js';
import {
  checkTeeSheet,
  generateTeeSheet,
  type FieldMember,
  type GenerateInput,
  type SheetContext,
  type TeeSheet,
  type TeeSheetInput,
} from '../../src/domain/tee-sheets.js';

/** Golfers 1–4 play alone; 11+12 are team 100, 21+22+23 team 200. */
const FIELD: FieldMember[] = [
  { userId: 1, teamId: null },
  { userId: 11, teamId: 100 },
  { userId: 2, teamId: null },
  { userId: 21, teamId: 200 },
  { userId: 12, teamId: 100 },
  { userId: 3, teamId: null },
  { userId: 22, teamId: 200 },
  { userId: 4, teamId: null },
  { userId: 23, teamId: 200 },
];

function context(field: FieldMember[] = FIELD, holeCount = 18): SheetContext {
  return { field, holeCount, eventDay: '2026-06-16', timeZone: 'America/Chicago' };
}

function solo(...userIds: number[]): FieldMember[] {
  return userIds.map((userId) => ({ userId, teamId: null }));
}

/** The errors map of the ValidationError `run` throws. */
function errorsOf(run: () => unknown): Record<string, string> {
  try {
    run();
  } catch (error) {
    assert.ok(error instanceof ValidationError, String(error));
    return error.errors;
  }
  assert.fail('expected a ValidationError');
}

function layout(sheet: TeeSheet) {
  return sheet.groups.map((group) => [
    group.startAt?.toISOString() ?? null,
    group.startingHole,
    group.userIds,
  ]);
}

void describe('tee sheet checks', () => {
  void test('a valid sheet keeps its groups in order, times read in the org zone', () => {
    const sheet = checkTeeSheet(
      {
        format: 'tee-times',
        groups: [
          { startTime: '17:30', startingHole: 1, userIds: [11, 12, 1] },
          { startTime: '2026-06-16T17:40:00-05:00', userIds: [21, 22, 23] },
          { userIds: [3] },
          { startTime: '2026-06-16T17:50', userIds: [4] },
        ],
      },
      context(),
    );
    assert.equal(sheet.format, 'tee-times');
    assert.deepEqual(layout(sheet), [
      ['2026-06-16T22:30:00.000Z', 1, [11, 12, 1]],
      ['2026-06-16T22:40:00.000Z', null, [21, 22, 23]],
      [null, null, [3]],
      ['2026-06-16T22:50:00.000Z', null, [4]],
    ]);
  });

  void test('a partial sheet is fine, and so is part of a team', () => {
    const sheet = checkTeeSheet({ format: 'shotgun', groups: [{ userIds: [21, 22] }] }, context());
    assert.deepEqual(layout(sheet), [[null, null, [21, 22]]]);
  });

  const cases: { name: string; input: TeeSheetInput; errors: Record<string, RegExp> }[] = [
    {
      name: 'an unknown format',
      input: { format: 'scramble', groups: [] },
      errors: { format: /tee-times, shotgun/ },
    },
    {
      name: 'a golfer not in the field',
      input: { format: 'tee-times', groups: [{ userIds: [1] }, { userIds: [2, 99] }] },
      errors: { 'groups.1.userIds': /golfer 99 is not in the event's field/ },
    },
    {
      name: 'a golfer listed twice in one group',
      input: { format: 'tee-times', groups: [{ userIds: [1, 1] }] },
      errors: { 'groups.0.userIds': /golfer 1 is already in groups\.0/ },
    },
    {
      name: 'a golfer listed in two groups',
      input: {
        format: 'tee-times',
        groups: [{ userIds: [1] }, { userIds: [2] }, { userIds: [1] }],
      },
      errors: { 'groups.2.userIds': /golfer 1 is already in groups\.0/ },
    },
    {
      name: 'a team split over two groups',
      input: { format: 'tee-times', groups: [{ userIds: [21, 22, 1] }, { userIds: [23] }] },
      errors: { 'groups.1.userIds': /golfer 23's team plays in groups\.0/ },
    },
    {
      name: 'an empty group',
      input: { format: 'tee-times', groups: [{ userIds: [1] }, { userIds: [] }] },
      errors: { 'groups.1.userIds': /at least one golfer/ },
    },
    {
      name: 'a starting hole off the course',
      input: {
        format: 'shotgun',
        groups: [
          { startingHole: 0, userIds: [1] },
          { startingHole: 19, userIds: [2] },
          { startingHole: 2.5, userIds: [3] },
        ],
      },
      errors: {
        'groups.0.startingHole': /1 to 18/,
        'groups.1.startingHole': /1 to 18/,
        'groups.2.startingHole': /1 to 18/,
      },
    },
    {
      name: 'a start time that is not one',
      input: {
        format: 'tee-times',
        groups: [
          { startTime: '5:30pm', userIds: [1] },
          { startTime: '2026-02-30T17:30', userIds: [2] },
        ],
      },
      errors: {
        'groups.0.startTime': /HH:MM .* YYYY-MM-DDTHH:MM, read on the organization’s clock/,
        'groups.1.startTime': /an offset or Z/,
      },
    },
    {
      name: 'every problem at once',
      input: { format: 'x', groups: [{ startTime: 'noon', userIds: [99] }] },
      errors: { format: /shotgun/, 'groups.0.startTime': /HH:MM/, 'groups.0.userIds': /99/ },
    },
  ];
  for (const { name, input, errors } of cases) {
    void test(name, () => {
      const found = errorsOf(() => checkTeeSheet(input, context()));
      assert.deepEqual(Object.keys(found).sort(), Object.keys(errors).sort());
      for (const [field, pattern] of Object.entries(errors))
        assert.match(found[field] ?? '', pattern);
    });
  }

  void test('a starting hole past a 9-hole course', () => {
    const found = errorsOf(() =>
      checkTeeSheet(
        { format: 'shotgun', groups: [{ startingHole: 10, userIds: [1] }] },
        context(FIELD, 9),
      ),
    );
    assert.match(found['groups.0.startingHole'] ?? '', /1 to 9/);
  });
});

void describe('tee sheet generation', () => {
  const teeTimes = (groupSize: number, field = FIELD) =>
    generateTeeSheet(
      { format: 'tee-times', firstStart: '17:00', intervalMinutes: 9, groupSize },
      context(field),
    );

  void test('tee times from the first start at the interval, all from hole 1, in registration order', () => {
    assert.deepEqual(layout(teeTimes(3, solo(1, 2, 3, 4, 5, 6, 7))), [
      ['2026-06-16T22:00:00.000Z', 1, [1, 2, 3]],
      ['2026-06-16T22:09:00.000Z', 1, [4, 5, 6]],
      ['2026-06-16T22:18:00.000Z', 1, [7]],
    ]);
  });

  void test('teams stay together; later golfers fill the room earlier groups have left', () => {
    // Units in order: [1], [11, 12], [2], [21, 22, 23], [3], [4].
    assert.deepEqual(
      teeTimes(4).groups.map((group) => group.userIds),
      [[1, 11, 12, 2], [21, 22, 23, 3], [4]],
    );
    assert.deepEqual(
      teeTimes(3).groups.map((group) => group.userIds),
      [
        [1, 11, 12],
        [2, 3, 4],
        [21, 22, 23],
      ],
    );
  });

  void test('a team larger than a group cannot be placed', () => {
    assert.match(errorsOf(() => teeTimes(2)).groupSize ?? '', /at least 3/);
  });

  void test('a shotgun starts every group at once, on holes 1, 2, 3…', () => {
    const sheet = generateTeeSheet(
      { format: 'shotgun', firstStart: '2026-06-16T18:00:00-05:00', groupSize: 4 },
      context(),
    );
    assert.equal(sheet.format, 'shotgun');
    assert.deepEqual(layout(sheet), [
      ['2026-06-16T23:00:00.000Z', 1, [1, 11, 12, 2]],
      ['2026-06-16T23:00:00.000Z', 2, [21, 22, 23, 3]],
      ['2026-06-16T23:00:00.000Z', 3, [4]],
    ]);
  });

  void test('a shotgun needs no more groups than the course has holes', () => {
    const field = solo(...Array.from({ length: 10 }, (_, index) => index + 1));
    const shotgun = (holeCount: number) =>
      generateTeeSheet(
        { format: 'shotgun', firstStart: '18:00', groupSize: 1 },
        context(field, holeCount),
      );
    assert.equal(shotgun(18).groups.length, 10);
    assert.match(
      errorsOf(() => shotgun(9)).groupSize ?? '',
      /10 groups but the course has 9 holes/,
    );
  });

  void test('an empty field gives an empty sheet', () => {
    assert.deepEqual(teeTimes(4, []).groups, []);
  });

  /** A valid tee-times request; most cases below change one thing of it. */
  const valid: GenerateInput = {
    format: 'tee-times',
    firstStart: '17:00',
    intervalMinutes: 8,
    groupSize: 4,
  };
  const invalid: { name: string; input: GenerateInput; fields: string[] }[] = [
    { name: 'an unknown format', input: { ...valid, format: 'scramble' }, fields: ['format'] },
    {
      name: 'a first start that is not a time',
      input: { ...valid, firstStart: '5pm' },
      fields: ['firstStart'],
    },
    {
      name: 'tee times without an interval',
      input: { format: 'tee-times', firstStart: '17:00', groupSize: 4 },
      fields: ['intervalMinutes'],
    },
    {
      name: 'an interval out of range',
      input: { ...valid, intervalMinutes: 0 },
      fields: ['intervalMinutes'],
    },
    {
      name: 'a group of none',
      input: { format: 'shotgun', firstStart: '17:00', groupSize: 0 },
      fields: ['groupSize'],
    },
    {
      name: 'everything wrong',
      input: { ...valid, firstStart: '', intervalMinutes: 61, groupSize: 9 },
      fields: ['firstStart', 'groupSize', 'intervalMinutes'],
    },
  ];
  for (const { name, input, fields } of invalid) {
    void test(name, () => {
      assert.deepEqual(
        Object.keys(errorsOf(() => generateTeeSheet(input, context()))).sort(),
        fields,
      );
    });
  }

  void test('group sizes from 1 to 8 only', () => {
    for (const groupSize of [0, 9, 2.5]) {
      const input = { format: 'shotgun', firstStart: '17:00', groupSize };
      assert.deepEqual(Object.keys(errorsOf(() => generateTeeSheet(input, context(solo(1))))), [
        'groupSize',
      ]);
    }
    const sheet = generateTeeSheet(
      { format: 'shotgun', firstStart: '17:00', groupSize: 8 },
      context(),
    );
    assert.deepEqual(
      sheet.groups.map((group) => group.userIds.length),
      [8, 1],
    );
  });
});
