/** The cells of a leaderboard row a reader sees, in the order the board shows them. */
export interface RowCells {
  position: unknown;
  name: unknown;
  teamName: unknown;
  holes: unknown;
  thru: unknown;
  total: unknown;
  toPar: unknown;
}

/** A row as the list of its cells, to compare whole boards at a glance. */
export function rowCells(row: RowCells): unknown[] {
  return [row.position, row.name, row.teamName, row.holes, row.thru, row.total, row.toPar];
}
