/** Seat counts of a team, as the public team summary shows them. */
export interface TeamSeats {
  entrySize: number;
  seatsFilled: number;
  seatsRemaining: number;
  complete: boolean;
}

export function teamSeats(entrySize: number, activeMembers: number): TeamSeats {
  const seatsRemaining = Math.max(entrySize - activeMembers, 0);
  return { entrySize, seatsFilled: activeMembers, seatsRemaining, complete: seatsRemaining === 0 };
}

/** Partners a registrant may name: their own seat comes out of the same total. */
export function maxPartners(seatsRemaining: number): number {
  return Math.max(seatsRemaining - 1, 0);
}

/**
 * Golfers' places a new entry can still take under the league's cap (a team needs all its
 * seats); null for a league without a cap. A cap lowered below the seats already taken
 * leaves none.
 */
export function spotsRemaining(maxEntries: number | null, seatsReserved: number): number | null {
  return maxEntries === null ? null : Math.max(maxEntries - seatsReserved, 0);
}

/** Whether a new entry (a golfer, or a whole team holding all its seats) still fits the cap. */
export function newEntryFits(
  maxEntries: number | null,
  seatsReserved: number,
  entrySize: number,
): boolean {
  return spotsFit(spotsRemaining(maxEntries, seatsReserved), entrySize);
}

/** Whether an entry of `entrySize` golfers fits in the places left (null: no cap). */
export function spotsFit(spots: number | null, entrySize: number): boolean {
  return spots === null || entrySize <= spots;
}
