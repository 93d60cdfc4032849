/** Net scoring of decisions §24: strokes received per hole, and the playing handicap. */

/** Playing handicaps an organizer may set, in strokes. */
export const MIN_PLAYING_HANDICAP = -10;
export const MAX_PLAYING_HANDICAP = 54;

/**
 * What is wrong with a stroke index for a course of `holeCount` holes (keyed by body field,
 * holes named from 1); empty when it ranks every hole once, 1 the hardest.
 */
export function strokeIndexErrors(strokeIndex: unknown, holeCount: number): Record<string, string> {
  if (!Array.isArray(strokeIndex) || strokeIndex.length !== holeCount) {
    return { strokeIndex: `must rank each hole of the course once: ${holeCount} numbers` };
  }
  const seen = new Set<number>();
  for (const [position, rank] of (strokeIndex as unknown[]).entries()) {
    const valid = typeof rank === 'number' && Number.isInteger(rank) && rank >= 1;
    if (!valid || rank > holeCount || seen.has(rank)) {
      return {
        [`strokeIndex.${position + 1}`]: `hole ${position + 1} must have a rank from 1 to ${holeCount} that no other hole has`,
      };
    }
    seen.add(rank);
  }
  return {};
}

/** Holes ranked in their order (hole 1 the hardest), for a course without a stroke index. */
export function strokeIndexInOrder(holeCount: number): number[] {
  return Array.from({ length: holeCount }, (_, hole) => hole + 1);
}

/**
 * Strokes a playing handicap `handicap` gives on each hole: every hole floor(h / n), and one
 * more on the holes whose stroke index is at most h mod n. A negative handicap gives strokes
 * back, on the holes of the highest indexes first.
 */
export function strokesReceived(handicap: number, strokeIndex: readonly number[]): number[] {
  const holes = strokeIndex.length;
  const everyHole = Math.floor(handicap / holes);
  const extra = handicap - everyHole * holes;
  return strokeIndex.map((rank) => everyHole + (rank <= extra ? 1 : 0));
}

/** Net strokes per hole; a hole not played yet stays null. */
export function netStrokes(
  strokes: readonly (number | null)[],
  received: readonly number[],
): (number | null)[] {
  return strokes.map((hole, index) => (hole === null ? null : hole - (received[index] ?? 0)));
}

/**
 * The playing handicap of a golfer the organizer set none for: the league handicap scaled to
 * the card (× holes / 18), rounded half up; 0 without a league handicap.
 */
export function playingHandicap(leagueHandicap: number | null, holes: number): number {
  if (leagueHandicap === null) return 0;
  // In tenths: league handicaps have one decimal, so the product is exact.
  const tenths = Math.round(leagueHandicap * 10) * holes;
  return Math.floor((tenths + 90) / 180);
}
