/** A competitor's total, before ranking. */
export interface Total {
  competitorId: number;
  name: string;
  points: number;
  events: number;
}

export interface RankedRow extends Total {
  rank: number;
  tied: boolean;
}

/** The order of `String.prototype.localeCompare`, built once rather than on every comparison. */
const byName = new Intl.Collator();

/**
 * Standard competition ranking ("1, 2, 2, 4"): points descending, equal points share a rank
 * and are marked `tied`; competitors on equal points are listed by name.
 */
export function rankTotals(totals: readonly Total[]): RankedRow[] {
  const sorted = [...totals].sort(
    (a, b) =>
      b.points - a.points || byName.compare(a.name, b.name) || a.competitorId - b.competitorId,
  );
  const pointsCount = new Map<number, number>();
  for (const total of sorted)
    pointsCount.set(total.points, (pointsCount.get(total.points) ?? 0) + 1);
  let rank = 0;
  return sorted.map((total, index) => {
    if (index === 0 || sorted[index - 1]?.points !== total.points) rank = index + 1;
    // Explicit properties: an object spread per row is a slow path on Node 20.
    return {
      competitorId: total.competitorId,
      name: total.name,
      points: total.points,
      events: total.events,
      rank,
      tied: (pointsCount.get(total.points) ?? 0) > 1,
    };
  });
}
