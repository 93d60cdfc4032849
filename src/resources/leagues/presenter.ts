import type { League, Org } from '../../db/schema.js';
import { withZoneOffset } from '../../domain/local-times.js';
import { spotsRemaining } from '../../domain/seats.js';
import type { AdminLeague, AdminLeagueDetail, PublicLeague } from './schema.js';
import type { PublicLeagueRow } from './store.js';
import type { getAdminLeague } from './service.js';

/** Served by the service itself for leagues without an uploaded crest. */
export const STOCK_CREST_PATH = '/media/stock/crest.svg';

function imageUrl(league: Pick<League, 'image_path'>): string {
  return league.image_path ?? STOCK_CREST_PATH;
}

/**
 * A league as visitors see it; callers pass public leagues only. Unset optional fields are
 * left out rather than sent as null. They are set when present, not spread in: spreading
 * conditional objects into a literal is a slow path of V8, paid per league of every list.
 * The serializer writes keys in the schema's order, not in the order they were set.
 */
export function presentPublicLeague(league: PublicLeagueRow): PublicLeague {
  const present: PublicLeague = {
    id: league.id,
    name: league.name,
    slug: league.slug,
    seasonLabel: league.season_label,
    status: league.status as PublicLeague['status'],
    feeMembersCents: league.fee_members_cents,
    feePerEntry: league.fee_per_entry,
    entrySize: league.entry_size,
    seriesImageUrl: imageUrl(league),
    memberCount: league.member_count,
    linkedEventCount: league.linked_event_count,
    spotsRemaining: spotsRemaining(league.max_entries, league.seats_reserved),
    standingSeriesId: league.standing_series_id,
  };
  if (league.schedule_label !== null) present.scheduleLabel = league.schedule_label;
  if (league.description !== null) present.description = league.description;
  if (league.first_event_date !== null) present.startDate = league.first_event_date;
  if (league.last_event_date !== null) present.endDate = league.last_event_date;
  if (league.registration_opens_at !== null) {
    present.registrationOpensAt = league.registration_opens_at;
  }
  if (league.registration_closes_at !== null) {
    present.registrationClosesAt = league.registration_closes_at;
  }
  if (league.max_entries !== null) present.maxEntries = league.max_entries;
  return present;
}

export function presentAdminLeague(org: Org, league: League): AdminLeague {
  return {
    id: league.id,
    orgSlug: org.slug,
    slug: league.slug,
    name: league.name,
    seasonLabel: league.season_label,
    scheduleLabel: league.schedule_label,
    description: league.description,
    status: league.status,
    feeMembersCents: league.fee_members_cents,
    feePerEntry: league.fee_per_entry,
    entrySize: league.entry_size,
    registrationOpensAt: league.registration_opens_at,
    registrationClosesAt: league.registration_closes_at,
    maxEntries: league.max_entries,
    membersOnly: league.members_only,
    standingSeriesId: league.standing_series_id,
    seriesImageUrl: imageUrl(league),
    memberCount: league.member_count,
    seatsReserved: league.seats_reserved,
    linkedEventCount: league.linked_event_count,
  };
}

/** A league with its roster and teams; registration times on the org's clock. */
export function presentAdminLeagueDetail(
  found: Awaited<ReturnType<typeof getAdminLeague>>,
): AdminLeagueDetail {
  return {
    ...presentAdminLeague(found.org, found.league),
    roster: found.roster.map((entry) => ({
      userId: entry.user_id,
      firstName: entry.first_name,
      lastName: entry.last_name,
      email: entry.email,
      teamId: entry.team_id,
      status: entry.status,
      paidEntry: entry.paid_entry,
      feeCents: entry.fee_cents,
      registeredAt: withZoneOffset(entry.registered_at, found.org.timezone),
    })),
    teams: found.teams.map((team) => ({
      id: team.id,
      name: team.name,
      memberCount: team.member_count,
      entryPaid: team.entry_paid,
      // Named fields only: an invite's token is the invited golfer's, never the organizer's.
      invites: found.invites
        .filter((invite) => invite.team_id === team.id)
        .map((invite) => ({ email: invite.email, accepted: invite.accepted })),
    })),
  };
}
