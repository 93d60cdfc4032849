import Type from 'typebox';
import { LEAGUE_STATUSES } from '../../domain/visibility.js';
import { CalendarDate, Id, Slug } from './common.js';

const Text = (maxLength: number) => Type.String({ minLength: 1, maxLength });
const Nullable = <T extends Type.TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
const Email = Type.String({ format: 'email', maxLength: 254 });

export const CreateOrgBody = Type.Object(
  {
    slug: Slug,
    name: Text(200),
    timezone: Type.String({ minLength: 1, maxLength: 64, description: 'IANA time zone.' }),
  },
  { additionalProperties: false },
);

export const Org = Type.Object({
  id: Type.Integer(),
  slug: Type.String(),
  name: Type.String(),
  timezone: Type.String(),
});

const leagueFields = {
  slug: Slug,
  name: Text(200),
  seasonLabel: Text(100),
  scheduleLabel: Type.Optional(Nullable(Text(500))),
  description: Type.Optional(Nullable(Text(5000))),
  status: Type.Union(LEAGUE_STATUSES.map((status) => Type.Literal(status))),
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
