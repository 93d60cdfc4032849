import { sql } from 'kysely';
import type {
  Event,
  StandingCompetitor,
  StandingScope,
  StandingSeason,
  StandingResultsTable,
  StandingSeries,
} from '../db/schema.js';
import type { Total } from '../domain/ranking.js';
import type { Executor } from './executor.js';

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

export async function totalsOf(
  db: Executor,
  seriesId: number,
  seasonKey: number,
): Promise<Total[]> {
  return db
    .selectFrom('standing_totals')
    .innerJoin('standing_competitors', 'standing_competitors.id', 'standing_totals.competitor_id')
    .select([
      'standing_totals.competitor_id as competitorId',
      'standing_competitors.name',
      'standing_totals.points',
      'standing_totals.events',
    ])
    .where('standing_totals.series_id', '=', seriesId)
    .where('standing_totals.season_key', '=', seasonKey)
    .execute();
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
