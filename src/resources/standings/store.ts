import { sql } from 'kysely';
import type {
  Event,
  StandingCompetitor,
  StandingScope,
  StandingSeason,
  StandingResultsTable,
  StandingSeries,
} from '../../db/schema.js';
import type { Total } from '../../domain/ranking.js';
import { PUBLIC_LEAGUE_STATUSES } from '../../domain/visibility.js';
import type { Executor } from '../../db/executor.js';
import { preparedQuery } from '../../db/prepared-queries.js';
import { readPage } from '../../db/paging.js';

/** Totals key of a whole standings series (season-less); season totals use the season id. */
export const OVERALL_KEY = 0;

export async function insertStandingSeries(
  db: Executor,
  standingSeries: { org_id: number; name: string; scope: StandingScope },
): Promise<StandingSeries> {
  return db
    .insertInto('standing_series')
    .values(standingSeries)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function findStandingSeries(
  db: Executor,
  orgId: number,
  id: number,
): Promise<StandingSeries | undefined> {
  return db
    .selectFrom('standing_series')
    .selectAll()
    .where('org_id', '=', orgId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** A page of an org's standings series, newest first, and how many there are. */
export async function findSeriesOfOrg(
  db: Executor,
  orgId: number,
  page: { limit: number; offset: number },
): Promise<{ count: number; series: StandingSeries[] }> {
  const query = db.selectFrom('standing_series').where('org_id', '=', orgId);
  const { count, rows } = await readPage(query, (q) => q.selectAll().orderBy('id', 'desc'), page);
  return { count, series: rows };
}

/** A stored result row of a series, with its competitor's name, by event then position. */
export interface SeriesResultRow {
  event_id: number;
  season_id: number | null;
  competitor_id: number;
  name: string;
  position: number | null;
  points: number;
}

export async function resultsOfSeries(db: Executor, seriesId: number): Promise<SeriesResultRow[]> {
  return db
    .selectFrom('standing_results as r')
    .innerJoin('standing_competitors as c', 'c.id', 'r.competitor_id')
    .innerJoin('events as e', 'e.id', 'r.event_id')
    .select(['r.event_id', 'r.season_id', 'r.competitor_id', 'c.name', 'r.position', 'r.points'])
    .where('r.series_id', '=', seriesId)
    .orderBy('e.start_at')
    .orderBy('r.event_id')
    .orderBy(sql`r.position nulls last`)
    .orderBy('c.name')
    .execute();
}

/** Locks the standings series row: its results and seasons are written one request at a time. */
export async function lockStandingSeries(db: Executor, id: number): Promise<void> {
  await db.selectFrom('standing_series').select('id').where('id', '=', id).forUpdate().execute();
}

export async function insertSeason(
  db: Executor,
  season: { series_id: number; name: string; start_date: string; end_date: string },
): Promise<StandingSeason> {
  return db.insertInto('standing_seasons').values(season).returningAll().executeTakeFirstOrThrow();
}

/** A season as a standings table shows it. */
export type SeasonSummary = Pick<StandingSeason, 'id' | 'name' | 'start_date' | 'end_date'>;

/** A standings series as a standings table shows it. */
export type StandingSeriesSummary = Pick<StandingSeries, 'id' | 'name' | 'scope'>;

/** A public league's standings series (null when it links none) and its seasons. */
export interface LeagueStandingSeries {
  timezone: string;
  standingSeries: StandingSeriesSummary | null;
  /** Newest first. */
  seasons: SeasonSummary[];
}

const leagueStandingSeries = preparedQuery((db, values: { orgSlug: string; leagueSlug: string }) =>
  db
    .selectFrom('event_series as league')
    .innerJoin('orgs', 'orgs.id', 'league.org_id')
    .leftJoin('standing_series as series', (join) =>
      join
        .onRef('series.id', '=', 'league.standing_series_id')
        .onRef('series.org_id', '=', 'orgs.id'),
    )
    .leftJoin('standing_seasons as season', 'season.series_id', 'series.id')
    .select([
      'orgs.timezone',
      'league.standing_series_id',
      'series.id as series_id',
      'series.name as series_name',
      'series.scope as series_scope',
      'season.id as season_id',
      'season.name as season_name',
      'season.start_date as season_start_date',
      'season.end_date as season_end_date',
    ])
    .where('orgs.slug', '=', values.orgSlug)
    .where('league.slug', '=', values.leagueSlug)
    .where('league.status', 'in', PUBLIC_LEAGUE_STATUSES)
    .orderBy('season.start_date', 'desc')
    .orderBy('season.id', 'desc'),
);

/**
 * The standings series a public league links, with its seasons, in one statement: one row
 * per season (one row of nulls without a series or without seasons). Undefined when the org
 * or its public league does not exist, or the linked series belongs to another org.
 */
export async function findLeagueStandingSeries(
  db: Executor,
  orgSlug: string,
  leagueSlug: string,
): Promise<LeagueStandingSeries | undefined> {
  const rows = await leagueStandingSeries(db, { orgSlug, leagueSlug });
  const [first] = rows;
  if (first === undefined) return undefined;
  if (first.standing_series_id === null) {
    return { timezone: first.timezone, standingSeries: null, seasons: [] };
  }
  if (first.series_id === null || first.series_name === null || first.series_scope === null) {
    return undefined;
  }
  const seasons: SeasonSummary[] = [];
  for (const row of rows) {
    if (
      row.season_id === null ||
      row.season_name === null ||
      row.season_start_date === null ||
      row.season_end_date === null
    ) {
      continue;
    }
    seasons.push({
      id: row.season_id,
      name: row.season_name,
      start_date: row.season_start_date,
      end_date: row.season_end_date,
    });
  }
  return {
    timezone: first.timezone,
    standingSeries: { id: first.series_id, name: first.series_name, scope: first.series_scope },
    seasons,
  };
}

/** The standings series' seasons, newest first. */
export async function seasonsOf(db: Executor, seriesId: number): Promise<StandingSeason[]> {
  return db
    .selectFrom('standing_seasons')
    .selectAll()
    .where('series_id', '=', seriesId)
    .orderBy('start_date', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

export async function findCompetitor(
  db: Executor,
  seriesId: number,
  id: number,
): Promise<StandingCompetitor | undefined> {
  return db
    .selectFrom('standing_competitors')
    .selectAll()
    .where('series_id', '=', seriesId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** The standings series' competitor for a golfer or a team, created on first result. */
export async function competitorFor(
  db: Executor,
  seriesId: number,
  who: { userId: number; teamId?: undefined } | { teamId: number; userId?: undefined },
  name: string,
): Promise<StandingCompetitor> {
  const existing = await db
    .selectFrom('standing_competitors')
    .selectAll()
    .where('series_id', '=', seriesId)
    .where(who.userId === undefined ? 'team_id' : 'user_id', '=', who.userId ?? who.teamId)
    .executeTakeFirst();
  if (existing !== undefined) return existing;
  return db
    .insertInto('standing_competitors')
    .values({ series_id: seriesId, user_id: who.userId ?? null, team_id: who.teamId ?? null, name })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export interface ResultRow {
  competitor_id: number;
  position: number | null;
  points: number;
}

/**
 * Replaces the results an event gave in a standings series (a correction never double-counts);
 * returns the season keys whose totals the change touches.
 */
export async function replaceEventResults(
  db: Executor,
  seriesId: number,
  eventId: number,
  seasonId: number | null,
  rows: ResultRow[],
): Promise<number[]> {
  const previous = await db
    .deleteFrom('standing_results')
    .where('series_id', '=', seriesId)
    .where('event_id', '=', eventId)
    .returning('season_id')
    .execute();
  if (rows.length > 0) {
    await db
      .insertInto('standing_results')
      .values(
        rows.map((row) => ({
          ...row,
          series_id: seriesId,
          event_id: eventId,
          season_id: seasonId,
        })),
      )
      .execute();
  }
  const keys = new Set([
    seasonId ?? OVERALL_KEY,
    ...previous.map((row) => row.season_id ?? OVERALL_KEY),
  ]);
  return [...keys];
}

/** Recomputes one table of summed points from the results, at write time. */
export async function rebuildTotals(
  db: Executor,
  seriesId: number,
  seasonKey: number,
): Promise<void> {
  await db
    .deleteFrom('standing_totals')
    .where('series_id', '=', seriesId)
    .where('season_key', '=', seasonKey)
    .execute();
  await db
    .insertInto('standing_totals')
    .columns(['series_id', 'season_key', 'competitor_id', 'points', 'events'])
    .expression((eb) => {
      let query = eb
        .selectFrom('standing_results')
        .select([
          sql<number>`${seriesId}::integer`.as('series_id'),
          sql<number>`${seasonKey}::integer`.as('season_key'),
          'competitor_id',
          sql<number>`sum(points)`.as('points'),
          sql<number>`count(*)::integer`.as('events'),
        ])
        .where('series_id', '=', seriesId)
        .groupBy('competitor_id');
      if (seasonKey !== OVERALL_KEY) query = query.where('season_id', '=', seasonKey);
      return query;
    })
    .execute();
}

const seasonTotals = preparedQuery((db, values: { seriesId: number; seasonKey: number }) =>
  db
    .selectFrom('standing_totals')
    .innerJoin('standing_competitors', 'standing_competitors.id', 'standing_totals.competitor_id')
    .select([
      'standing_totals.competitor_id as competitorId',
      'standing_competitors.name',
      'standing_totals.points',
      'standing_totals.events',
    ])
    .where('standing_totals.series_id', '=', values.seriesId)
    .where('standing_totals.season_key', '=', values.seasonKey),
);

export async function totalsOf(
  db: Executor,
  seriesId: number,
  seasonKey: number,
): Promise<Total[]> {
  return seasonTotals(db, { seriesId, seasonKey });
}

/** A competitor's result in one event, with the event's org-local day. */
export type Contribution = Pick<StandingResultsTable, 'position' | 'points'> &
  Pick<Event, 'slug' | 'title' | 'local_date'> & { event_id: number };

/** A competitor's results in a standings series (one season, or all), in event order. */
export async function contributionsOf(
  db: Executor,
  competitorId: number,
  seasonKey: number,
): Promise<Contribution[]> {
  let query = db
    .selectFrom('standing_results')
    .innerJoin('events', 'events.id', 'standing_results.event_id')
    .select([
      'events.id as event_id',
      'events.slug',
      'events.title',
      'events.local_date',
      'standing_results.position',
      'standing_results.points',
    ])
    .where('standing_results.competitor_id', '=', competitorId)
    .orderBy('events.start_at')
    .orderBy('events.id');
  if (seasonKey !== OVERALL_KEY) query = query.where('standing_results.season_id', '=', seasonKey);
  return query.execute();
}
