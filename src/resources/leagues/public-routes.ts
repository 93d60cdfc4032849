import { NotFoundError } from '../../domain/errors.js';
import type { App, AppContext } from '../../http/context.js';
import { LeagueIdParams, LeagueSlugParams, MAX_ID, OrgParams } from '../../http/schemas/common.js';
import { BAD_QUERY, plainText, publicAction, publicRead } from '../../http/schemas/responses.js';
import { START_REGISTRATION_EXAMPLE } from '../registrations/examples.js';
import { StartRegistrationQuery, StartRegistrationResponse } from '../registrations/schema.js';
import { startRegistration } from '../registrations/service.js';
import { LEAGUE_EXAMPLE } from './examples.js';
import { presentPublicLeague } from './presenter.js';
import { PublicLeague, PublicLeagueList } from './schema.js';
import { getPublicLeague, listPublicLeagues } from './service.js';

/** Leagues and the start of a registration. */
export function leagueRoutes(context: AppContext) {
  const { config, now } = context;
  const db = context.database.db;
  return async function register(app: App): Promise<void> {
    app.get(
      '/orgs/:orgSlug/event-series',
      {
        schema: {
          operationId: 'listLeagues',
          tags: ['Leagues'],
          summary: 'List an organization’s public leagues',
          description: 'Open, active and completed leagues, members-only ones included.',
          params: OrgParams,
          response: publicRead(PublicLeagueList, 'The organization’s public leagues.', [
            LEAGUE_EXAMPLE,
          ]),
        },
      },
      async (request) =>
        (await listPublicLeagues(db, request.params.orgSlug)).map(presentPublicLeague),
    );

    app.get(
      '/orgs/:orgSlug/event-series/:slug',
      {
        schema: {
          operationId: 'getLeague',
          tags: ['Leagues'],
          summary: 'Get a public league',
          description: 'A private or draft league is a 404, like an unknown one.',
          params: LeagueSlugParams,
          response: publicRead(PublicLeague, 'The league.', LEAGUE_EXAMPLE),
        },
      },
      async (request) =>
        presentPublicLeague(await getPublicLeague(db, request.params.orgSlug, request.params.slug)),
    );

    app.post(
      '/orgs/:orgSlug/event-series/:id/register/start',
      {
        schema: {
          operationId: 'startRegistration',
          tags: ['Leagues'],
          summary: 'Start a registration: returns the hosted page to send the golfer to',
          description: 'No request body is read. The answer is never cached (`no-store`).',
          params: LeagueIdParams,
          querystring: StartRegistrationQuery,
          response: {
            ...publicAction(
              StartRegistrationResponse,
              'Where to send the golfer to pay.',
              START_REGISTRATION_EXAMPLE,
            ),
            ...BAD_QUERY,
            409: plainText(
              'Conflict: registration is closed, or the league or team is full.',
              'Registration is closed',
            ),
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
  };
}
