import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { holesErrors, parsErrors } from '../../src/domain/course.js';
import { resultsFromBoard } from '../../src/domain/leaderboard-results.js';
import {
  buildLeaderboards,
  competitionRanks,
  scoredFromStored,
  storedLeaderboards,
  type FieldCard,
  type ScoredBoard,
} from '../../src/domain/leaderboards.js';
import { parseTeeTime } from '../../src/domain/tee-times.js';
import { rowCells } from '../support/leaderboard-rows.js';

const NINE_PARS = [4, 4, 3, 5, 4, 4, 3, 5, 4]; // par 36
const EIGHTEEN_PARS = [...NINE_PARS, ...NINE_PARS];

void describe('pars', () => {
  const cases: { name: string; pars: unknown; errors: Record<string, string> | string[] }[] = [
    { name: '9 holes', pars: NINE_PARS, errors: {} },
    { name: '18 holes', pars: EIGHTEEN_PARS, errors: {} },
    { name: 'every par from 3 to 6', pars: [3, 4, 5, 6, 3, 4, 5, 6, 3], errors: {} },
    { name: 'not a list', pars: 'par 72', errors: ['pars'] },
    { name: 'no holes', pars: [], errors: ['pars'] },
    { name: '10 holes', pars: [...NINE_PARS, 4], errors: ['pars'] },
    { name: 'a par of 2', pars: [4, 4, 2, 5, 4, 4, 3, 5, 4], errors: ['pars.3'] },
    { name: 'a par of 7', pars: [...NINE_PARS.slice(0, 8), 7], errors: ['pars.9'] },
    { name: 'a fraction', pars: [4.5, 4, 3, 5, 4, 4, 3, 5, 4], errors: ['pars.1'] },
    { name: 'a null hole', pars: [4, null, 3, 5, 4, 4, 3, 5, 4], errors: ['pars.2'] },
    { name: 'a string', pars: [4, 4, '3', 5, 4, 4, 3, 5, 4], errors: ['pars.3'] },
  ];
  for (const { name, pars, errors } of cases) {
    void test(name, () => {
      const found = parsErrors(pars);
      if (Array.isArray(errors)) assert.deepEqual(Object.keys(found), errors);
      else assert.deepEqual(found, errors);
    });
  }

  void test('the message names the hole by its number', () => {
    assert.match(parsErrors([4, 4, 2, 5, 4, 4, 3, 5, 4])['pars.3'] ?? '', /hole 3/);
  });
});

void describe('score card holes', () => {
  const cases: { name: string; holes: unknown; holeCount: number; errors: string[] }[] = [
    { name: 'a full card', holes: [4, 4, 3, 5, 4, 4, 3, 5, 4], holeCount: 9, errors: [] },
    { name: 'holes not played yet', holes: [4, null, 3, ...nulls(6)], holeCount: 9, errors: [] },
    { name: 'nothing played', holes: nulls(18), holeCount: 18, errors: [] },
    { name: '1 and 20 strokes', holes: [1, 20, ...nulls(7)], holeCount: 9, errors: [] },
    { name: 'fewer entries than holes', holes: nulls(8), holeCount: 9, errors: ['holes'] },
    { name: '9 entries on 18 holes', holes: nulls(9), holeCount: 18, errors: ['holes'] },
    { name: 'not a list', holes: { 1: 4 }, holeCount: 9, errors: ['holes'] },
    { name: '0 strokes', holes: [4, 0, ...nulls(7)], holeCount: 9, errors: ['holes.2'] },
    { name: '21 strokes', holes: [...nulls(8), 21], holeCount: 9, errors: ['holes.9'] },
    { name: 'a fraction', holes: [4.5, ...nulls(8)], holeCount: 9, errors: ['holes.1'] },
    { name: 'a string', holes: ['4', ...nulls(8)], holeCount: 9, errors: ['holes.1'] },
  ];
  for (const { name, holes, holeCount, errors } of cases) {
    void test(name, () => {
      assert.deepEqual(Object.keys(holesErrors(holes, holeCount)), errors);
    });
  }
});

void describe('tee times', () => {
  const chicago = 'America/Chicago';
  const cases: { value: string; day: string; expected: string | null }[] = [
    { value: '17:30', day: '2026-06-16', expected: '2026-06-16T22:30:00.000Z' },
    { value: '17:30', day: '2026-01-13', expected: '2026-01-13T23:30:00.000Z' },
    { value: '00:00', day: '2026-06-16', expected: '2026-06-16T05:00:00.000Z' },
    { value: '2026-06-16T17:30:00-05:00', day: '2026-06-16', expected: '2026-06-16T22:30:00.000Z' },
    { value: '2026-06-17T01:00Z', day: '2026-06-16', expected: '2026-06-17T01:00:00.000Z' },
    {
      value: '2026-06-16T17:30:00.5+05:30',
      day: '2026-06-16',
      expected: '2026-06-16T12:00:00.500Z',
    },
    { value: '7:30', day: '2026-06-16', expected: null },
    { value: '24:00', day: '2026-06-16', expected: null },
    { value: '17:60', day: '2026-06-16', expected: null },
    // A local date-time is read on the club's clock (decisions §23), on any day.
    { value: '2026-06-16T17:30', day: '2026-06-16', expected: '2026-06-16T22:30:00.000Z' },
    { value: '2026-06-17T08:05', day: '2026-06-16', expected: '2026-06-17T13:05:00.000Z' },
    { value: '2026-06-16T24:00', day: '2026-06-16', expected: null },
    { value: '2026-02-30T10:00Z', day: '2026-06-16', expected: null },
    { value: '1899-12-31T10:00Z', day: '2026-06-16', expected: null },
    { value: '2200-01-01T10:00Z', day: '2026-06-16', expected: null },
    { value: 'tomorrow', day: '2026-06-16', expected: null },
    { value: '', day: '2026-06-16', expected: null },
  ];
  for (const { value, day, expected } of cases) {
    void test(`${JSON.stringify(value)} on ${day}`, () => {
      assert.equal(parseTeeTime(value, day, chicago)?.toISOString() ?? null, expected);
    });
  }

  void test('a wall clock the clocks skip is read with the offset before the change', () => {
    assert.equal(
      parseTeeTime('02:30', '2026-03-08', chicago)?.toISOString(),
      '2026-03-08T08:30:00.000Z',
    );
  });

  void test('a wall clock shown twice is its first showing', () => {
    assert.equal(
      parseTeeTime('01:30', '2026-11-01', chicago)?.toISOString(),
      '2026-11-01T06:30:00.000Z',
    );
    assert.equal(
      parseTeeTime('02:30', '2026-04-05', 'Australia/Sydney')?.toISOString(),
      '2026-04-04T15:30:00.000Z',
    );
  });

  void test('a zone east of Greenwich and a half-hour zone', () => {
    assert.equal(
      parseTeeTime('09:00', '2026-06-16', 'Asia/Kolkata')?.toISOString(),
      '2026-06-16T03:30:00.000Z',
    );
    assert.equal(
      parseTeeTime('09:00', '2026-06-16', 'UTC')?.toISOString(),
      '2026-06-16T09:00:00.000Z',
    );
  });
});

// ---------------------------------------------------------------------------------------------
// Boards
// ---------------------------------------------------------------------------------------------

function nulls(count: number): null[] {
  return new Array<null>(count).fill(null);
}

/** A 9-hole card: the given strokes, then holes not played yet. */
function card(...strokes: (number | null)[]): (number | null)[] {
  return [...strokes, ...nulls(9 - strokes.length)];
}

let nextUserId = 1;

function golfer(
  name: string,
  holes: (number | null)[] | null,
  team?: { id: number; name: string },
): FieldCard {
  nextUserId += 1;
  return {
    userId: nextUserId,
    name,
    teamId: team?.id ?? null,
    teamName: team?.name ?? null,
    holes,
  };
}

function individual(golfers: FieldCard[], pars: number[] | null = NINE_PARS): ScoredBoard {
  const [board] = buildLeaderboards({ pars, golfers, teamBoard: false });
  assert.ok(board !== undefined);
  return board;
}

function summary(board: ScoredBoard) {
  return board.entries.map(({ row }) => [row.position, row.name, row.thru, row.total, row.toPar]);
}

void describe('stroke leaderboard', () => {
  void test('orders by strokes to par, then holes played, then name, with competition ranks', () => {
    const board = individual([
      golfer('Dee', card(4, 4, 3)), // E thru 3
      golfer('Cy', card(3, 4, 3)), // -1 thru 3
      golfer('Al', card(4, 4, 3, 5)), // E thru 4
      golfer('Bo', card(5)), // +1 thru 1
      golfer('Ed', card(3, 4, 3)), // -1 thru 3
      golfer('Ann', card(4, 4, 3)), // E thru 3
    ]);
    assert.deepEqual(summary(board), [
      ['T1', 'Cy', 3, 10, -1],
      ['T1', 'Ed', 3, 10, -1],
      ['3', 'Al', 4, 16, 0],
      ['T4', 'Ann', 3, 11, 0],
      ['T4', 'Dee', 3, 11, 0],
      ['6', 'Bo', 1, 5, 1],
    ]);
  });

  void test('1, T2, T2, 4 with rank and tied', () => {
    const board = individual([
      golfer('Dan', card(5, 5)),
      golfer('Cat', card(4, 4)),
      golfer('Bea', card(4, 4)),
      golfer('Abe', card(3, 4)),
    ]);
    assert.deepEqual(
      board.entries.map(({ row }) => [row.position, row.rank, row.tied, row.name]),
      [
        ['1', 1, false, 'Abe'],
        ['T2', 2, true, 'Bea'],
        ['T2', 2, true, 'Cat'],
        ['4', 4, false, 'Dan'],
      ],
    );
  });

  void test('the same strokes to par over different holes played are different places', () => {
    const board = individual([golfer('Al', card(4, 4)), golfer('Bo', card(4, 4, 3))]);
    assert.deepEqual(summary(board), [
      ['1', 'Bo', 3, 11, 0],
      ['2', 'Al', 2, 8, 0],
    ]);
  });

  void test('golfers without a score come last, by name, with no place', () => {
    const board = individual([
      golfer('Zed', card(6)),
      golfer('Cal', null),
      golfer('Abe', card()),
      golfer('Bob', card(4)),
    ]);
    assert.deepEqual(
      board.entries.map(({ row }) => [row.position, row.rank, row.tied, row.name, row.thru]),
      [
        ['1', 1, false, 'Bob', 1],
        ['2', 2, false, 'Zed', 1],
        [null, null, false, 'Abe', 0],
        [null, null, false, 'Cal', 0],
      ],
    );
    const noCard = board.entries[3]?.row;
    assert.ok(noCard !== undefined);
    assert.deepEqual(noCard.holes, nulls(9), 'a golfer without a card shows an empty card');
    assert.deepEqual([noCard.total, noCard.toPar], [0, 0]);
  });

  void test('holes skipped in the middle count neither strokes nor par', () => {
    const board = individual([golfer('Al', card(4, null, 5))]);
    assert.deepEqual(summary(board), [['1', 'Al', 2, 9, 2]]);
    assert.deepEqual(board.entries[0]?.row.holes, card(4, null, 5));
  });

  void test('the par of the board is the course par; team names ride along', () => {
    const al = golfer('Al', [...card(4), ...nulls(9)], { id: 7, name: 'Eagles' });
    const board = individual([al], EIGHTEEN_PARS);
    assert.equal(board.par, 72);
    assert.equal(board.scoring, 'stroke');
    const [entry] = board.entries;
    assert.ok(entry !== undefined);
    assert.equal(entry.row.teamName, 'Eagles');
    assert.deepEqual(entry.competitor, { userId: al.userId });
  });

  void test('names are ordered by one collator, the same golfer name twice in field order', () => {
    const first = golfer('Émile', card(4));
    const second = golfer('Émile', card(4));
    const board = individual([golfer('Zoe', card(4)), second, first, golfer('eve', card(4))]);
    assert.deepEqual(
      board.entries.map(({ row }) => row.name),
      ['Émile', 'Émile', 'eve', 'Zoe'],
    );
    assert.equal(board.entries[0]?.competitor.userId, second.userId);
  });

  void test('no pars: no rows', () => {
    const board = individual([golfer('Al', null)], null);
    assert.equal(board.par, null);
    assert.deepEqual(board.entries, []);
  });
});

void describe('best-ball team leaderboard', () => {
  const eagles = { id: 1, name: 'Eagles' };
  const hawks = { id: 2, name: 'Hawks' };

  function teams(golfers: FieldCard[]): ScoredBoard {
    const boards = buildLeaderboards({ pars: NINE_PARS, golfers, teamBoard: true });
    assert.deepEqual(
      boards.map((board) => [board.kind, board.scoring]),
      [
        ['individual', 'stroke'],
        ['team', 'best-ball'],
      ],
    );
    const board = boards[1];
    assert.ok(board !== undefined);
    return board;
  }

  void test('per hole the lowest score of the team; a hole counts when any member has it', () => {
    const board = teams([
      golfer('Al', card(5, 4, null), eagles),
      golfer('Bo', card(4, 6, null, 6), eagles),
      golfer('Cy', card(4, 4, 3), hawks),
      golfer('Di', null, hawks),
    ]);
    assert.deepEqual(
      board.entries.map(({ row, competitor }) => [...rowCells(row), competitor]),
      [
        ['1', 'Hawks', 'Hawks', card(4, 4, 3), 3, 11, 0, { teamId: 2 }],
        ['2', 'Eagles', 'Eagles', card(4, 4, null, 6), 3, 14, 1, { teamId: 1 }],
      ],
    );
  });

  void test('a team with no card is listed last; golfers without a team are not on it', () => {
    const board = teams([
      golfer('Al', null, eagles),
      golfer('Cy', card(5), hawks),
      golfer('Solo', card(3)),
    ]);
    assert.deepEqual(
      board.entries.map(({ row }) => [row.position, row.name, row.thru]),
      [
        ['1', 'Hawks', 1],
        [null, 'Eagles', 0],
      ],
    );
  });

  void test('teams tie like golfers', () => {
    const board = teams([
      golfer('Al', card(4), eagles),
      golfer('Cy', card(4), hawks),
      golfer('Ed', card(3), { id: 3, name: 'Owls' }),
    ]);
    assert.deepEqual(
      board.entries.map(({ row }) => [row.position, row.name]),
      [
        ['1', 'Owls'],
        ['T2', 'Eagles'],
        ['T2', 'Hawks'],
      ],
    );
  });

  void test('without pars both boards have no rows', () => {
    const boards = buildLeaderboards({
      pars: null,
      golfers: [golfer('Al', null, eagles)],
      teamBoard: true,
    });
    assert.deepEqual(
      boards.map((board) => board.entries.length),
      [0, 0],
    );
  });
});

void describe('stored boards', () => {
  void test('keep the field and whom each row scores for, and give the boards back as scored', () => {
    const eagles = { id: 9, name: 'Eagles' };
    const golfers = [golfer('Al', card(4, 5), eagles), golfer('Bo', card(6), eagles)];
    const [al, bo] = golfers.map((one) => one.userId) as [number, number];
    const boards = buildLeaderboards({
      pars: NINE_PARS,
      golfers,
      teamBoard: true,
      net: { strokeIndex: null, handicaps: new Map([[al, 10]]) },
    });
    // As the database gives it back: JSON.
    const stored = JSON.parse(JSON.stringify(storedLeaderboards(boards, golfers))) as ReturnType<
      typeof storedLeaderboards
    >;
    assert.deepEqual(stored.field, [
      { userId: al, teamId: 9 },
      { userId: bo, teamId: 9 },
    ]);
    assert.deepEqual(
      stored.leaderboards.map((board) => Object.keys(board)),
      [
        ['kind', 'name', 'scoring', 'par', 'rows', 'competitors'],
        ['kind', 'name', 'scoring', 'par', 'rows', 'competitors', 'received'],
        ['kind', 'name', 'scoring', 'par', 'rows', 'competitors', 'received'],
      ],
    );
    assert.deepEqual(scoredFromStored(stored), boards);
  });
});

void describe('competition ranks', () => {
  const cases: { values: number[]; expected: [number, boolean][] }[] = [
    { values: [], expected: [] },
    { values: [1], expected: [[1, false]] },
    {
      values: [1, 2, 2, 3],
      expected: [
        [1, false],
        [2, true],
        [2, true],
        [4, false],
      ],
    },
    {
      values: [5, 5, 5],
      expected: [
        [1, true],
        [1, true],
        [1, true],
      ],
    },
    {
      values: [1, 1, 2, 2],
      expected: [
        [1, true],
        [1, true],
        [3, true],
        [3, true],
      ],
    },
  ];
  for (const { values, expected } of cases) {
    void test(`[${values.join(', ')}]`, () => {
      assert.deepEqual(
        competitionRanks(values, (a, b) => a === b).map(({ rank, tied }) => [rank, tied]),
        expected,
      );
    });
  }
});

void describe('results from a board', () => {
  const points = [100, 80, 65, 50, 40];

  function results(golfers: FieldCard[], table = points) {
    const board = individual(golfers);
    const names = new Map(golfers.map((one) => [one.userId, one.name]));
    return resultsFromBoard(board.entries, 9, table).map((result) => [
      names.get(result.competitor.userId ?? 0),
      result.position,
      result.points,
    ]);
  }

  const full = (...strokes: number[]) =>
    card(...strokes, ...new Array<number>(9 - strokes.length).fill(4));

  void test('place n gets points[n-1]', () => {
    assert.deepEqual(
      results([golfer('Al', full(3)), golfer('Bo', full()), golfer('Cy', full(5))]),
      [
        ['Al', 1, 100],
        ['Bo', 2, 80],
        ['Cy', 3, 65],
      ],
    );
  });

  void test('golfers sharing a place share the average of the places they span', () => {
    assert.deepEqual(
      results([
        golfer('Al', full(3)),
        golfer('Bo', full()),
        golfer('Cy', full()),
        golfer('Di', full(5)),
      ]),
      [
        ['Al', 1, 100],
        ['Bo', 2, 72.5],
        ['Cy', 2, 72.5],
        ['Di', 4, 50],
      ],
    );
  });

  void test('a three-way share keeps two decimals', () => {
    assert.deepEqual(
      results([golfer('Al', full()), golfer('Bo', full()), golfer('Cy', full())], [100, 80, 65]),
      [
        ['Al', 1, 81.67],
        ['Bo', 1, 81.67],
        ['Cy', 1, 81.67],
      ],
    );
  });

  void test('places past the end of the points list get nothing, shares included', () => {
    assert.deepEqual(
      results([golfer('Al', full(3)), golfer('Bo', full()), golfer('Cy', full())], [10, 6]),
      [
        ['Al', 1, 10],
        ['Bo', 2, 3],
        ['Cy', 2, 3],
      ],
    );
  });

  void test('golfers without a full card get nothing and take no place', () => {
    assert.deepEqual(
      results([
        golfer('Leader', card(3, 3, 3)),
        golfer('Al', full(5)),
        golfer('Nobody', null),
        golfer('Bo', full(6)),
      ]),
      [
        ['Al', 1, 100],
        ['Bo', 2, 80],
      ],
    );
  });

  void test('no pars, or no full card: no results', () => {
    assert.deepEqual(
      resultsFromBoard(individual([golfer('Al', full())], null).entries, 9, points),
      [],
    );
    assert.deepEqual(results([golfer('Al', card(4))]), []);
  });
});
