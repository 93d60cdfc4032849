import type { App, AppContext } from '../../http/context.js';
import {
  CompetitorParams,
  LeagueSlugParams,
  StandingSeriesParams,
} from '../../http/schemas/common.js';
import { BAD_QUERY, publicRead } from '../../http/schemas/responses.js';
import { COMPETITOR_EXAMPLE, STANDINGS_EXAMPLE } from './examples.js';
import { presentCompetitorStandings, presentStandings } from './presenter.js';
import { CompetitorStandings, SeasonQuery, Standings } from './schema.js';
import { getCompetitorStandings, getLeagueStandings, getStandings } from './service.js';

/** A league's standings and the standings series themselves. */
export function standingRoutes(context: AppContext) {
  const db = context.database.db;
  return async function register(app: App): Promise<void> {
    app.get(
      '/orgs/:orgSlug/event-series/:slug/standings',
      {
        schema: {
          operationId: 'getLeagueStandings',
          tags: ['Standings'],
          summary: 'A league’s standings series and table',
          description: 'Without a linked standings series, both fields are null.',
          params: LeagueSlugParams,
          response: publicRead(
            Standings,
            'The league’s standings series and current table.',
            STANDINGS_EXAMPLE,
          ),
        },
      },
      async (request) =>
        presentStandings(
          await getLeagueStandings(db, request.params.orgSlug, request.params.slug, context.now()),
        ),
    );

    app.get(
      '/orgs/:orgSlug/standings/:seriesId',
      {
        schema: {
          operationId: 'getStandings',
          tags: ['Standings'],
          summary: 'A standings series and its table (current season unless seasonId)',
          params: StandingSeriesParams,
          querystring: SeasonQuery,
          response: {
            ...publicRead(Standings, 'The standings series and its table.', STANDINGS_EXAMPLE),
            ...BAD_QUERY,
          },
        },
      },
      async (request) =>
        presentStandings(
          await getStandings(db, {
            orgSlug: request.params.orgSlug,
            seriesId: request.params.seriesId,
            seasonId: request.query.seasonId,
            now: context.now(),
          }),
        ),
    );

    app.get(
      '/orgs/:orgSlug/standings/:seriesId/competitors/:competitorId',
      {
        schema: {
          operationId: 'getCompetitorStandings',
          tags: ['Standings'],
          summary: 'A competitor’s total, rank and contributions',
          params: CompetitorParams,
          querystring: SeasonQuery,
          response: {
            ...publicRead(CompetitorStandings, 'The competitor’s standing.', COMPETITOR_EXAMPLE),
            ...BAD_QUERY,
          },
        },
      },
      async (request) =>
        presentCompetitorStandings(
          await getCompetitorStandings(db, {
            ...request.params,
            seasonId: request.query.seasonId,
            now: context.now(),
          }),
        ),
    );
  };
}
