import { sql, type Kysely } from 'kysely';

/**
 * A golfer's links to orgs (`GOLFER_LINKS`, and the change announcement of a golfer's
 * profile mark) found by the golfer. Without these, each write that marked golfers' profiles
 * stale (a change to a complete card marks the night's golfers) scanned the rosters, invites,
 * entry lists, tee sheets, standings tables and membership purchases of every org twice per
 * golfer (as the mark was made and as it was cleared), and the rebuild scanned every org's
 * profiles to unlist the golfer's elsewhere: a write's cost grew with the whole deployment
 * rather than with its own org (docs/benchmarks.md). A team's competitors are found by the
 * team when it is deleted.
 */
const INDEXES = [
  sql`create index roster_entries_user on roster_entries (user_id)`,
  sql`create index invites_inviter on invites (inviter_user_id)`,
  sql`create index event_entries_user on event_entries (user_id)`,
  sql`create index tee_group_players_user on tee_group_players (user_id)`,
  sql`create index standing_competitors_by_user on standing_competitors (user_id) where user_id is not null`,
  sql`create index standing_competitors_by_team on standing_competitors (team_id) where team_id is not null`,
  sql`create index membership_purchases_user on membership_purchases (user_id)`,
  sql`create index players_user on players (user_id)`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const index of INDEXES) await index.execute(db);
}
