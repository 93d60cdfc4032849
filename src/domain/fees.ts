/** What one golfer owes to register: nothing when a teammate already bought the entry. */
export function golferFeeCents(
  league: { feeMembersCents: number; feePerEntry: boolean },
  teamEntryPaid: boolean,
): number {
  return league.feePerEntry && teamEntryPaid ? 0 : league.feeMembersCents;
}
