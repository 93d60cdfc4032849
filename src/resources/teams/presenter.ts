import { displayName } from '../../domain/names.js';
import { teamSeats } from '../../domain/seats.js';
import type { TeamSummary } from './schema.js';
import type { TeamWithMembers } from './service.js';

/** The narrow public view of a team: names and seat counts, never ids of people or e-mails. */
export function presentTeamSummary({ team, entrySize, members }: TeamWithMembers): TeamSummary {
  return {
    id: team.id,
    name: team.name,
    memberNames: members.map(displayName),
    ...teamSeats(entrySize, team.member_count),
  };
}
