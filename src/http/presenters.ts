import type { Static } from 'typebox';
import type { League, Org, User } from '../db/schema.js';
import { spotsRemaining } from '../domain/seats.js';
import type { AdminLeague, AdminUser, Org as OrgView } from './schemas/admin.js';
import type { PublicLeague } from './schemas/public.js';

/** Served by the service itself for leagues without an uploaded crest. */
export const STOCK_CREST_PATH = '/media/stock/crest.svg';

function imageUrl(league: League): string {
  return league.image_path ?? STOCK_CREST_PATH;
}

function optional<K extends string, V>(key: K, value: V | null): Partial<Record<K, V>> {
  return value === null ? {} : ({ [key]: value } as Record<K, V>);
}

export function presentPublicLeague(league: League): PublicLeague {
  return {
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
    ...optional('scheduleLabel', league.schedule_label),
    ...optional('description', league.description),
    ...optional('startDate', league.first_event_date),
    ...optional('endDate', league.last_event_date),
    ...optional('registrationOpensAt', league.registration_opens_at),
    ...optional('registrationClosesAt', league.registration_closes_at),
    ...optional('maxEntries', league.max_entries),
  };
}

export function presentAdminLeague(org: Org, league: League): Static<typeof AdminLeague> {
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

export function presentOrg(org: Org): Static<typeof OrgView> {
  return { id: org.id, slug: org.slug, name: org.name, timezone: org.timezone };
}

export function presentUser(user: User): Static<typeof AdminUser> {
  return { id: user.id, email: user.email, firstName: user.first_name, lastName: user.last_name };
}
