import type { StandingSeason, StandingSeries } from '../../db/schema.js';
import type { RankedRow } from '../../domain/ranking.js';
import type {
  AdminSeason,
  AdminStandingSeries,
  AdminStandingSeriesDetail,
  CompetitorStandings,
  StandingRow,
  Standings,
  StoredResults,
} from './schema.js';
import type {
  CompetitorStanding,
  PostedResults,
  StandingsTable,
  getAdminSeries,
} from './service.js';

function presentRow(row: RankedRow): StandingRow {
  return {
    rank: row.rank,
    tied: row.tied,
    competitorId: row.competitorId,
    name: row.name,
    points: row.points,
    events: row.events,
  };
}

/** A league's standings are both null until an organizer links a standings series. */
export function presentStandings(standings: StandingsTable | null): Standings {
  if (standings === null) return { standingSeries: null, table: null };
  const { standingSeries, seasons, currentSeasonId, rows } = standings;
  return {
    standingSeries: {
      id: standingSeries.id,
      name: standingSeries.name,
      scope: standingSeries.scope,
      seasons: seasons.map((season) => ({
        id: season.id,
        name: season.name,
        startDate: season.start_date,
        endDate: season.end_date,
        current: season.id === currentSeasonId,
      })),
    },
    table: {
      seriesId: standingSeries.id,
      seriesName: standingSeries.name,
      rows: rows.map(presentRow),
    },
  };
}

/** A competitor without results in the table read has no rank and no points. */
export function presentCompetitorStandings(standing: CompetitorStanding): CompetitorStandings {
  const { competitor, row } = standing;
  return {
    competitorId: competitor.id,
    name: competitor.name,
    seriesId: standing.standingSeries.id,
    seasonId: standing.seasonId,
    rank: row?.rank ?? null,
    tied: row?.tied ?? false,
    points: row?.points ?? 0,
    events: row?.events ?? 0,
    contributions: standing.contributions.map((contribution) => ({
      eventId: contribution.event_id,
      slug: contribution.slug,
      title: contribution.title,
      date: contribution.local_date,
      position: contribution.position,
      points: contribution.points,
    })),
  };
}

export function presentAdminStandingSeries(standingSeries: StandingSeries): AdminStandingSeries {
  return { id: standingSeries.id, name: standingSeries.name, scope: standingSeries.scope };
}

export function presentAdminSeason(season: StandingSeason): AdminSeason {
  return {
    id: season.id,
    seriesId: season.series_id,
    name: season.name,
    startDate: season.start_date,
    endDate: season.end_date,
  };
}

export function presentStoredResults(stored: PostedResults): StoredResults {
  return {
    eventId: stored.event.id,
    seasonId: stored.seasonId,
    results: stored.results.map(({ competitor, position, points }) => ({
      competitorId: competitor.id,
      name: competitor.name,
      position,
      points,
    })),
  };
}

export function presentAdminStandingSeriesDetail(
  found: Awaited<ReturnType<typeof getAdminSeries>>,
): AdminStandingSeriesDetail {
  return {
    ...presentAdminStandingSeries(found.standingSeries),
    seasons: found.seasons.map(presentAdminSeason),
    results: found.results.map((result) => ({
      eventId: result.event_id,
      seasonId: result.season_id,
      competitorId: result.competitor_id,
      name: result.name,
      position: result.position,
      points: result.points,
    })),
  };
}
