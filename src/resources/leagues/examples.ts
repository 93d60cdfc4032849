import type { AdminLeague, AdminLeagueDetail, AdminLeagueList, PublicLeague } from './schema.js';

// The examples of the OpenAPI documents: the demo organization's data as the API answers it
// (src/services/demo-data.ts), typed by the schemas they illustrate, so that a schema change
// that an example no longer matches fails to compile.

export const LEAGUE_EXAMPLE: PublicLeague = {
  id: 1,
  name: 'Tuesday Night League',
  slug: 'tuesday-night-league',
  seasonLabel: '2026 Season',
  status: 'open',
  feeMembersCents: 15000,
  feePerEntry: false,
  entrySize: 1,
  seriesImageUrl: '/media/stock/crest.svg',
  memberCount: 6,
  linkedEventCount: 12,
  spotsRemaining: 42,
  standingSeriesId: 1,
  scheduleLabel: 'Tuesdays at 5:30 pm, shotgun start',
  description: 'Nine holes of individual stroke play with handicaps, every Tuesday.',
  startDate: '2026-05-12',
  endDate: '2026-07-28',
  registrationOpensAt: '2026-04-14',
  registrationClosesAt: '2026-07-21',
  maxEntries: 48,
};
export const ADMIN_LEAGUE_EXAMPLE: AdminLeague = {
  id: 1,
  orgSlug: 'demo-golf-club',
  slug: 'tuesday-night-league',
  name: 'Tuesday Night League',
  seasonLabel: '2026 Season',
  scheduleLabel: 'Tuesdays at 5:30 pm, shotgun start',
  description: 'Nine holes of individual stroke play with handicaps, every Tuesday.',
  status: 'open',
  feeMembersCents: 15000,
  feePerEntry: false,
  entrySize: 1,
  registrationOpensAt: '2026-04-14',
  registrationClosesAt: '2026-07-21',
  maxEntries: 48,
  membersOnly: false,
  standingSeriesId: 1,
  seriesImageUrl: '/media/stock/crest.svg',
  memberCount: 6,
  seatsReserved: 6,
  linkedEventCount: 12,
};
export const ADMIN_LEAGUE_LIST_EXAMPLE: AdminLeagueList = {
  count: 1,
  leagues: [ADMIN_LEAGUE_EXAMPLE],
};
export const ADMIN_LEAGUE_DETAIL_EXAMPLE: AdminLeagueDetail = {
  ...ADMIN_LEAGUE_EXAMPLE,
  roster: [
    {
      userId: 1,
      firstName: 'Ava',
      lastName: 'Palmer',
      email: 'ava.palmer@example.com',
      teamId: null,
      status: 'active',
      paidEntry: false,
      feeCents: 15000,
      registeredAt: '2026-04-15T09:02:00-05:00',
    },
  ],
  teams: [],
};
