import type { Org, StandingScope, StandingSeason, StandingSeries } from '../db/schema.js';
import { localDate, unsupportedDays } from '../domain/dates.js';
import { ConflictError, NotFoundError, ValidationError } from '../domain/errors.js';
import { rankTotals } from '../domain/ranking.js';
import {
  currentSeasonId,
  seasonContaining,
  seasonsOverlap,
  type SeasonSpan,
} from '../domain/seasons.js';
import { findEventById } from '../store/events.js';
import type { Executor } from '../store/executor.js';
import {
  OVERALL_KEY,
  competitorFor,
  contributionsOf,
  findCompetitor,
  findSeries,
  insertSeason,
  insertSeries,
  lockSeries,
  rebuildTotals,
  replaceEventResults,
  seasonsOf,
  totalsOf,
} from '../store/standings.js';
import { findUserById } from '../store/users.js';
import { requireLeagueBySlug, requireOrg } from './lookup.js';

async function requireSeries(db: Executor, org: Org, seriesId: number): Promise<StandingSeries> {
  const series = await findSeries(db, org.id, seriesId);
  if (series === undefined) throw new NotFoundError();
  return series;
}

function spanOf(season: StandingSeason): SeasonSpan {
  return { id: season.id, startDate: season.start_date, endDate: season.end_date };
}

/**
 * The series with its seasons, which season a request reads (its totals key), and that
 * season's ranked table.
 */
async function seriesContext(
  db: Executor,
  org: Org,
  series: StandingSeries,
  seasonId: number | undefined,
  now: Date,
) {
  const seasons = await seasonsOf(db, series.id);
  const today = localDate(now, org.timezone);
  const current = series.scope === 'season' ? currentSeasonId(seasons.map(spanOf), today) : null;
  if (seasonId !== undefined && !seasons.some((season) => season.id === seasonId)) {
    throw new NotFoundError();
  }
  const seasonKey = series.scope === 'overall' ? OVERALL_KEY : (seasonId ?? current);
  return {
    seasonKey,
    rows: seasonKey === null ? [] : rankTotals(await totalsOf(db, series.id, seasonKey)),
    standingSeries: {
      id: series.id,
      name: series.name,
      scope: series.scope,
      seasons: seasons.map((season) => ({
        id: season.id,
        name: season.name,
        startDate: season.start_date,
        endDate: season.end_date,
        current: season.id === current,
      })),
    },
  };
}

async function standingsOf(
  db: Executor,
  org: Org,
  series: StandingSeries,
  seasonId: number | undefined,
  now: Date,
) {
  const { rows, standingSeries } = await seriesContext(db, org, series, seasonId, now);
  return { standingSeries, table: { seriesId: series.id, seriesName: series.name, rows } };
}

/** A league's standings: both fields null until an organizer links a series. */
export async function getLeagueStandings(db: Executor, orgSlug: string, slug: string, now: Date) {
  const { org, league } = await requireLeagueBySlug(db, orgSlug, slug, 'public');
  if (league.standing_series_id === null) return { standingSeries: null, table: null };
  const series = await requireSeries(db, org, league.standing_series_id);
  return standingsOf(db, org, series, undefined, now);
}

export async function getStandings(
  db: Executor,
  request: { orgSlug: string; seriesId: number; seasonId?: number | undefined; now: Date },
) {
  const org = await requireOrg(db, request.orgSlug);
  const series = await requireSeries(db, org, request.seriesId);
  return standingsOf(db, org, series, request.seasonId, request.now);
}

/** One competitor's total, rank and the events that made it. */
export async function getCompetitorStandings(
  db: Executor,
  request: {
    orgSlug: string;
    seriesId: number;
    competitorId: number;
    seasonId?: number | undefined;
    now: Date;
  },
) {
  const org = await requireOrg(db, request.orgSlug);
  const series = await requireSeries(db, org, request.seriesId);
  const competitor = await findCompetitor(db, series.id, request.competitorId);
  if (competitor === undefined) throw new NotFoundError();
  const { seasonKey, rows } = await seriesContext(db, org, series, request.seasonId, request.now);
  const row = rows.find((candidate) => candidate.competitorId === competitor.id);
  const contributions =
    seasonKey === null ? [] : await contributionsOf(db, competitor.id, seasonKey);
  return {
    competitorId: competitor.id,
    name: competitor.name,
    seriesId: series.id,
    seasonId: seasonKey === null || seasonKey === OVERALL_KEY ? null : seasonKey,
    rank: row?.rank ?? null,
    tied: row?.tied ?? false,
    points: row?.points ?? 0,
    events: row?.events ?? 0,
    contributions: contributions.map((contribution) => ({
      eventId: contribution.eventId,
      slug: contribution.slug,
      title: contribution.title,
      date: localDate(contribution.start_at, org.timezone),
      position: contribution.position,
      points: contribution.points,
    })),
  };
}

export async function createSeries(
  db: Executor,
  orgSlug: string,
  input: { name: string; scope: StandingScope },
): Promise<StandingSeries> {
  const org = await requireOrg(db, orgSlug);
  return insertSeries(db, { org_id: org.id, ...input });
}

export async function createSeason(
  db: Executor,
  request: { orgSlug: string; seriesId: number; name: string; startDate: string; endDate: string },
) {
  return db.transaction().execute(async (trx) => {
    const org = await requireOrg(trx, request.orgSlug);
    const series = await requireSeries(trx, org, request.seriesId);
    if (series.scope === 'overall') {
      throw new ConflictError('An overall series has no seasons.');
    }
    const errors = unsupportedDays({ startDate: request.startDate, endDate: request.endDate });
    if (Object.keys(errors).length > 0) throw new ValidationError(errors);
    if (request.startDate > request.endDate) {
      throw new ValidationError({ endDate: 'must not be before startDate' });
    }
    await lockSeries(trx, series.id);
    const seasons = await seasonsOf(trx, series.id);
    const clash = seasons.find((season) =>
      seasonsOverlap(spanOf(season), {
        startDate: request.startDate,
        endDate: request.endDate,
      }),
    );
    if (clash !== undefined) {
      throw new ConflictError(`This season overlaps the season "${clash.name}".`);
    }
    return insertSeason(trx, {
      series_id: series.id,
      name: request.name,
      start_date: request.startDate,
      end_date: request.endDate,
    });
  });
}

interface StoredResult {
  competitorId: number;
  name: string;
  position: number | null;
  points: number;
}

export interface ResultInput {
  userId?: number | undefined;
  teamId?: number | undefined;
  position?: number | undefined;
  points: number;
}

/** Who a result is for: exactly one golfer or one team of this org, as a competitor name. */
async function competitorOf(trx: Executor, org: Org, result: ResultInput, field: string) {
  if ((result.userId === undefined) === (result.teamId === undefined)) {
    throw new ValidationError({ [field]: 'give exactly one of userId or teamId' });
  }
  if (result.userId !== undefined) {
    const user = await findUserById(trx, result.userId);
    if (user === undefined) throw new ValidationError({ [`${field}.userId`]: 'names no user' });
    return { who: { userId: user.id }, name: `${user.first_name} ${user.last_name}` };
  }
  const teamId = result.teamId as number;
  const team = await trx
    .selectFrom('teams')
    .innerJoin('event_series', 'event_series.id', 'teams.event_series_id')
    .select(['teams.id', 'teams.name'])
    .where('teams.id', '=', teamId)
    .where('event_series.org_id', '=', org.id)
    .executeTakeFirst();
  if (team === undefined)
    throw new ValidationError({ [`${field}.teamId`]: 'names no team of this organization' });
  return { who: { teamId: team.id }, name: team.name };
}

/**
 * Stores an event's results in a series, replacing what the event gave before, and
 * recomputes the affected tables in the same transaction.
 */
export async function postResults(
  db: Executor,
  request: {
    orgSlug: string;
    seriesId: number;
    eventId: number;
    seasonId?: number | undefined;
    results: ResultInput[];
  },
) {
  return db.transaction().execute(async (trx) => {
    const org = await requireOrg(trx, request.orgSlug);
    const series = await requireSeries(trx, org, request.seriesId);
    await lockSeries(trx, series.id);
    const event = await findEventById(trx, org.id, request.eventId);
    if (event === undefined)
      throw new ValidationError({ eventId: 'names no event of this organization' });
    const seasonId = await seasonFor(trx, series, request.seasonId, event.local_date);

    const results: StoredResult[] = [];
    for (const [index, result] of request.results.entries()) {
      const field = `results.${index}`;
      const { who, name } = await competitorOf(trx, org, result, field);
      const competitor = await competitorFor(trx, series.id, who, name);
      if (results.some((stored) => stored.competitorId === competitor.id)) {
        throw new ValidationError({ [field]: 'lists this competitor twice' });
      }
      results.push({
        competitorId: competitor.id,
        name: competitor.name,
        position: result.position ?? null,
        points: result.points,
      });
    }
    const keys = await replaceEventResults(
      trx,
      series.id,
      event.id,
      seasonId,
      results.map((result) => ({
        competitor_id: result.competitorId,
        position: result.position,
        points: result.points,
      })),
    );
    for (const key of keys) await rebuildTotals(trx, series.id, key);
    return { eventId: event.id, seasonId, results };
  });
}

async function seasonFor(
  trx: Executor,
  series: StandingSeries,
  seasonId: number | undefined,
  eventDay: string,
): Promise<number | null> {
  if (series.scope === 'overall') {
    if (seasonId !== undefined)
      throw new ValidationError({ seasonId: 'an overall series has no seasons' });
    return null;
  }
  const seasons = await seasonsOf(trx, series.id);
  if (seasonId !== undefined) {
    if (!seasons.some((season) => season.id === seasonId)) {
      throw new ValidationError({ seasonId: 'names no season of this series' });
    }
    return seasonId;
  }
  const containing = seasonContaining(seasons.map(spanOf), eventDay);
  if (containing === undefined) {
    throw new ValidationError({
      seasonId: 'no season of this series contains the event’s date; give seasonId',
    });
  }
  return containing.id;
}
