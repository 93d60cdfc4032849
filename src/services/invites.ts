import { NotFoundError } from '../domain/errors.js';
import { golferFeeCents } from '../domain/fees.js';
import type { Executor } from '../store/executor.js';
import { findInviteDetails } from '../store/invites.js';
import { summarizeTeam, type TeamSummary } from './teams.js';

export interface InviteResolution {
  eventSeries: { id: number; slug: string; name: string; orgSlug: string; orgName: string };
  team: TeamSummary;
  inviter: { firstName: string; lastName: string };
  email: string;
  feeCents: number;
  accepted: boolean;
}

/**
 * Resolves a partner invite whatever the league's status; a deleted team takes its invites
 * with it, so an unknown token and a dead one are the same 404.
 */
export async function resolveInvite(db: Executor, token: string): Promise<InviteResolution> {
  const row = await findInviteDetails(db, token);
  if (row === undefined) throw new NotFoundError();
  return {
    eventSeries: {
      id: row.league_id,
      slug: row.league_slug,
      name: row.league_name,
      orgSlug: row.org_slug,
      orgName: row.org_name,
    },
    team: await summarizeTeam(
      db,
      { id: row.team_id, name: row.team_name, member_count: row.team_member_count },
      row.entry_size,
    ),
    inviter: { firstName: row.inviter_first_name, lastName: row.inviter_last_name },
    email: row.email,
    feeCents: golferFeeCents(
      { feeMembersCents: row.fee_members_cents, feePerEntry: row.fee_per_entry },
      row.team_entry_paid,
    ),
    accepted: row.accepted,
  };
}
