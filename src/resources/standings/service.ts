import type { Executor } from '../../db/executor.js';
import type {
  Event,
  Org,
  StandingCompetitor,
  StandingScope,
  StandingSeason,
  StandingSeries,
} from '../../db/schema.js';
import { localToday, unsupportedDays } from '../../domain/dates.js';
import { ConflictError, NotFoundError, ValidationError } from '../../domain/errors.js';
import { displayName } from '../../domain/names.js';
import { rankTotals, type RankedRow } from '../../domain/ranking.js';
import {
  currentSeasonId,
  seasonContaining,
  seasonsOverlap,
  type SeasonSpan,
} from '../../domain/seasons.js';
import { findEvent } from '../events/service.js';
import { requireOrg } from '../orgs/service.js';
import { findOrgTeam } from '../teams/service.js';
import { findUser } from '../users/service.js';
import {
  OVERALL_KEY,
  competitorFor,
  contributionsOf,
  findCompetitor,
  findLeagueStandingSeries,
  findSeriesOfOrg,
  findStandingSeries,
  insertSeason,
  insertStandingSeries,
  lockStandingSeries,
  rebuildTotals,
  replaceEventResults,
  resultsOfSeries,
  seasonsOf,
  totalsOf,
  type Contribution,
  type SeasonSummary,
  type StandingSeriesSummary,
} from './store.js';
import { writeTransaction } from '../transaction.js';
import type { Page } from '../../http/schemas/common.js';

async function requireStandingSeries(db: Executor, org: Org, id: number): Promise<StandingSeries> {
  const standingSeries = await findStandingSeries(db, org.id, id);
  if (standingSeries === undefined) throw new NotFoundError();
  return standingSeries;
}

function spanOf(season: SeasonSummary): SeasonSpan {
  return { id: season.id, startDate: season.start_date, endDate: season.end_date };
}

/** A standings series with its seasons (newest first) and the ranked table of one of them. */
export interface StandingsTable {
  standingSeries: StandingSeriesSummary;
  seasons: SeasonSummary[];
  /** The season shown by default (season scope only). */
  currentSeasonId: number | null;
  rows: RankedRow[];
}

/**
 * Which season a request reads (its totals key) and that season's ranked table, for a
 * standings series whose seasons are read.
 */
async function standingsTable(
  db: Executor,
  series: { timezone: string; standingSeries: StandingSeriesSummary; seasons: SeasonSummary[] },
  seasonId: number | undefined,
  now: Date,
): Promise<StandingsTable & { seasonKey: number | null }> {
  const { standingSeries, seasons } = series;
  const today = localToday(now, series.timezone);
  const current =
    standingSeries.scope === 'season' ? currentSeasonId(seasons.map(spanOf), today) : null;
  if (seasonId !== undefined && !seasons.some((season) => season.id === seasonId)) {
    throw new NotFoundError();
  }
  const seasonKey = standingSeries.scope === 'overall' ? OVERALL_KEY : (seasonId ?? current);
  const rows =
    seasonKey === null ? [] : rankTotals(await totalsOf(db, standingSeries.id, seasonKey));
  return { standingSeries, seasons, currentSeasonId: current, rows, seasonKey };
}

/** A standings series of the org with its seasons. */
async function requireSeriesWithSeasons(db: Executor, org: Org, id: number) {
  const standingSeries = await requireStandingSeries(db, org, id);
  return {
    timezone: org.timezone,
    standingSeries,
    seasons: await seasonsOf(db, standingSeries.id),
  };
}

/**
 * A league's standings: null until an organizer links a standings series. Two statements:
 * the league's series with its seasons, then the table.
 */
export async function getLeagueStandings(
  db: Executor,
  orgSlug: string,
  slug: string,
  now: Date,
  seasonId?: number,
): Promise<StandingsTable | null> {
  const found = await findLeagueStandingSeries(db, orgSlug, slug);
  if (found === undefined) throw new NotFoundError();
  const { standingSeries } = found;
  if (standingSeries === null) return null;
  return standingsTable(db, { ...found, standingSeries }, seasonId, now);
}

export async function getStandings(
  db: Executor,
  request: { orgSlug: string; seriesId: number; seasonId?: number | undefined; now: Date },
): Promise<StandingsTable> {
  const org = await requireOrg(db, request.orgSlug);
  const series = await requireSeriesWithSeasons(db, org, request.seriesId);
  return standingsTable(db, series, request.seasonId, request.now);
}

/** A competitor's place in one table of a standings series, and the results that made it. */
export interface CompetitorStanding {
  standingSeries: StandingSeries;
  competitor: StandingCompetitor;
  /** The season read; null for an overall series or a season series without seasons. */
  seasonId: number | null;
  /** The competitor's row; absent without results in that table. */
  row: RankedRow | undefined;
  contributions: Contribution[];
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
): Promise<CompetitorStanding> {
  const org = await requireOrg(db, request.orgSlug);
  const series = await requireSeriesWithSeasons(db, org, request.seriesId);
  const { standingSeries } = series;
  const competitor = await findCompetitor(db, standingSeries.id, request.competitorId);
  if (competitor === undefined) throw new NotFoundError();
  const { seasonKey, rows } = await standingsTable(db, series, request.seasonId, request.now);
  return {
    standingSeries,
    competitor,
    seasonId: seasonKey === null || seasonKey === OVERALL_KEY ? null : seasonKey,
    row: rows.find((candidate) => candidate.competitorId === competitor.id),
    contributions: seasonKey === null ? [] : await contributionsOf(db, competitor.id, seasonKey),
  };
}

export async function createSeries(
  db: Executor,
  orgSlug: string,
  input: { name: string; scope: StandingScope },
): Promise<StandingSeries> {
  return writeTransaction(db, async (trx) => {
    const org = await requireOrg(trx, orgSlug);
    return insertStandingSeries(trx, { org_id: org.id, ...input });
  });
}

export async function createSeason(
  db: Executor,
  request: { orgSlug: string; seriesId: number; name: string; startDate: string; endDate: string },
): Promise<StandingSeason> {
  return writeTransaction(db, async (trx) => {
    const org = await requireOrg(trx, request.orgSlug);
    const standingSeries = await requireStandingSeries(trx, org, request.seriesId);
    if (standingSeries.scope === 'overall') {
      throw new ConflictError('An overall series has no seasons.');
    }
    const errors = unsupportedDays({ startDate: request.startDate, endDate: request.endDate });
    if (Object.keys(errors).length > 0) throw new ValidationError(errors);
    if (request.startDate > request.endDate) {
      throw new ValidationError({ endDate: 'must not be before startDate' });
    }
    await lockStandingSeries(trx, standingSeries.id);
    const seasons = await seasonsOf(trx, standingSeries.id);
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
      series_id: standingSeries.id,
      name: request.name,
      start_date: request.startDate,
      end_date: request.endDate,
    });
  });
}

export interface ResultInput {
  userId?: number | undefined;
  teamId?: number | undefined;
  position?: number | undefined;
  points: number;
}

/** Who a result is for: exactly one golfer or one team of this org, with its name. */
async function competitorOf(trx: Executor, org: Org, result: ResultInput, field: string) {
  if ((result.userId === undefined) === (result.teamId === undefined)) {
    throw new ValidationError({ [field]: 'give exactly one of userId or teamId' });
  }
  if (result.userId !== undefined) {
    const user = await findUser(trx, result.userId);
    if (user === undefined) throw new ValidationError({ [`${field}.userId`]: 'names no user' });
    return { who: { userId: user.id }, name: displayName(user) };
  }
  const team = await findOrgTeam(trx, org.id, result.teamId as number);
  if (team === undefined)
    throw new ValidationError({ [`${field}.teamId`]: 'names no team of this organization' });
  return { who: { teamId: team.id }, name: team.name };
}

/** What one event gave one competitor in a standings series. */
export interface StoredResult {
  competitor: StandingCompetitor;
  position: number | null;
  points: number;
}

/** An event's results as stored in a standings series, and the season they count for. */
export interface PostedResults {
  event: Event;
  seasonId: number | null;
  results: StoredResult[];
}

/**
 * Stores an event's results in a standings series, replacing what the event gave before,
 * and recomputes the affected tables in the same transaction.
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
): Promise<PostedResults> {
  return writeTransaction(db, async (trx) => {
    const org = await requireOrg(trx, request.orgSlug);
    const standingSeries = await requireStandingSeries(trx, org, request.seriesId);
    await lockStandingSeries(trx, standingSeries.id);
    const event = await findEvent(trx, org.id, request.eventId);
    if (event === undefined)
      throw new ValidationError({ eventId: 'names no event of this organization' });
    const seasonId = await seasonFor(trx, standingSeries, request.seasonId, event.local_date);

    const results: StoredResult[] = [];
    for (const [index, result] of request.results.entries()) {
      const field = `results.${index}`;
      const { who, name } = await competitorOf(trx, org, result, field);
      const competitor = await competitorFor(trx, standingSeries.id, who, name);
      if (results.some((stored) => stored.competitor.id === competitor.id)) {
        throw new ValidationError({ [field]: 'lists this competitor twice' });
      }
      results.push({ competitor, position: result.position ?? null, points: result.points });
    }
    const keys = await replaceEventResults(
      trx,
      standingSeries.id,
      event.id,
      seasonId,
      results.map((result) => ({
        competitor_id: result.competitor.id,
        position: result.position,
        points: result.points,
      })),
    );
    for (const key of keys) await rebuildTotals(trx, standingSeries.id, key);
    return { event, seasonId, results };
  });
}

async function seasonFor(
  trx: Executor,
  standingSeries: StandingSeries,
  seasonId: number | undefined,
  eventDay: string,
): Promise<number | null> {
  if (standingSeries.scope === 'overall') {
    if (seasonId !== undefined)
      throw new ValidationError({ seasonId: 'an overall series has no seasons' });
    return null;
  }
  const seasons = await seasonsOf(trx, standingSeries.id);
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

/** A standings series of the org by id, for other resources' rules. */
export async function findSeries(
  db: Executor,
  orgId: number,
  id: number,
): Promise<StandingSeries | undefined> {
  return findStandingSeries(db, orgId, id);
}

/** A page of the org's standings series. */
export async function listSeries(db: Executor, orgSlug: string, page: Page) {
  const org = await requireOrg(db, orgSlug);
  return findSeriesOfOrg(db, org.id, page);
}

/** A standings series with its seasons and every result posted to it. */
export async function getAdminSeries(db: Executor, orgSlug: string, seriesId: number) {
  const org = await requireOrg(db, orgSlug);
  const standingSeries = await findStandingSeries(db, org.id, seriesId);
  if (standingSeries === undefined) throw new NotFoundError();
  const [seasons, results] = await Promise.all([
    seasonsOf(db, standingSeries.id),
    resultsOfSeries(db, standingSeries.id),
  ]);
  return { standingSeries, seasons, results };
}
