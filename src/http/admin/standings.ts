import { createSeason, createSeries, postResults } from '../../services/standings.js';
import type { App, AppContext } from '../context.js';
import {
  AdminSeason,
  AdminSeries,
  CreateSeasonBody,
  CreateSeriesBody,
  ResultsBody,
  StoredResults,
} from '../schemas/admin.js';
import { OrgParams, SeriesParams } from '../schemas/common.js';
import { adminFailures } from './failures.js';

/** Admin writes of standings: series, seasons and per-event results. */
export function adminStandingRoutes(context: AppContext) {
  const db = context.database.db;
  return async function register(app: App): Promise<void> {
    app.post(
      '/orgs/:orgSlug/standing-series',
      {
        schema: {
          params: OrgParams,
          body: CreateSeriesBody,
          response: { 201: AdminSeries, ...adminFailures },
        },
      },
      async (request, reply) => {
        const series = await createSeries(db, request.params.orgSlug, request.body);
        return reply.code(201).send({ id: series.id, name: series.name, scope: series.scope });
      },
    );

    app.post(
      '/orgs/:orgSlug/standing-series/:seriesId/seasons',
      {
        schema: {
          params: SeriesParams,
          body: CreateSeasonBody,
          response: { 201: AdminSeason, ...adminFailures },
        },
      },
      async (request, reply) => {
        const season = await createSeason(db, { ...request.params, ...request.body });
        return reply.code(201).send({
          id: season.id,
          seriesId: season.series_id,
          name: season.name,
          startDate: season.start_date,
          endDate: season.end_date,
        });
      },
    );

    app.post(
      '/orgs/:orgSlug/standing-series/:seriesId/results',
      {
        schema: {
          params: SeriesParams,
          body: ResultsBody,
          response: { 200: StoredResults, ...adminFailures },
        },
      },
      async (request) => postResults(db, { ...request.params, ...request.body }),
    );
  };
}
