import { createSeason, createSeries, postResults } from '../../services/standings.js';
import type { App, AppContext } from '../context.js';
import {
  presentAdminSeason,
  presentAdminStandingSeries,
  presentStoredResults,
} from '../presenters/standings.js';
import {
  AdminSeason,
  AdminStandingSeries,
  CreateSeasonBody,
  CreateStandingSeriesBody,
  ResultsBody,
  StoredResults,
} from '../schemas/admin.js';
import { OrgParams, StandingSeriesParams } from '../schemas/common.js';
import { adminFailures } from './failures.js';

/** Admin writes of standings: standings series, their seasons and per-event results. */
export function adminStandingRoutes(context: AppContext) {
  const db = context.database.db;
  return async function register(app: App): Promise<void> {
    app.post(
      '/orgs/:orgSlug/standing-series',
      {
        schema: {
          params: OrgParams,
          body: CreateStandingSeriesBody,
          response: { 201: AdminStandingSeries, ...adminFailures },
        },
      },
      async (request, reply) => {
        const standingSeries = await createSeries(db, request.params.orgSlug, request.body);
        return reply.code(201).send(presentAdminStandingSeries(standingSeries));
      },
    );

    app.post(
      '/orgs/:orgSlug/standing-series/:seriesId/seasons',
      {
        schema: {
          params: StandingSeriesParams,
          body: CreateSeasonBody,
          response: { 201: AdminSeason, ...adminFailures },
        },
      },
      async (request, reply) => {
        const season = await createSeason(db, { ...request.params, ...request.body });
        return reply.code(201).send(presentAdminSeason(season));
      },
    );

    app.post(
      '/orgs/:orgSlug/standing-series/:seriesId/results',
      {
        schema: {
          params: StandingSeriesParams,
          body: ResultsBody,
          response: { 200: StoredResults, ...adminFailures },
        },
      },
      async (request) =>
        presentStoredResults(await postResults(db, { ...request.params, ...request.body })),
    );
  };
}
