import type { Static } from 'typebox';
import Type from 'typebox';
import { CalendarDate, Id, Nullable, Text } from '../../http/schemas/common.js';

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
export const AdminStandingSeriesList = Type.Object({
  count: Type.Integer({ description: 'Standings series of the organization, before paging.' }),
  standingSeries: Type.Array(AdminStandingSeries),
});
export type AdminStandingSeriesList = Static<typeof AdminStandingSeriesList>;
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
          position: Type.Optional(Type.Integer({ minimum: 1, maximum: 100000 })),
          points: Type.Number({ minimum: -1000000, maximum: 1000000 }),
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
export const AdminStandingSeriesDetail = Type.Object({
  ...AdminStandingSeries.properties,
  seasons: Type.Array(AdminSeason, { description: 'Newest first.' }),
  results: Type.Array(
    Type.Object({
      eventId: Type.Integer(),
      seasonId: Nullable(Type.Integer()),
      competitorId: Type.Integer(),
      name: Type.String(),
      position: Nullable(Type.Integer()),
      points: Type.Number(),
    }),
    { description: 'Every posted result, by event date, then position.' },
  ),
});
export type AdminStandingSeriesDetail = Static<typeof AdminStandingSeriesDetail>;
