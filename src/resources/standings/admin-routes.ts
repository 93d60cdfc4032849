import type { App, AppContext } from '../../http/context.js';
import { OrgParams, PageQuery, StandingSeriesParams, pageOf } from '../../http/schemas/common.js';
import { ADMIN_FAILURES, json } from '../../http/schemas/responses.js';
import {
  RESULTS_EXAMPLE,
  SEASON_EXAMPLE,
  STANDING_SERIES_DETAIL_EXAMPLE,
  STANDING_SERIES_EXAMPLE,
  STANDING_SERIES_LIST_EXAMPLE,
} from './examples.js';
import {
  presentAdminSeason,
  presentAdminStandingSeries,
  presentAdminStandingSeriesDetail,
  presentStoredResults,
} from './presenter.js';
import {
  AdminSeason,
  AdminStandingSeries,
  AdminStandingSeriesDetail,
  AdminStandingSeriesList,
  CreateSeasonBody,
  CreateStandingSeriesBody,
  ResultsBody,
  StoredResults,
} from './schema.js';
import { createSeason, createSeries, getAdminSeries, listSeries, postResults } from './service.js';

/** Admin reads and writes of standings: standings series, their seasons and per-event results. */
export function adminStandingRoutes(context: AppContext) {
  const db = context.database.db;
  return async function register(app: App): Promise<void> {
    app.get(
      '/orgs/:orgSlug/standing-series',
      {
        config: { access: 'org' },
        schema: {
          operationId: 'listStandingSeries',
          tags: ['Standings'],
          summary: 'List the organization’s standings series, newest first',
          params: OrgParams,
          querystring: PageQuery,
          response: {
            200: json(
              AdminStandingSeriesList,
              'A page of standings series.',
              STANDING_SERIES_LIST_EXAMPLE,
            ),
            ...ADMIN_FAILURES,
          },
        },
      },
      async (request) => {
        const found = await listSeries(db, request.params.orgSlug, pageOf(request.query));
        return {
          count: found.count,
          standingSeries: found.series.map(presentAdminStandingSeries),
        };
      },
    );

    app.get(
      '/orgs/:orgSlug/standing-series/:seriesId',
      {
        config: { access: 'org' },
        schema: {
          operationId: 'getStandingSeries',
          tags: ['Standings'],
          summary: 'A standings series with its seasons and posted results',
          params: StandingSeriesParams,
          response: {
            200: json(
              AdminStandingSeriesDetail,
              'The series, its seasons and its results.',
              STANDING_SERIES_DETAIL_EXAMPLE,
            ),
            ...ADMIN_FAILURES,
          },
        },
      },
      async (request) =>
        presentAdminStandingSeriesDetail(
          await getAdminSeries(db, request.params.orgSlug, request.params.seriesId),
        ),
    );

    app.post(
      '/orgs/:orgSlug/standing-series',
      {
        config: { access: 'org' },
        schema: {
          operationId: 'createStandingSeries',
          tags: ['Standings'],
          summary: 'Create a standings series',
          params: OrgParams,
          body: CreateStandingSeriesBody,
          response: {
            201: json(AdminStandingSeries, 'The standings series.', STANDING_SERIES_EXAMPLE),
            ...ADMIN_FAILURES,
          },
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
        config: { access: 'org' },
        schema: {
          operationId: 'createSeason',
          tags: ['Standings'],
          summary: 'Add a season to a standings series',
          params: StandingSeriesParams,
          body: CreateSeasonBody,
          response: { 201: json(AdminSeason, 'The season.', SEASON_EXAMPLE), ...ADMIN_FAILURES },
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
        config: { access: 'org' },
        schema: {
          operationId: 'postResults',
          tags: ['Standings'],
          summary: 'Post an event’s results into a standings series',
          params: StandingSeriesParams,
          body: ResultsBody,
          response: {
            200: json(StoredResults, 'The results as stored, by competitor.', RESULTS_EXAMPLE),
            ...ADMIN_FAILURES,
          },
        },
      },
      async (request) =>
        presentStoredResults(await postResults(db, { ...request.params, ...request.body })),
    );
  };
}
