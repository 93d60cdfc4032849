import { competitionRanks, type BoardEntry, type Competitor } from './leaderboards.js';

export interface BoardResult {
  competitor: Competitor;
  position: number;
  points: number;
}

/** Shared points are kept to the cent of a point, as standings tables show them. */
function roundPoints(points: number): number {
  return Math.round(points * 100) / 100;
}

/**
 * Standings results from a final board. Only full cards (`holeCount` holes played) count:
 * they are ranked again among themselves by strokes to par, place n gets `points[n-1]`
 * (nothing past the end of the list), and golfers sharing a place share the average of the
 * points of the places they span. Everyone else gets no result.
 */
export function resultsFromBoard(
  entries: readonly BoardEntry[],
  holeCount: number,
  points: readonly number[],
): BoardResult[] {
  const finished = entries.filter((entry) => entry.row.thru === holeCount);
  const ranks = competitionRanks(finished, (a, b) => a.row.toPar === b.row.toPar);
  const sharing = new Map<number, number>();
  for (const { rank } of ranks) sharing.set(rank, (sharing.get(rank) ?? 0) + 1);
  return finished.map((entry, index) => {
    const rank = ranks[index]?.rank ?? index + 1;
    const span = sharing.get(rank) ?? 1;
    let sum = 0;
    for (let place = rank; place < rank + span; place += 1) sum += points[place - 1] ?? 0;
    return { competitor: entry.competitor, position: rank, points: roundPoints(sum / span) };
  });
}
