import Type, { type Static } from 'typebox';
import { FIRST_YEAR, LAST_YEAR } from '../../domain/dates.js';
import { PUBLIC_LEAGUE_STATUSES } from '../../domain/visibility.js';
import {
  DEFAULT_EVENT_LIMIT,
  EVENT_LIST_FILTERS,
  MAX_EVENT_LIMIT,
  PUBLIC_EVENT_STATUSES,
} from '../../domain/events.js';
import { CalendarDate, Id, Slug } from './common.js';

export const PublicLeague = Type.Object(
  {
    id: Type.Integer(),
    name: Type.String(),
    slug: Type.String(),
    seasonLabel: Type.String(),
    scheduleLabel: Type.Optional(Type.String({ description: 'Organizer text; render as given.' })),
    status: Type.Enum(PUBLIC_LEAGUE_STATUSES),
    feeMembersCents: Type.Integer(),
    feePerEntry: Type.Boolean(),
    entrySize: Type.Integer(),
    seriesImageUrl: Type.String(),
    memberCount: Type.Integer(),
    linkedEventCount: Type.Integer(),
    spotsRemaining: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()], {
      description:
        'Golfers’ places a new entry can still take (a team needs entrySize of them); ' +
        'null without maxEntries.',
    }),
    standingSeriesId: Type.Union([Type.Integer(), Type.Null()]),
    description: Type.Optional(Type.String()),
    startDate: Type.Optional(CalendarDate),
    endDate: Type.Optional(CalendarDate),
    registrationOpensAt: Type.Optional(CalendarDate),
    registrationClosesAt: Type.Optional(CalendarDate),
    maxEntries: Type.Optional(Type.Integer({ description: 'Cap counted in golfers.' })),
  },
  { additionalProperties: false },
);
export type PublicLeague = Static<typeof PublicLeague>;

export const PublicLeagueList = Type.Array(PublicLeague);

export const TeamSummary = Type.Object(
  {
    id: Type.Integer(),
    name: Type.String(),
    memberNames: Type.Array(Type.String()),
    entrySize: Type.Integer(),
    seatsFilled: Type.Integer(),
    seatsRemaining: Type.Integer(),
    complete: Type.Boolean(),
  },
  { additionalProperties: false },
);
export type TeamSummary = Static<typeof TeamSummary>;

export const InviteResolution = Type.Object(
  {
    eventSeries: Type.Object({
      id: Type.Integer(),
      slug: Type.String(),
      name: Type.String(),
      orgSlug: Type.String(),
      orgName: Type.String(),
    }),
    team: TeamSummary,
    inviter: Type.Object({ firstName: Type.String(), lastName: Type.String() }),
    email: Type.String(),
    feeCents: Type.Integer(),
    accepted: Type.Boolean(),
  },
  { additionalProperties: false },
);
export type InviteResolution = Static<typeof InviteResolution>;

export const StartRegistrationQuery = Type.Object({
  eventSeriesTeam: Type.Optional(
    Type.Integer({
      minimum: 1,
      description:
        'A team of the league to join (a partner following an invite); passed on to the ' +
        'hosted page. Absent: the golfer starts a new entry.',
    }),
  ),
});

export const StartRegistrationResponse = Type.Object(
  { url: Type.String({ description: 'Hosted registration page to send the golfer to.' }) },
  { additionalProperties: false },
);
export type StartRegistrationResponse = Static<typeof StartRegistrationResponse>;

export const StandingSeason = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  startDate: CalendarDate,
  endDate: CalendarDate,
  current: Type.Boolean(),
});
export type StandingSeason = Static<typeof StandingSeason>;

export const StandingRow = Type.Object({
  rank: Type.Integer(),
  tied: Type.Boolean(),
  competitorId: Type.Integer(),
  name: Type.String(),
  points: Type.Number(),
  events: Type.Integer(),
});
export type StandingRow = Static<typeof StandingRow>;

export const Standings = Type.Object(
  {
    standingSeries: Type.Union([
      Type.Object({
        id: Type.Integer(),
        name: Type.String(),
        scope: Type.Union([Type.Literal('season'), Type.Literal('overall')]),
        seasons: Type.Array(StandingSeason),
      }),
      Type.Null(),
    ]),
    table: Type.Union([
      Type.Object({
        seriesId: Type.Integer(),
        seriesName: Type.String(),
        rows: Type.Array(StandingRow),
      }),
      Type.Null(),
    ]),
  },
  { additionalProperties: false },
);
export type Standings = Static<typeof Standings>;

export const EventItem = Type.Object({
  id: Type.Integer(),
  slug: Type.String(),
  title: Type.String(),
  eventType: Type.String(),
  status: Type.Enum(PUBLIC_EVENT_STATUSES),
  startDate: Type.String({ format: 'date-time' }),
  endDate: Type.Optional(Type.String({ format: 'date-time' })),
  tags: Type.Array(Type.String()),
  totalPlayers: Type.Integer({
    description: 'A league night’s field is the league’s live roster.',
  }),
  courseListSummary: Type.Union([Type.String(), Type.Null()], {
    description: 'The course the event is played on, or null.',
  }),
});
export type EventItem = Static<typeof EventItem>;

export const EventList = Type.Object(
  {
    count: Type.Integer({ description: 'Matching events before paging.' }),
    oldestYear: Type.Integer(),
    events: Type.Array(EventItem),
  },
  { additionalProperties: false },
);
export type EventList = Static<typeof EventList>;

export const EventListQuery = Type.Object({
  filter: Type.Optional(
    Type.Enum(EVENT_LIST_FILTERS, {
      default: 'all',
      description:
        '`upcoming`: not yet over, soonest first; `completed`: over, newest first; `all`: both.',
    }),
  ),
  eventSeries: Type.Optional(
    Type.String({
      ...Slug,
      description:
        'A league’s slug: only the events linked to that league (its schedule). Absent: ' +
        'events of every league and none. A slug naming no public league is a 404.',
    }),
  ),
  tag: Type.Optional(
    Type.String({ ...Slug, description: 'Only events with this tag. Absent: any tag.' }),
  ),
  year: Type.Optional(
    Type.Integer({
      minimum: FIRST_YEAR,
      maximum: LAST_YEAR,
      description: 'Only events starting in this year (the organization’s time zone). Absent: any.',
    }),
  ),
  limit: Type.Optional(
    Type.Integer({
      minimum: 1,
      maximum: MAX_EVENT_LIMIT,
      default: DEFAULT_EVENT_LIMIT,
      description: 'Events per page.',
    }),
  ),
  offset: Type.Optional(
    Type.Integer({
      minimum: 0,
      maximum: 1_000_000,
      default: 0,
      description: 'Matching events to skip before the page.',
    }),
  ),
});

export const EventDetail = Type.Object(
  {
    ...EventItem.properties,
    eventSeries: Type.Optional(
      Type.Object({ id: Type.Integer(), slug: Type.String(), name: Type.String() }),
    ),
  },
  { additionalProperties: false },
);
export type EventDetail = Static<typeof EventDetail>;

export const EventField = Type.Object(
  {
    count: Type.Integer(),
    players: Type.Array(
      Type.Object({ name: Type.String(), teamName: Type.Union([Type.String(), Type.Null()]) }),
    ),
  },
  { additionalProperties: false },
);
export type EventField = Static<typeof EventField>;

export const SeasonQuery = Type.Object({
  seasonId: Type.Optional(
    Type.Integer({
      ...Id,
      description: 'A season of the series. Absent: the season current today.',
    }),
  ),
});

export const CompetitorStandings = Type.Object(
  {
    competitorId: Type.Integer(),
    name: Type.String(),
    seriesId: Type.Integer(),
    seasonId: Type.Union([Type.Integer(), Type.Null()]),
    rank: Type.Union([Type.Integer(), Type.Null()]),
    tied: Type.Boolean(),
    points: Type.Number(),
    events: Type.Integer(),
    contributions: Type.Array(
      Type.Object({
        eventId: Type.Integer(),
        slug: Type.String(),
        title: Type.String(),
        date: CalendarDate,
        position: Type.Union([Type.Integer(), Type.Null()]),
        points: Type.Number(),
      }),
    ),
  },
  { additionalProperties: false },
);
export type CompetitorStandings = Static<typeof CompetitorStandings>;
