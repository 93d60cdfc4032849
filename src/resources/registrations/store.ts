import type { Insertable } from 'kysely';
import type { RosterEntriesTable, RosterEntry } from '../../db/schema.js';
import type { Executor } from '../../db/executor.js';

export async function insertRosterEntry(
  db: Executor,
  entry: Insertable<RosterEntriesTable>,
): Promise<RosterEntry> {
  return db.insertInto('roster_entries').values(entry).returningAll().executeTakeFirstOrThrow();
}

export async function findActiveEntry(
  db: Executor,
  leagueId: number,
  userId: number,
): Promise<RosterEntry | undefined> {
  return db
    .selectFrom('roster_entries')
    .selectAll()
    .where('event_series_id', '=', leagueId)
    .where('user_id', '=', userId)
    .where('status', '=', 'active')
    .executeTakeFirst();
}

export async function findActiveUserIds(
  db: Executor,
  leagueId: number,
  userIds: number[],
): Promise<number[]> {
  if (userIds.length === 0) return [];
  const rows = await db
    .selectFrom('roster_entries')
    .select('user_id')
    .where('event_series_id', '=', leagueId)
    .where('user_id', 'in', userIds)
    .where('status', '=', 'active')
    .execute();
  return rows.map((row) => row.user_id);
}

export async function activeEntriesOfTeam(db: Executor, teamId: number): Promise<RosterEntry[]> {
  return db
    .selectFrom('roster_entries')
    .selectAll()
    .where('team_id', '=', teamId)
    .where('status', '=', 'active')
    .execute();
}

export async function markWithdrawn(db: Executor, entryIds: number[]): Promise<void> {
  if (entryIds.length === 0) return;
  await db
    .updateTable('roster_entries')
    .set({ status: 'withdrawn', withdrawn_at: new Date() })
    .where('id', 'in', entryIds)
    .execute();
}
