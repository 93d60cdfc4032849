export interface SeasonSpan {
  id: number;
  startDate: string;
  endDate: string;
}

/**
 * The season a season-scoped table shows by default: the one that contains `today`, else the
 * latest that has started, else the first to come. Null when there are no seasons.
 */
export function currentSeasonId(seasons: readonly SeasonSpan[], today: string): number | null {
  const containing = seasonContaining(seasons, today);
  if (containing !== undefined) return containing.id;
  const started = seasons
    .filter((season) => season.startDate <= today)
    .sort((a, b) => b.startDate.localeCompare(a.startDate));
  if (started[0] !== undefined) return started[0].id;
  const upcoming = [...seasons].sort((a, b) => a.startDate.localeCompare(b.startDate));
  return upcoming[0]?.id ?? null;
}

/** The season whose days contain `day`, if any. */
export function seasonContaining<T extends SeasonSpan>(
  seasons: readonly T[],
  day: string,
): T | undefined {
  return seasons.find((season) => season.startDate <= day && day <= season.endDate);
}

/** Whether two seasons share at least one day. */
export function seasonsOverlap(a: Omit<SeasonSpan, 'id'>, b: Omit<SeasonSpan, 'id'>): boolean {
  return a.startDate <= b.endDate && b.startDate <= a.endDate;
}
