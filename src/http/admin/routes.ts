import Type from 'typebox';
import {
  MAX_IMAGE_BYTES,
  createLeague,
  patchLeague,
  setLeagueImage,
} from '../../services/leagues.js';
import { createOrg } from '../../services/orgs.js';
import {
  completeRegistration,
  deleteTeam,
  withdrawRegistration,
} from '../../services/registration.js';
import { createUser } from '../../services/users.js';
import type { App, AppContext } from '../context.js';
import type { Edge } from '../edge/public-edge.js';
import { createRateLimiter } from '../edge/rate-limit.js';
import { presentAdminLeague, presentOrg, presentUser } from '../presenters.js';
import {
  AdminLeague,
  AdminUser,
  CreateLeagueBody,
  CreateOrgBody,
  CreateUserBody,
  Org,
  PatchLeagueBody,
  Registration,
  RegistrationBody,
} from '../schemas/admin.js';
import {
  LeagueIdParams,
  OrgParams,
  PlainTextError,
  RegistrationParams,
  TeamParams,
} from '../schemas/common.js';
import { bearerGuard } from './bearer-guard.js';
import { adminEventRoutes } from './events.js';
import { adminFailures } from './failures.js';
import { adminLeagueNightRoutes } from './league-nights.js';
import { adminStandingRoutes } from './standings.js';

/** The admin API under `/admin/v1`; registered only when an admin token is configured. */
export function adminRoutes(context: AppContext, edge: Edge, adminToken: string) {
  const db = context.database.db;

  return async function register(app: App): Promise<void> {
    app.addHook('onRequest', bearerGuard(adminToken));
    const limit = context.config.adminRateLimitPerMinute;
    if (limit > 0) {
      app.addHook(
        'onRequest',
        createRateLimiter({
          counters: edge.counters,
          metrics: edge.metrics,
          limit,
          scope: 'admin',
          now: () => context.now().getTime(),
        }).hook,
      );
    }
    app.addContentTypeParser(
      ['image/png', 'image/jpeg', 'image/webp', 'application/octet-stream'],
      { parseAs: 'buffer', bodyLimit: MAX_IMAGE_BYTES },
      (_request, body, done) => {
        done(null, body);
      },
    );

    app.post(
      '/orgs',
      { schema: { body: CreateOrgBody, response: { 201: Org, ...adminFailures } } },
      async (request, reply) => {
        const org = await createOrg(db, request.body);
        return reply.code(201).send(presentOrg(org));
      },
    );

    app.post(
      '/users',
      { schema: { body: CreateUserBody, response: { 201: AdminUser, ...adminFailures } } },
      async (request, reply) => {
        const user = await createUser(db, request.body);
        return reply.code(201).send(presentUser(user));
      },
    );

    app.post(
      '/orgs/:orgSlug/event-series',
      {
        schema: {
          params: OrgParams,
          body: CreateLeagueBody,
          response: { 201: AdminLeague, ...adminFailures },
        },
      },
      async (request, reply) => {
        const { org, league } = await createLeague(db, request.params.orgSlug, request.body);
        return reply.code(201).send(presentAdminLeague(org, league));
      },
    );

    app.patch(
      '/orgs/:orgSlug/event-series/:id',
      {
        schema: {
          params: LeagueIdParams,
          body: PatchLeagueBody,
          response: { 200: AdminLeague, ...adminFailures },
        },
      },
      async (request) => {
        const { orgSlug, id } = request.params;
        const { org, league } = await patchLeague(db, orgSlug, id, request.body);
        return presentAdminLeague(org, league);
      },
    );

    app.put(
      '/orgs/:orgSlug/event-series/:id/image',
      {
        bodyLimit: MAX_IMAGE_BYTES,
        schema: {
          params: LeagueIdParams,
          response: { 200: AdminLeague, 413: PlainTextError, ...adminFailures },
        },
      },
      async (request) => {
        const { orgSlug, id } = request.params;
        const bytes = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const { org, league } = await setLeagueImage(db, orgSlug, id, bytes);
        return presentAdminLeague(org, league);
      },
    );

    app.post(
      '/orgs/:orgSlug/event-series/:id/registrations',
      {
        schema: {
          params: LeagueIdParams,
          body: RegistrationBody,
          response: { 201: Registration, ...adminFailures },
        },
      },
      async (request, reply) => {
        const { orgSlug, id } = request.params;
        const registration = await completeRegistration(db, {
          orgSlug,
          leagueId: id,
          ...request.body,
        });
        return reply.code(201).send({
          entry: registration.entry,
          teamId: registration.teamId,
          invites: registration.invites,
        });
      },
    );

    app.delete(
      '/orgs/:orgSlug/event-series/:id/registrations/:userId',
      { schema: { params: RegistrationParams, response: { 204: Type.Null(), ...adminFailures } } },
      async (request, reply) => {
        const { orgSlug, id, userId } = request.params;
        await withdrawRegistration(db, { orgSlug, leagueId: id, userId });
        return reply.code(204).send(null);
      },
    );

    app.delete(
      '/orgs/:orgSlug/event-series/:id/teams/:teamId',
      { schema: { params: TeamParams, response: { 204: Type.Null(), ...adminFailures } } },
      async (request, reply) => {
        const { orgSlug, id, teamId } = request.params;
        await deleteTeam(db, { orgSlug, leagueId: id, teamId });
        return reply.code(204).send(null);
      },
    );

    await app.register(adminEventRoutes(context));
    await app.register(adminStandingRoutes(context));
    await app.register(adminLeagueNightRoutes(context));
  };
}
