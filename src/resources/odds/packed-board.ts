import type { CompetitorOdds, OddsBoardInput, OddsCompetitor } from '../../domain/odds.js';
import { oddsBasis } from '../../domain/odds.js';

/**
 * A board as it crosses to a simulation thread: flat typed arrays whose buffers are moved,
 * not copied (a structured clone of the field's residuals and every golfer's history would
 * cost the event loop time in proportion to the org's cards, at every board version).
 */
export interface PackedBoard {
  simulations: number;
  seed: number;
  pars: Float64Array;
  difficulty: Float64Array;
  field: Float64Array;
  /** Per competitor, how many members (golfers) it has. */
  members: Int32Array;
  /** Per member, a row of `pars.length` strokes; NaN for a hole not played yet. */
  holes: Float64Array;
  /** Per member, a row of `pars.length` strokes received (net boards); 0 on a gross board. */
  received: Float64Array;
  /** Per member, how many residuals of `residuals` are theirs, in member order. */
  residualCounts: Int32Array;
  residuals: Float64Array;
}

/** The board packed, and the buffers to hand over with it. */
export function packBoard(input: OddsBoardInput): {
  board: PackedBoard;
  transfer: ArrayBuffer[];
} {
  const golfers = input.competitors.flatMap((competitor) => competitor.members);
  const holeCount = input.pars.length;
  const holes = new Float64Array(golfers.length * holeCount);
  const received = new Float64Array(golfers.length * holeCount);
  const residualCounts = new Int32Array(golfers.length);
  let residualTotal = 0;
  golfers.forEach((golfer, index) => {
    for (let hole = 0; hole < holeCount; hole += 1) {
      holes[index * holeCount + hole] = golfer.holes[hole] ?? Number.NaN;
      received[index * holeCount + hole] = golfer.received?.[hole] ?? 0;
    }
    residualCounts[index] = golfer.residuals.length;
    residualTotal += golfer.residuals.length;
  });
  const residuals = new Float64Array(residualTotal);
  let offset = 0;
  for (const golfer of golfers) {
    residuals.set(golfer.residuals, offset);
    offset += golfer.residuals.length;
  }
  const board: PackedBoard = {
    simulations: input.simulations,
    seed: input.seed,
    pars: Float64Array.from(input.pars),
    difficulty: Float64Array.from(input.pars, (_, hole) => input.difficulty[hole] ?? 0),
    field: Float64Array.from(input.fieldResiduals),
    members: Int32Array.from(input.competitors, (competitor) => competitor.members.length),
    holes,
    received,
    residualCounts,
    residuals,
  };
  const transfer = [
    board.pars,
    board.difficulty,
    board.field,
    board.members,
    holes,
    received,
    residualCounts,
    residuals,
  ].map((array) => array.buffer as ArrayBuffer);
  return { board, transfer };
}

/** The board again, on the thread. Ranks play no part in a simulation. */
export function unpackBoard(board: PackedBoard): OddsBoardInput {
  const holeCount = board.pars.length;
  let golfer = 0;
  let residualOffset = 0;
  const competitors: OddsCompetitor[] = Array.from(board.members, (count) => ({
    rank: null,
    members: Array.from({ length: count }, () => {
      const row = board.holes.subarray(golfer * holeCount, (golfer + 1) * holeCount);
      const strokes = board.received.subarray(golfer * holeCount, (golfer + 1) * holeCount);
      const residualCount = board.residualCounts[golfer] ?? 0;
      const residuals = board.residuals.subarray(residualOffset, residualOffset + residualCount);
      golfer += 1;
      residualOffset += residualCount;
      const member = {
        holes: Array.from(row, (played) => (Number.isNaN(played) ? null : played)),
        residuals: Array.from(residuals),
      };
      // A gross board's golfer receives nothing, and is sent without the row of zeros.
      return strokes.some((given) => given !== 0)
        ? { ...member, received: Array.from(strokes) }
        : member;
    }),
  }));
  return {
    pars: Array.from(board.pars),
    difficulty: Array.from(board.difficulty),
    fieldResiduals: Array.from(board.field),
    competitors,
    simulations: board.simulations,
    seed: board.seed,
  };
}

/** A board's chances as they come back: `win` of every competitor, then `top3`. */
export function packOdds(odds: readonly CompetitorOdds[]): Float64Array {
  const packed = new Float64Array(odds.length * 2);
  odds.forEach((row, index) => {
    packed[index] = row.win;
    packed[odds.length + index] = row.top3;
  });
  return packed;
}

/** The chances of the board's competitors, their basis known from the board itself. */
export function unpackOdds(
  packed: Float64Array,
  competitors: readonly OddsCompetitor[],
): CompetitorOdds[] {
  return competitors.map((competitor, index) => ({
    win: packed[index] ?? 0,
    top3: packed[competitors.length + index] ?? 0,
    basis: oddsBasis(competitor),
  }));
}
