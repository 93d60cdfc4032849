import Type, { type Static } from 'typebox';
import { LEAGUE_STATUSES } from '../../domain/visibility.js';
import { EVENT_STATUSES } from '../../domain/events.js';
import { CalendarDate, Id, SLUG_PATTERN, Slug, Text } from './common.js';
import { courseAnswerFields, courseFields } from './league-nights.js';

const Nullable = <T extends Type.TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
const Email = Type.String({ format: 'email', maxLength: 254 });

export const CreateOrgBody = Type.Object(
  {
    slug: Slug,
    name: Text(200),
    timezone: Text(64, 'IANA time zone.'),
  },
  { additionalProperties: false },
);

export const AdminOrg = Type.Object({
  id: Type.Integer(),
  slug: Type.String(),
  name: Type.String(),
  timezone: Type.String(),
});
export type AdminOrg = Static<typeof AdminOrg>;

const leagueFields = {
  slug: Slug,
  name: Text(200),
  seasonLabel: Text(100),
  scheduleLabel: Type.Optional(Nullable(Text(500))),
  description: Type.Optional(Nullable(Text(5000))),
  status: Type.Enum(LEAGUE_STATUSES),
  feeMembersCents: Type.Integer({ minimum: 0, maximum: 100_000_000 }),
  feePerEntry: Type.Optional(Type.Boolean()),
  entrySize: Type.Integer({ minimum: 1, maximum: 8 }),
  registrationOpensAt: Type.Optional(Nullable(CalendarDate)),
  registrationClosesAt: Type.Optional(Nullable(CalendarDate)),
  maxEntries: Type.Optional(Nullable(Type.Integer({ minimum: 1, maximum: 1_000_000 }))),
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

export const CreateUserBody = Type.Object(
  { email: Email, firstName: Text(100), lastName: Text(100) },
  { additionalProperties: false },
);

export const AdminUser = Type.Object({
  id: Type.Integer(),
  email: Type.String(),
  firstName: Type.String(),
  lastName: Type.String(),
});
export type AdminUser = Static<typeof AdminUser>;

export const RegistrationBody = Type.Object(
  {
    userId: Id,
    teamId: Type.Optional(Id),
    teamName: Type.Optional(Text(100)),
    partnerEmails: Type.Optional(Type.Array(Email, { maxItems: 7 })),
  },
  { additionalProperties: false },
);

export const Registration = Type.Object({
  entry: Type.Object({
    id: Type.Integer(),
    userId: Type.Integer(),
    teamId: Nullable(Type.Integer()),
    feeCents: Type.Integer(),
    paidEntry: Type.Boolean(),
  }),
  teamId: Nullable(Type.Integer()),
  invites: Type.Array(Type.Object({ email: Type.String(), token: Nullable(Type.String()) })),
});
export type Registration = Static<typeof Registration>;

const Tag = Slug;

const eventFields = {
  slug: Slug,
  title: Text(200),
  eventType: Type.String({
    pattern: SLUG_PATTERN,
    maxLength: 50,
    description: 'e.g. league-night, tournament',
  }),
  status: Type.Enum(EVENT_STATUSES),
  startDate: Type.String({ format: 'date-time' }),
  endDate: Type.Optional(Nullable(Type.String({ format: 'date-time' }))),
  tags: Type.Optional(Type.Array(Tag, { maxItems: 20 })),
  eventSeriesId: Type.Optional(Nullable(Id)),
  ...courseFields,
};

export const CreateEventBody = Type.Object(eventFields, { additionalProperties: false });

export const PatchEventBody = Type.Partial(Type.Object(eventFields), {
  additionalProperties: false,
  minProperties: 1,
});

export const AdminEvent = Type.Object({
  id: Type.Integer(),
  slug: Type.String(),
  title: Type.String(),
  eventType: Type.String(),
  status: Type.String(),
  startDate: Type.String(),
  endDate: Nullable(Type.String()),
  localDate: Type.String(),
  tags: Type.Array(Type.String()),
  eventSeriesId: Nullable(Type.Integer()),
  entryCount: Type.Integer(),
  ...courseAnswerFields,
});
export type AdminEvent = Static<typeof AdminEvent>;

export const EventEntryBody = Type.Object(
  { userId: Id, teamName: Type.Optional(Text(100)) },
  { additionalProperties: false },
);

export const CreateStandingSeriesBody = Type.Object(
  { name: Text(200), scope: Type.Union([Type.Literal('season'), Type.Literal('overall')]) },
  { additionalProperties: false },
);

export const AdminStandingSeries = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  scope: Type.String(),
});
export type AdminStandingSeries = Static<typeof AdminStandingSeries>;

export const CreateSeasonBody = Type.Object(
  { name: Text(100), startDate: CalendarDate, endDate: CalendarDate },
  { additionalProperties: false },
);

export const AdminSeason = Type.Object({
  id: Type.Integer(),
  seriesId: Type.Integer(),
  name: Type.String(),
  startDate: Type.String(),
  endDate: Type.String(),
});
export type AdminSeason = Static<typeof AdminSeason>;

export const ResultsBody = Type.Object(
  {
    eventId: Id,
    seasonId: Type.Optional(Id),
    results: Type.Array(
      Type.Object(
        {
          userId: Type.Optional(Id),
          teamId: Type.Optional(Id),
          position: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000 })),
          points: Type.Number({ minimum: -1_000_000, maximum: 1_000_000 }),
        },
        { additionalProperties: false },
      ),
      { maxItems: 2000 },
    ),
  },
  { additionalProperties: false },
);

export const StoredResults = Type.Object({
  eventId: Type.Integer(),
  seasonId: Nullable(Type.Integer()),
  results: Type.Array(
    Type.Object({
      competitorId: Type.Integer(),
      name: Type.String(),
      position: Nullable(Type.Integer()),
      points: Type.Number(),
    }),
  ),
});
export type StoredResults = Static<typeof StoredResults>;
