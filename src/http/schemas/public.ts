import Type, { type Static } from 'typebox';
import { PUBLIC_LEAGUE_STATUSES } from '../../domain/visibility.js';
import { CalendarDate } from './common.js';

export const PublicLeague = Type.Object(
  {
    id: Type.Integer(),
    name: Type.String(),
    slug: Type.String(),
    seasonLabel: Type.String(),
    scheduleLabel: Type.Optional(Type.String({ description: 'Organizer text; render as given.' })),
    status: Type.Union(PUBLIC_LEAGUE_STATUSES.map((status) => Type.Literal(status))),
    feeMembersCents: Type.Integer(),
    feePerEntry: Type.Boolean(),
    entrySize: Type.Integer(),
    seriesImageUrl: Type.String(),
    memberCount: Type.Integer(),
    linkedEventCount: Type.Integer(),
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

export const InviteResolution = Type.Object(
  {
    eventSeries: Type.Object({
      id: Type.Integer(),
      slug: Type.String(),
      name: Type.String(),
      orgSlug: Type.String(),
      orgName: Type.String(),
    }),
    team: Type.Optional(TeamSummary),
    inviter: Type.Object({ firstName: Type.String(), lastName: Type.String() }),
    email: Type.String(),
    feeCents: Type.Integer(),
    accepted: Type.Boolean(),
  },
  { additionalProperties: false },
);

export const StartRegistrationQuery = Type.Object({
  eventSeriesTeam: Type.Optional(
    Type.Integer({ minimum: 1, maximum: 2_147_483_647, description: 'Join this team.' }),
  ),
});

export const StartRegistrationResponse = Type.Object(
  { url: Type.String({ description: 'Hosted registration page to send the golfer to.' }) },
  { additionalProperties: false },
);

export const StandingSeason = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  startDate: CalendarDate,
  endDate: CalendarDate,
  current: Type.Boolean(),
});

export const StandingRow = Type.Object({
  rank: Type.Integer(),
  tied: Type.Boolean(),
  competitorId: Type.Integer(),
  name: Type.String(),
  points: Type.Number(),
  events: Type.Integer(),
});

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
