import type { Executor } from '../../db/executor.js';
import type { Team } from '../../db/schema.js';
import { NotFoundError } from '../../domain/errors.js';
import { requireLeagueById } from '../leagues/service.js';
import type { UserName } from '../users/store.js';
import {
  adjustTeamMembers,
  deleteTeamRow,
  findTeam,
  findTeamOfOrg,
  insertTeam,
  isTeamNameTaken,
  markTeamEntryPaid,
  teamMembers,
} from './store.js';

/** A team with its league's entry size and its active members, in joining order. */
export interface TeamWithMembers {
  team: Pick<Team, 'id' | 'name' | 'member_count'>;
  entrySize: number;
  members: UserName[];
}

export async function withMembers(
  db: Executor,
  team: TeamWithMembers['team'],
  entrySize: number,
): Promise<TeamWithMembers> {
  return { team, entrySize, members: await teamMembers(db, team.id) };
}

export async function getPublicTeam(
  db: Executor,
  request: { orgSlug: string; leagueId: number; teamId: number },
): Promise<TeamWithMembers> {
  const { league } = await requireLeagueById(db, request.orgSlug, request.leagueId, 'public');
  const team = await findTeam(db, league.id, request.teamId);
  if (team === undefined) throw new NotFoundError();
  return withMembers(db, team, league.entry_size);
}

/** A team of the league by id. */
export async function findLeagueTeam(
  db: Executor,
  leagueId: number,
  teamId: number,
): Promise<Team | undefined> {
  return findTeam(db, leagueId, teamId);
}

/** A team of any league of the org by id, for standings results. */
export async function findOrgTeam(db: Executor, orgId: number, teamId: number) {
  return findTeamOfOrg(db, orgId, teamId);
}

/** Starts a team in the league; names are unique per league whatever their case. */
export async function startTeam(
  trx: Executor,
  leagueId: number,
  name: string,
): Promise<Team | undefined> {
  if (await isTeamNameTaken(trx, leagueId, name)) return undefined;
  return insertTeam(trx, leagueId, name);
}

/** A golfer joins (+1) or leaves (-1) the team; a joining one may pay its entry. */
export async function countTeamMember(
  trx: Executor,
  teamId: number,
  delta: 1 | -1,
  paysEntry = false,
): Promise<void> {
  await adjustTeamMembers(trx, teamId, delta);
  if (paysEntry) await markTeamEntryPaid(trx, teamId);
}

/** Removes the team's row (its invites and entries go with it). */
export async function removeTeam(trx: Executor, teamId: number): Promise<void> {
  await deleteTeamRow(trx, teamId);
}
