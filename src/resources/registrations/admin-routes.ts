import type { App, AppContext } from '../../http/context.js';
import { LeagueRefParams, RegistrationParams } from '../../http/schemas/common.js';
import { resolveLeagueId } from '../leagues/service.js';
import { ADMIN_FAILURES, NO_CONTENT, json } from '../../http/schemas/responses.js';
import { REGISTRATION_EXAMPLE } from './examples.js';
import { presentRegistration } from './presenter.js';
import { Registration, RegistrationBody } from './schema.js';
import { completeRegistration, withdrawRegistration } from './service.js';

/** Registrations as the hosted registration page reports them, and withdrawals. */
export function adminRegistrationRoutes(context: AppContext) {
  const db = context.database.db;
  return async function register(app: App): Promise<void> {
    app.post(
      '/orgs/:orgSlug/event-series/:id/registrations',
      {
        config: { access: 'org' },
        schema: {
          operationId: 'createRegistration',
          tags: ['Registrations'],
          summary: 'Record a completed registration',
          params: LeagueRefParams,
          body: RegistrationBody,
          response: {
            201: json(
              Registration,
              'The entry, its team and the partner invites sent.',
              REGISTRATION_EXAMPLE,
            ),
            ...ADMIN_FAILURES,
          },
        },
      },
      async (request, reply) => {
        const { orgSlug } = request.params;
        const registration = await completeRegistration(db, {
          orgSlug,
          leagueId: await resolveLeagueId(db, orgSlug, request.params.id),
          ...request.body,
        });
        return reply.code(201).send(presentRegistration(registration));
      },
    );

    app.delete(
      '/orgs/:orgSlug/event-series/:id/registrations/:userId',
      {
        config: { access: 'org' },
        schema: {
          operationId: 'withdrawRegistration',
          tags: ['Registrations'],
          summary: 'Withdraw a golfer from a league',
          params: RegistrationParams,
          response: { ...NO_CONTENT, ...ADMIN_FAILURES },
        },
      },
      async (request, reply) => {
        const { orgSlug, userId } = request.params;
        const leagueId = await resolveLeagueId(db, orgSlug, request.params.id);
        await withdrawRegistration(db, { orgSlug, leagueId, userId });
        return reply.code(204).send(null);
      },
    );
  };
}
