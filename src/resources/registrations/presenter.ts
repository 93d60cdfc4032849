import type { Registration } from './schema.js';
import type { CompletedRegistration } from './service.js';

export function presentRegistration(registration: CompletedRegistration): Registration {
  const { entry } = registration;
  return {
    entry: {
      id: entry.id,
      userId: entry.user_id,
      teamId: entry.team_id,
      feeCents: entry.fee_cents,
      paidEntry: entry.paid_entry,
    },
    teamId: registration.teamId,
    invites: registration.invites.map((invite) => ({ email: invite.email, token: invite.token })),
  };
}
