import type {
  AdminSeason,
  AdminStandingSeries,
  AdminStandingSeriesDetail,
  AdminStandingSeriesList,
  CompetitorStandings,
  Standings,
  StoredResults,
} from './schema.js';

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
export const STANDING_SERIES_LIST_EXAMPLE: AdminStandingSeriesList = {
  count: 1,
  standingSeries: [STANDING_SERIES_EXAMPLE],
};
export const STANDING_SERIES_DETAIL_EXAMPLE: AdminStandingSeriesDetail = {
  ...STANDING_SERIES_EXAMPLE,
  seasons: [SEASON_EXAMPLE],
  results: RESULTS_EXAMPLE.results.map((result) => ({
    ...result,
    eventId: RESULTS_EXAMPLE.eventId,
    seasonId: RESULTS_EXAMPLE.seasonId,
  })),
};
