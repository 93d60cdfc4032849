import { golferFeeCents } from '../../domain/fees.js';
import { presentTeamSummary } from '../teams/presenter.js';
import type { TeamWithMembers } from '../teams/service.js';
import type { InviteResolution } from './schema.js';
import type { InviteDetails } from './store.js';

export function presentInviteResolution(resolved: {
  invite: InviteDetails;
  team: TeamWithMembers;
}): InviteResolution {
  const { invite, team } = resolved;
  return {
    eventSeries: {
      id: invite.league_id,
      slug: invite.league_slug,
      name: invite.league_name,
      orgSlug: invite.org_slug,
      orgName: invite.org_name,
    },
    team: presentTeamSummary(team),
    inviter: { firstName: invite.inviter_first_name, lastName: invite.inviter_last_name },
    email: invite.email,
    feeCents: golferFeeCents(
      { feeMembersCents: invite.fee_members_cents, feePerEntry: invite.fee_per_entry },
      invite.team_entry_paid,
    ),
    accepted: invite.accepted,
  };
}
