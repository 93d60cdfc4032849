import type { Static } from 'typebox';
import type {
  AdminEvent,
  AdminLeague,
  AdminOrg,
  AdminSeason,
  AdminStandingSeries,
  AdminUser,
  EventEntryBody,
  Registration,
  StoredResults,
} from './admin.js';
import type { ValidationErrors } from './common.js';
import type {
  AdminTeeSheet,
  Leaderboards,
  PublicTeeSheet,
  StoredScoreCard,
} from './league-nights.js';
import type {
  CompetitorStandings,
  EventDetail,
  EventField,
  EventList,
  InviteResolution,
  PublicLeague,
  StartRegistrationResponse,
  Standings,
  TeamSummary,
} from './public.js';

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

export const TEAM_EXAMPLE: TeamSummary = {
  id: 3,
  name: 'Bogey Free',
  memberNames: ['Dev Sarazen'],
  entrySize: 2,
  seatsFilled: 1,
  seatsRemaining: 1,
  complete: false,
};

export const INVITE_EXAMPLE: InviteResolution = {
  eventSeries: {
    id: 2,
    slug: 'thursday-scramble-pairs',
    name: 'Thursday Scramble Pairs',
    orgSlug: 'demo-golf-club',
    orgName: 'Demo Golf Club',
  },
  team: TEAM_EXAMPLE,
  inviter: { firstName: 'Dev', lastName: 'Sarazen' },
  email: 'elena.vardon@example.com',
  feeCents: 0,
  accepted: false,
};

export const START_REGISTRATION_EXAMPLE: StartRegistrationResponse = {
  url: 'https://pay.example.com/register?org=demo-golf-club&eventSeries=tuesday-night-league',
};

export const STANDINGS_EXAMPLE: Standings = {
  standingSeries: {
    id: 1,
    name: 'Tuesday Night Points',
    scope: 'season',
    seasons: [
      { id: 1, name: '2026 Season', startDate: '2026-05-12', endDate: '2026-07-28', current: true },
    ],
  },
  table: {
    seriesId: 1,
    seriesName: 'Tuesday Night Points',
    rows: [
      { rank: 1, tied: true, competitorId: 1, name: 'Ava Palmer', points: 50, events: 5 },
      { rank: 1, tied: true, competitorId: 2, name: 'Ben Hogan-Reyes', points: 50, events: 5 },
      { rank: 3, tied: false, competitorId: 3, name: 'Carla Nicklaus', points: 30, events: 5 },
    ],
  },
};

export const COMPETITOR_EXAMPLE: CompetitorStandings = {
  competitorId: 3,
  name: 'Carla Nicklaus',
  seriesId: 1,
  seasonId: 1,
  rank: 3,
  tied: false,
  points: 30,
  events: 5,
  contributions: [
    {
      eventId: 1,
      slug: 'tuesday-night-1',
      title: 'Tuesday Night League — Week 1',
      date: '2026-05-12',
      position: 2,
      points: 8,
    },
  ],
};

/** The demo's sixth league night, as both APIs show it. */
const WEEK_6 = {
  id: 6,
  slug: 'tuesday-night-6',
  title: 'Tuesday Night League — Week 6',
  eventType: 'league-night',
  status: 'published',
  startDate: '2026-06-16T22:30:00.000Z',
} as const;

const EVENT_ITEM_EXAMPLE: EventList['events'][number] = {
  ...WEEK_6,
  tags: ['league-night'],
  totalPlayers: 6,
  courseListSummary: 'Demo Golf Club, front nine',
};

export const EVENT_LIST_EXAMPLE: EventList = {
  count: 12,
  oldestYear: 2026,
  events: [EVENT_ITEM_EXAMPLE],
};

export const EVENT_EXAMPLE: EventDetail = {
  ...EVENT_ITEM_EXAMPLE,
  eventSeries: { id: 1, slug: 'tuesday-night-league', name: 'Tuesday Night League' },
};

export const FIELD_EXAMPLE: EventField = {
  count: 2,
  players: [
    { name: 'Ava Palmer', teamName: null },
    { name: 'Ben Hogan-Reyes', teamName: null },
  ],
};

export const TEE_SHEET_EXAMPLE: Static<typeof PublicTeeSheet> = {
  format: 'shotgun',
  groups: [
    {
      startTime: '2026-06-16T22:30:00.000Z',
      startingHole: 1,
      players: [
        { name: 'Ava Palmer', teamName: null },
        { name: 'Ben Hogan-Reyes', teamName: null },
      ],
    },
  ],
};

export const LEADERBOARDS_EXAMPLE: Static<typeof Leaderboards> = {
  version: 6,
  leaderboards: [
    {
      name: 'Individual',
      scoring: 'stroke',
      par: 36,
      rows: [
        {
          position: 'T1',
          rank: 1,
          tied: true,
          name: 'Ava Palmer',
          teamName: null,
          thru: 4,
          total: 15,
          toPar: -1,
          holes: [4, 3, 3, 5, null, null, null, null, null],
        },
      ],
    },
  ],
};

/** One event of the live stream, as its wire format shows it. */
export const LEADERBOARD_STREAM_EXAMPLE =
  ': connected\n\nretry: 2000\n\nevent: leaderboard\nid: 6\n' +
  `data: ${JSON.stringify(LEADERBOARDS_EXAMPLE)}\n\n`;

export const VALIDATION_ERRORS_EXAMPLE: ValidationErrors = {
  errors: { slug: 'must match pattern "^[a-z0-9]+(?:-[a-z0-9]+)*$"' },
};

export const ADMIN_ORG_EXAMPLE: AdminOrg = {
  id: 1,
  slug: 'demo-golf-club',
  name: 'Demo Golf Club',
  timezone: 'America/Chicago',
};

export const ADMIN_USER_EXAMPLE: AdminUser = {
  id: 1,
  email: 'ava.palmer@example.com',
  firstName: 'Ava',
  lastName: 'Palmer',
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

export const REGISTRATION_EXAMPLE: Registration = {
  entry: { id: 7, userId: 4, teamId: 3, feeCents: 24000, paidEntry: true },
  teamId: 3,
  invites: [{ email: 'elena.vardon@example.com', token: null }],
};

export const ADMIN_EVENT_EXAMPLE: AdminEvent = {
  ...WEEK_6,
  endDate: null,
  localDate: '2026-06-16',
  tags: ['league-night'],
  eventSeriesId: 1,
  entryCount: 0,
  courseName: 'Demo Golf Club, front nine',
  pars: [4, 4, 3, 5, 4, 4, 3, 5, 4],
};

export const EVENT_ENTRY_EXAMPLE: Static<typeof EventEntryBody> = {
  userId: 1,
  teamName: 'Bogey Free',
};

export const ADMIN_TEE_SHEET_EXAMPLE: Static<typeof AdminTeeSheet> = {
  format: 'shotgun',
  groups: [{ startTime: '2026-06-16T22:30:00.000Z', startingHole: 1, userIds: [1, 2] }],
};

export const SCORE_CARD_EXAMPLE: Static<typeof StoredScoreCard> = {
  userId: 1,
  holes: [4, 3, 3, 5, null, null, null, null, null],
  leaderboardVersion: 7,
};

export const STANDING_SERIES_EXAMPLE: AdminStandingSeries = {
  id: 1,
  name: 'Tuesday Night Points',
  scope: 'season',
};

export const SEASON_EXAMPLE: AdminSeason = {
  id: 1,
  seriesId: 1,
  name: '2026 Season',
  startDate: '2026-05-12',
  endDate: '2026-07-28',
};

export const RESULTS_EXAMPLE: StoredResults = {
  eventId: 1,
  seasonId: 1,
  results: [
    { competitorId: 1, name: 'Ava Palmer', position: 1, points: 10 },
    { competitorId: 3, name: 'Carla Nicklaus', position: 2, points: 8 },
  ],
};
