import { NotFoundError } from '../domain/errors.js';
import { teamSeats, type TeamSeats } from '../domain/seats.js';
import type { Executor } from '../store/executor.js';
import { findTeam, teamMemberNames } from '../store/teams.js';
import { requireLeagueById } from './lookup.js';

/** The narrow public view of a team: names and counts, never ids of people or e-mails. */
export interface TeamSummary extends TeamSeats {
  id: number;
  name: string;
  memberNames: string[];
}

export async function summarizeTeam(
  db: Executor,
  team: { id: number; name: string; member_count: number },
  entrySize: number,
): Promise<TeamSummary> {
  return {
    id: team.id,
    name: team.name,
    memberNames: await teamMemberNames(db, team.id),
    ...teamSeats(entrySize, team.member_count),
  };
}

export async function getPublicTeam(
  db: Executor,
  request: { orgSlug: string; leagueId: number; teamId: number },
): Promise<TeamSummary> {
  const { league } = await requireLeagueById(db, request.orgSlug, request.leagueId, 'public');
  const team = await findTeam(db, league.id, request.teamId);
  if (team === undefined) throw new NotFoundError();
  return summarizeTeam(db, team, league.entry_size);
}
