import { sql, type Insertable } from 'kysely';
import type { Invite, InvitesTable } from '../../db/schema.js';
import type { Executor } from '../../db/executor.js';

export async function insertInvites(
  db: Executor,
  invites: Insertable<InvitesTable>[],
): Promise<Invite[]> {
  if (invites.length === 0) return [];
  return db.insertInto('invites').values(invites).returningAll().execute();
}

/** The invite with its team, league, org and inviter, as the invite link shows them. */
export async function findInviteDetails(db: Executor, token: string) {
  return db
    .selectFrom('invites')
    .innerJoin('teams', 'teams.id', 'invites.team_id')
    .innerJoin('event_series', 'event_series.id', 'teams.event_series_id')
    .innerJoin('orgs', 'orgs.id', 'event_series.org_id')
    .innerJoin('users as inviter', 'inviter.id', 'invites.inviter_user_id')
    .select([
      'invites.email',
      'invites.accepted',
      'teams.id as team_id',
      'teams.name as team_name',
      'teams.member_count as team_member_count',
      'teams.entry_paid as team_entry_paid',
      'event_series.id as league_id',
      'event_series.slug as league_slug',
      'event_series.name as league_name',
      'event_series.entry_size',
      'event_series.fee_members_cents',
      'event_series.fee_per_entry',
      'orgs.slug as org_slug',
      'orgs.name as org_name',
      'inviter.first_name as inviter_first_name',
      'inviter.last_name as inviter_last_name',
    ])
    .where('invites.token', '=', token)
    .executeTakeFirst();
}

export type InviteDetails = NonNullable<Awaited<ReturnType<typeof findInviteDetails>>>;

/** Marks the team's invites of this address accepted; they stay accepted from then on. */
export async function acceptInvites(db: Executor, teamId: number, email: string): Promise<void> {
  await db
    .updateTable('invites')
    .set({ accepted: true })
    .where('team_id', '=', teamId)
    .where(sql<string>`lower(email)`, '=', email.toLowerCase())
    .execute();
}

/** Gives the invite with token `from` the token `to` (for the demo's fixed invite link). */
export async function setInviteToken(db: Executor, from: string, to: string): Promise<void> {
  await db.updateTable('invites').set({ token: to }).where('token', '=', from).execute();
}
