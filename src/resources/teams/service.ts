import type { Executor } from '../../db/executor.js';
import type { Team } from '../../db/schema.js';
import { NotFoundError } from '../../domain/errors.js';
import { requireLeagueById } from '../leagues/service.js';
import type { UserName } from '../users/store.js';
import { findTeam, teamMembers } from './store.js';

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
