import Type, { type Static } from 'typebox';
import { LEAGUE_STATUSES, PUBLIC_LEAGUE_STATUSES } from '../../domain/visibility.js';
import {
  CalendarDate,
  Id,
  Nullable,
  Slug,
  Text,
  ZonedDateTime,
} from '../../http/schemas/common.js';

export const leagueFields = {
  slug: Slug,
  name: Text(200),
  seasonLabel: Text(100),
  scheduleLabel: Type.Optional(Nullable(Text(500))),
  description: Type.Optional(Nullable(Text(5000))),
  status: Type.Enum(LEAGUE_STATUSES),
  feeMembersCents: Type.Integer({ minimum: 0, maximum: 100000000 }),
  feePerEntry: Type.Optional(Type.Boolean()),
  entrySize: Type.Integer({ minimum: 1, maximum: 8 }),
  registrationOpensAt: Type.Optional(Nullable(CalendarDate)),
  registrationClosesAt: Type.Optional(Nullable(CalendarDate)),
  maxEntries: Type.Optional(Nullable(Type.Integer({ minimum: 1, maximum: 1000000 }))),
  membersOnly: Type.Optional(Type.Boolean()),
  standingSeriesId: Type.Optional(Nullable(Id)),
};

export const CreateLeagueBody = Type.Object(leagueFields, { additionalProperties: false });
export const PatchLeagueBody = Type.Partial(Type.Object(leagueFields), {
  additionalProperties: false,
  minProperties: 1,
});
export const AdminLeague = Type.Object({
  id: Type.Integer(),
  orgSlug: Type.String(),
  slug: Type.String(),
  name: Type.String(),
  seasonLabel: Type.String(),
  scheduleLabel: Nullable(Type.String()),
  description: Nullable(Type.String()),
  status: Type.String(),
  feeMembersCents: Type.Integer(),
  feePerEntry: Type.Boolean(),
  entrySize: Type.Integer(),
  registrationOpensAt: Nullable(Type.String()),
  registrationClosesAt: Nullable(Type.String()),
  maxEntries: Nullable(Type.Integer()),
  membersOnly: Type.Boolean(),
  standingSeriesId: Nullable(Type.Integer()),
  seriesImageUrl: Type.String(),
  memberCount: Type.Integer(),
  seatsReserved: Type.Integer(),
  linkedEventCount: Type.Integer(),
});
export type AdminLeague = Static<typeof AdminLeague>;
export const AdminLeagueList = Type.Object({
  count: Type.Integer({ description: 'Leagues of the organization, every status, before paging.' }),
  leagues: Type.Array(AdminLeague),
});
export type AdminLeagueList = Static<typeof AdminLeagueList>;
export const AdminLeagueDetail = Type.Object({
  ...AdminLeague.properties,
  roster: Type.Array(
    Type.Object({
      userId: Type.Integer(),
      firstName: Type.String(),
      lastName: Type.String(),
      email: Type.String(),
      teamId: Nullable(Type.Integer()),
      status: Type.Union([Type.Literal('active'), Type.Literal('withdrawn')]),
      paidEntry: Type.Boolean(),
      feeCents: Type.Integer(),
      registeredAt: ZonedDateTime,
    }),
    { description: 'Every registration in the order made, withdrawn ones included.' },
  ),
  teams: Type.Array(
    Type.Object({
      id: Type.Integer(),
      name: Type.String(),
      memberCount: Type.Integer(),
      entryPaid: Type.Boolean(),
      invites: Type.Array(Type.Object({ email: Type.String(), accepted: Type.Boolean() }), {
        description:
          'Partners the team invited, in the order invited; `accepted` once they joined it.',
      }),
    }),
    { description: 'Its members are the roster’s active entries of the team’s `teamId`.' },
  ),
});
export type AdminLeagueDetail = Static<typeof AdminLeagueDetail>;
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
