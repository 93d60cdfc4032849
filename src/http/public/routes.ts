import type { App, AppContext } from '../context.js';
import { applyPublicEdge, type Edge } from '../edge/public-edge.js';
import { eventRoutes } from './events.js';
import { leaderboardRoutes } from './leaderboards.js';
import { teeSheetRoutes } from './tee-sheets.js';
import { openApiDocumentRoute } from '../openapi.js';
import { standingRoutes } from './standings.js';
import { presentPublicLeague } from '../presenters.js';
import { NotFoundError } from '../../domain/errors.js';
import {
  LeagueIdParams,
  MAX_ID,
  LeagueSlugParams,
  OrgParams,
  TeamParams,
} from '../schemas/common.js';
import { BAD_QUERY, plainText, publicAction, publicRead } from '../schemas/responses.js';
import {
  InviteResolution,
  PublicLeague,
  PublicLeagueList,
  Standings,
  StartRegistrationQuery,
  StartRegistrationResponse,
  TeamSummary,
} from '../schemas/public.js';
import Type from 'typebox';
import { resolveInvite } from '../../services/invites.js';
import { listPublicLeagues } from '../../services/leagues.js';
import { requireLeagueBySlug } from '../../services/lookup.js';
import { startRegistration } from '../../services/registration.js';
import { getLeagueStandings } from '../../services/standings.js';
import { getPublicTeam } from '../../services/teams.js';

/** The public league API (spec 4.1–4.7) under `/api/public/v1`. */
export function publicRoutes(context: AppContext, edge: Edge) {
  const { database, config, now } = context;
  const db = database.db;

  return async function register(app: App): Promise<void> {
    applyPublicEdge(app, edge);
    // The registration start ignores any body: accept every type, read it only to drain it.
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, _body, done) => {
      done(null, undefined);
    });

    app.get(
      '/orgs/:orgSlug/event-series',
      {
        schema: {
          summary: 'List an organization’s public leagues',
          params: OrgParams,
          response: publicRead(PublicLeagueList, 'The organization’s public leagues.'),
        },
      },
      async (request) => {
        const { leagues } = await listPublicLeagues(db, request.params.orgSlug);
        return leagues.map(presentPublicLeague);
      },
    );

    app.get(
      '/orgs/:orgSlug/event-series/:slug',
      {
        schema: {
          summary: 'Get a public league',
          params: LeagueSlugParams,
          response: publicRead(PublicLeague, 'The league.'),
        },
      },
      async (request) => {
        const { orgSlug, slug } = request.params;
        const { league } = await requireLeagueBySlug(db, orgSlug, slug, 'public');
        return presentPublicLeague(league);
      },
    );

    app.get(
      '/orgs/:orgSlug/event-series/:slug/standings',
      {
        schema: {
          summary: 'A league’s standings series and table',
          params: LeagueSlugParams,
          response: publicRead(Standings, 'The league’s standings series and current table.'),
        },
      },
      async (request) => getLeagueStandings(db, request.params.orgSlug, request.params.slug, now()),
    );

    app.post(
      '/orgs/:orgSlug/event-series/:id/register/start',
      {
        schema: {
          summary: 'Start a registration: returns the hosted page to send the golfer to',
          params: LeagueIdParams,
          querystring: StartRegistrationQuery,
          response: {
            ...publicAction(StartRegistrationResponse, 'Where to send the golfer to pay.'),
            ...BAD_QUERY,
            409: plainText('Conflict: registration is closed, or the league or team is full.'),
          },
        },
      },
      async (request, reply) => {
        // A positive integer past every id names no team: the same 404 as an unknown one.
        if ((request.query.eventSeriesTeam ?? 0) > MAX_ID) throw new NotFoundError();
        const url = await startRegistration(db, {
          orgSlug: request.params.orgSlug,
          leagueId: request.params.id,
          teamId: request.query.eventSeriesTeam,
          now: now(),
          registrationUrl: config.registrationUrl,
        });
        void reply.header('cache-control', 'no-store');
        return { url };
      },
    );

    app.get(
      '/orgs/:orgSlug/event-series/:id/teams/:teamId',
      {
        schema: {
          summary: 'A team’s public summary (names and seat counts)',
          params: TeamParams,
          response: publicRead(TeamSummary, 'The team’s names and seats.'),
        },
      },
      async (request) =>
        getPublicTeam(db, {
          orgSlug: request.params.orgSlug,
          leagueId: request.params.id,
          teamId: request.params.teamId,
        }),
    );

    app.get(
      '/event-series-invites/:token',
      {
        schema: {
          summary: 'Resolve a partner invite',
          params: Type.Object({
            token: Type.String({ pattern: '^[A-Za-z0-9_-]+$', minLength: 16, maxLength: 128 }),
          }),
          response: publicRead(InviteResolution, 'The invite, its league and team.'),
        },
        // Before validation, so that every answer about a token, 404s included, carries them.
        onRequest: async (_request, reply) => {
          void reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
        },
      },
      async (request) => resolveInvite(db, request.params.token),
    );

    openApiDocumentRoute(app);
    await app.register(eventRoutes(context));
    await app.register(standingRoutes(context));
    await app.register(teeSheetRoutes(context));
    await app.register(leaderboardRoutes(context, edge));
  };
}
