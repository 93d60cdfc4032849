import { netStrokes, strokeIndexInOrder, strokesReceived } from './net-scoring.js';

/** Names sort the same way on every board; one collator serves them all. */
const names = new Intl.Collator('en');

/** A golfer of the field with their card (null without one), in registration order. */
export interface FieldCard {
  userId: number;
  name: string;
  /** Set in a team league only: the team board groups by it. */
  teamId: number | null;
  teamName: string | null;
  holes: readonly (number | null)[] | null;
}

/** One line of a public board; `position` and `rank` are null before the first hole. */
export interface LeaderboardRow {
  position: string | null;
  rank: number | null;
  tied: boolean;
  name: string;
  teamName: string | null;
  thru: number;
  total: number;
  toPar: number;
  holes: (number | null)[];
  /** On the net board only: the playing handicap the golfer's strokes are netted with. */
  handicap?: number;
}

export const BOARD_KINDS = ['individual', 'net', 'team'] as const;
export type BoardKind = (typeof BOARD_KINDS)[number];
export const SCORINGS = ['stroke', 'best-ball', 'net', 'best-net-ball'] as const;
export type Scoring = (typeof SCORINGS)[number];

/** Whether a board of this scoring ranks teams rather than golfers. */
export function isTeamScoring(scoring: Scoring): boolean {
  return scoring === 'best-ball' || scoring === 'best-net-ball';
}

/** Whom a row scores for: a golfer on the individual board, a team on the team board. */
export type Competitor =
  { userId: number; teamId?: undefined } | { teamId: number; userId?: undefined };

export interface BoardEntry {
  competitor: Competitor;
  row: LeaderboardRow;
}

/** A computed board: public rows with whom each scores for, which the public never sees. */
export interface ScoredBoard {
  kind: BoardKind;
  name: string;
  scoring: Scoring;
  par: number | null;
  entries: BoardEntry[];
  /** On a net-scored board: the strokes each golfer receives per hole, by user id. */
  received?: ReadonlyMap<number, readonly number[]>;
}

export interface PublicLeaderboard {
  name: string;
  scoring: Scoring;
  par: number | null;
  rows: LeaderboardRow[];
}

/** The stored and public shape of an event's boards. */
export interface PublicLeaderboards {
  leaderboards: PublicLeaderboard[];
}

const INDIVIDUAL_BOARD_NAME = 'Individual';
const TEAM_BOARD_NAME = 'Teams';
const NET_BOARD_NAME = 'Net';

/** A row before ranking; `order` settles equal names so that the order never wavers. */
interface Line {
  competitor: Competitor;
  order: number;
  name: string;
  teamName: string | null;
  holes: (number | null)[];
  thru: number;
  total: number;
  toPar: number;
}

function line(
  competitor: Competitor,
  order: number,
  labels: { name: string; teamName: string | null },
  holes: (number | null)[],
  pars: readonly number[],
): Line {
  let thru = 0;
  let total = 0;
  let parPlayed = 0;
  for (let hole = 0; hole < holes.length; hole += 1) {
    const strokes = holes[hole];
    if (strokes === null || strokes === undefined) continue;
    thru += 1;
    total += strokes;
    parPlayed += pars[hole] ?? 0;
  }
  return {
    competitor,
    order,
    name: labels.name,
    teamName: labels.teamName,
    holes,
    thru,
    total,
    toPar: total - parPlayed,
  };
}

/** Scored lines first (to par, then more holes played, then name); unscored by name. */
function compareLines(a: Line, b: Line): number {
  const aScored = a.thru > 0;
  const bScored = b.thru > 0;
  if (aScored !== bScored) return aScored ? -1 : 1;
  if (aScored && (a.toPar !== b.toPar || a.thru !== b.thru)) {
    return a.toPar - b.toPar || b.thru - a.thru;
  }
  return names.compare(a.name, b.name) || a.order - b.order;
}

/**
 * Standard competition ranks ("1, 2, 2, 4") of items already in order, where `same` tells
 * whether two neighbours share a place.
 */
export function competitionRanks<T>(
  sorted: readonly T[],
  same: (a: T, b: T) => boolean,
): { rank: number; tied: boolean }[] {
  const ranks: { rank: number; tied: boolean }[] = [];
  let start = 0;
  while (start < sorted.length) {
    let end = start + 1;
    while (end < sorted.length && same(sorted[start] as T, sorted[end] as T)) end += 1;
    for (let index = start; index < end; index += 1) {
      ranks.push({ rank: start + 1, tied: end - start > 1 });
    }
    start = end;
  }
  return ranks;
}

function rankLines(lines: Line[]): BoardEntry[] {
  lines.sort(compareLines);
  const scored = lines.filter((candidate) => candidate.thru > 0);
  const ranks = competitionRanks(scored, (a, b) => a.toPar === b.toPar && a.thru === b.thru);
  return lines.map((ranked, index) => {
    const place = ranks[index];
    return {
      competitor: ranked.competitor,
      row: {
        position: place === undefined ? null : `${place.tied ? 'T' : ''}${place.rank}`,
        rank: place?.rank ?? null,
        tied: place?.tied ?? false,
        name: ranked.name,
        teamName: ranked.teamName,
        thru: ranked.thru,
        total: ranked.total,
        toPar: ranked.toPar,
        holes: ranked.holes,
      },
    };
  });
}

function emptyCard(holeCount: number): (number | null)[] {
  return new Array<number | null>(holeCount).fill(null);
}

function strokeLines(golfers: readonly FieldCard[], pars: readonly number[]): Line[] {
  return golfers.map((golfer, order) =>
    line(
      { userId: golfer.userId },
      order,
      golfer,
      golfer.holes === null ? emptyCard(pars.length) : [...golfer.holes],
      pars,
    ),
  );
}

/** Per hole the lowest score of the team's members; a hole is played when any member has it. */
function bestBallLines(golfers: readonly FieldCard[], pars: readonly number[]): Line[] {
  const teams = new Map<number, { name: string; holes: (number | null)[] }>();
  for (const golfer of golfers) {
    if (golfer.teamId === null) continue;
    let team = teams.get(golfer.teamId);
    if (team === undefined) {
      team = { name: golfer.teamName ?? '', holes: emptyCard(pars.length) };
      teams.set(golfer.teamId, team);
    }
    if (golfer.holes === null) continue;
    for (let hole = 0; hole < pars.length; hole += 1) {
      const strokes = golfer.holes[hole] ?? null;
      const best = team.holes[hole] ?? null;
      if (strokes !== null && (best === null || strokes < best)) team.holes[hole] = strokes;
    }
  }
  return [...teams].map(([teamId, team], order) =>
    line({ teamId }, order, { name: team.name, teamName: team.name }, team.holes, pars),
  );
}

/** What a net-scored event adds: its stroke index (null: holes in order) and handicaps. */
export interface NetScoring {
  strokeIndex: readonly number[] | null;
  /** Each golfer's playing handicap, by user id; a golfer missing here plays off 0. */
  handicaps: ReadonlyMap<number, number>;
}

/** The field with each card netted (decisions §24), and the strokes each golfer receives. */
function nettedField(
  golfers: readonly FieldCard[],
  holeCount: number,
  net: NetScoring,
): { golfers: FieldCard[]; received: Map<number, number[]> } {
  const strokeIndex = net.strokeIndex ?? strokeIndexInOrder(holeCount);
  const received = new Map<number, number[]>();
  const netted = golfers.map((golfer) => {
    const strokes = strokesReceived(net.handicaps.get(golfer.userId) ?? 0, strokeIndex);
    received.set(golfer.userId, strokes);
    return { ...golfer, holes: golfer.holes === null ? null : netStrokes(golfer.holes, strokes) };
  });
  return { golfers: netted, received };
}

/**
 * An event's boards: the individual stroke board; with net scoring a net board after it;
 * and on a night of a team league a best-ball board of its teams, best net ball with net
 * scoring. Without pars every board has no rows.
 */
export function buildLeaderboards(input: {
  pars: readonly number[] | null;
  golfers: readonly FieldCard[];
  teamBoard: boolean;
  net?: NetScoring | null;
}): ScoredBoard[] {
  const pars = input.pars;
  const par = pars === null ? null : pars.reduce((sum, hole) => sum + hole, 0);
  const boards: ScoredBoard[] = [
    {
      kind: 'individual',
      name: INDIVIDUAL_BOARD_NAME,
      scoring: 'stroke',
      par,
      entries: pars === null ? [] : rankLines(strokeLines(input.golfers, pars)),
    },
  ];
  const net = input.net ?? null;
  const netted =
    pars === null || net === null ? null : nettedField(input.golfers, pars.length, net);
  if (net !== null) {
    boards.push({
      kind: 'net',
      name: NET_BOARD_NAME,
      scoring: 'net',
      par,
      entries:
        pars === null || netted === null
          ? []
          : rankLines(strokeLines(netted.golfers, pars)).map((entry) => ({
              ...entry,
              row: { ...entry.row, handicap: net.handicaps.get(entry.competitor.userId ?? 0) ?? 0 },
            })),
      ...(netted === null ? {} : { received: netted.received }),
    });
  }
  if (input.teamBoard) {
    boards.push({
      kind: 'team',
      name: TEAM_BOARD_NAME,
      scoring: net === null ? 'best-ball' : 'best-net-ball',
      par,
      entries:
        pars === null ? [] : rankLines(bestBallLines(netted?.golfers ?? input.golfers, pars)),
      ...(netted === null ? {} : { received: netted.received }),
    });
  }
  return boards;
}

/** A golfer of the field, in registration order, with their team (a team league only). */
export interface FieldMember {
  userId: number;
  teamId: number | null;
}

/**
 * A board as stored: its public rows and, beside them, what only the server reads (the
 * inputs of the odds): whom each row scores for and, on a net-scored board, the strokes
 * each golfer receives per hole.
 */
export interface StoredBoard extends PublicLeaderboard {
  kind: BoardKind;
  /** Row by row, whom the row scores for. */
  competitors: Competitor[];
  /** On a net-scored board: each golfer's user id and strokes received per hole. */
  received?: [number, number[]][];
}

/**
 * An event's boards as the write that changed them stored them: the public read presents
 * the rows only (field by field), and the odds read the rest instead of scoring again.
 */
export interface StoredLeaderboards {
  leaderboards: StoredBoard[];
  field: FieldMember[];
}

/** The boards and the field they were scored from, as they are stored. */
export function storedLeaderboards(
  boards: readonly ScoredBoard[],
  field: readonly FieldMember[],
): StoredLeaderboards {
  return {
    leaderboards: boards.map((board) => ({
      kind: board.kind,
      name: board.name,
      scoring: board.scoring,
      par: board.par,
      rows: board.entries.map((entry) => entry.row),
      competitors: board.entries.map((entry) => entry.competitor),
      ...(board.received === undefined
        ? {}
        : { received: [...board.received].map(([userId, strokes]) => [userId, [...strokes]]) }),
    })),
    field: field.map((golfer) => ({ userId: golfer.userId, teamId: golfer.teamId })),
  };
}

/** The stored boards as they were scored: each row with whom it scores for. */
export function scoredFromStored(stored: StoredLeaderboards): ScoredBoard[] {
  return stored.leaderboards.map((board) => ({
    kind: board.kind,
    name: board.name,
    scoring: board.scoring,
    par: board.par,
    entries: board.rows.flatMap((row, index) => {
      const competitor = board.competitors[index];
      return competitor === undefined ? [] : [{ competitor, row }];
    }),
    ...(board.received === undefined ? {} : { received: new Map(board.received) }),
  }));
}
