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
 * Whether a new entry (a golfer, or a whole team holding all its seats) still fits the
 * league's cap, which is counted in golfers.
 */
export function newEntryFits(
  maxEntries: number | null,
  seatsReserved: number,
  entrySize: number,
): boolean {
  return maxEntries === null || seatsReserved + entrySize <= maxEntries;
}
