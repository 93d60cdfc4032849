import {
  MAX_IMAGE_BYTES,
  createLeague,
  patchLeague,
  setLeagueImage,
} from '../../services/leagues.js';
import type { App, AppContext } from '../context.js';
import { presentAdminLeague } from '../presenters/leagues.js';
import { AdminLeague, CreateLeagueBody, PatchLeagueBody } from '../schemas/admin.js';
import { LeagueIdParams, OrgParams, PlainTextError } from '../schemas/common.js';
import { adminFailures } from './failures.js';

const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'application/octet-stream'];

export function adminLeagueRoutes(context: AppContext) {
  const db = context.database.db;
  return async function register(app: App): Promise<void> {
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

    // A scope of its own, so that only this route reads image bodies.
    await app.register(async (images: App) => {
      images.addContentTypeParser(
        IMAGE_TYPES,
        { parseAs: 'buffer', bodyLimit: MAX_IMAGE_BYTES },
        (_request, body, done) => {
          done(null, body);
        },
      );
      images.put(
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
    });
  };
}
