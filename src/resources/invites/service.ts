import { NotFoundError } from '../../domain/errors.js';
import type { Executor } from '../../db/executor.js';
import type { Insertable } from 'kysely';
import type { Invite, InvitesTable } from '../../db/schema.js';
import { acceptInvites, findInviteDetails, insertInvites, type InviteDetails } from './store.js';
import { withMembers, type TeamWithMembers } from '../teams/service.js';

/**
 * Resolves a partner invite whatever the league's status; a deleted team takes its invites
 * with it, so an unknown token and a dead one are the same 404.
 */
export async function resolveInvite(
  db: Executor,
  token: string,
): Promise<{ invite: InviteDetails; team: TeamWithMembers }> {
  const invite = await findInviteDetails(db, token);
  if (invite === undefined) throw new NotFoundError();
  const team = {
    id: invite.team_id,
    name: invite.team_name,
    member_count: invite.team_member_count,
  };
  return { invite, team: await withMembers(db, team, invite.entry_size) };
}

/** Records invites of partners to a team, in the registration's transaction. */
export async function sendInvites(
  trx: Executor,
  invites: Insertable<InvitesTable>[],
): Promise<Invite[]> {
  return insertInvites(trx, invites);
}

/** Marks the team's invites to this address accepted: its holder joined the team. */
export async function acceptTeamInvites(
  trx: Executor,
  teamId: number,
  email: string,
): Promise<void> {
  await acceptInvites(trx, teamId, email);
}
