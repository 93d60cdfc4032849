import type { Static } from 'typebox';
import type { LeaderboardRow as ScoredRow } from '../../domain/leaderboards.js';
import type { LeaderboardRow, Leaderboards } from './schema.js';
import type { EventLeaderboards } from './service.js';

function presentRow(row: ScoredRow): Static<typeof LeaderboardRow> {
  const present: Static<typeof LeaderboardRow> = {
    position: row.position,
    rank: row.rank,
    tied: row.tied,
    name: row.name,
    teamName: row.teamName,
    thru: row.thru,
    total: row.total,
    toPar: row.toPar,
    holes: [...row.holes],
  };
  // Set when present, not spread in (a slow path of V8, paid per row of every board).
  if (row.handicap !== undefined) present.handicap = row.handicap;
  return present;
}

/**
 * An event's boards as the public reads them, field by field: nothing stored beside them
 * leaves the server, and every reader gets the keys in one order.
 */
export function presentLeaderboards(boards: EventLeaderboards): Static<typeof Leaderboards> {
  return {
    version: boards.version,
    leaderboards: boards.leaderboards.map((board) => ({
      name: board.name,
      scoring: board.scoring,
      par: board.par,
      rows: board.rows.map(presentRow),
    })),
  };
}

/**
 * The bytes of the leaderboard document, the same for the JSON read and for every event of
 * the live stream: serialized once per version, here and nowhere else.
 */
export function leaderboardJson(boards: EventLeaderboards): string {
  return JSON.stringify(presentLeaderboards(boards));
}
