import { sql } from 'kysely';
import type { Team } from '../../db/schema.js';
import type { Executor } from '../../db/executor.js';
import type { UserName } from '../users/store.js';

export async function insertTeam(db: Executor, leagueId: number, name: string): Promise<Team> {
  return db
    .insertInto('teams')
    .values({ event_series_id: leagueId, name })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function findTeam(
  db: Executor,
  leagueId: number,
  teamId: number,
): Promise<Team | undefined> {
  return db
    .selectFrom('teams')
    .selectAll()
    .where('event_series_id', '=', leagueId)
    .where('id', '=', teamId)
    .executeTakeFirst();
}

/** A team of any league of the org. */
export async function findTeamOfOrg(
  db: Executor,
  orgId: number,
  teamId: number,
): Promise<Pick<Team, 'id' | 'name'> | undefined> {
  return db
    .selectFrom('teams')
    .innerJoin('event_series', 'event_series.id', 'teams.event_series_id')
    .select(['teams.id', 'teams.name'])
    .where('teams.id', '=', teamId)
    .where('event_series.org_id', '=', orgId)
    .executeTakeFirst();
}

export async function isTeamNameTaken(
  db: Executor,
  leagueId: number,
  name: string,
): Promise<boolean> {
  const row = await db
    .selectFrom('teams')
    .select('id')
    .where('event_series_id', '=', leagueId)
    .where(sql<string>`lower(name)`, '=', name.toLowerCase())
    .executeTakeFirst();
  return row !== undefined;
}

/** Moves the team's active-member counter; returns the team as it is afterwards. */
export async function adjustTeamMembers(
  db: Executor,
  teamId: number,
  delta: number,
): Promise<Team> {
  return db
    .updateTable('teams')
    .set({ member_count: sql`member_count + ${delta}` })
    .where('id', '=', teamId)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function markTeamEntryPaid(db: Executor, teamId: number): Promise<void> {
  await db.updateTable('teams').set({ entry_paid: true }).where('id', '=', teamId).execute();
}

export async function deleteTeamRow(db: Executor, teamId: number): Promise<void> {
  await db.deleteFrom('teams').where('id', '=', teamId).execute();
}

/** The names of the team's active members, in joining order. */
export async function teamMembers(db: Executor, teamId: number): Promise<UserName[]> {
  return db
    .selectFrom('roster_entries')
    .innerJoin('users', 'users.id', 'roster_entries.user_id')
    .select(['users.first_name', 'users.last_name'])
    .where('roster_entries.team_id', '=', teamId)
    .where('roster_entries.status', '=', 'active')
    .orderBy('roster_entries.registered_at')
    .orderBy('roster_entries.id')
    .execute();
}
