import type { App, AppContext } from '../../http/context.js';
import { LeagueIdParams, OrgParams } from '../../http/schemas/common.js';
import { ADMIN_FAILURES, json } from '../../http/schemas/responses.js';
import { ADMIN_LEAGUE_EXAMPLE } from './examples.js';
import { presentAdminLeague } from './presenter.js';
import { AdminLeague, CreateLeagueBody, PatchLeagueBody } from './schema.js';
import { MAX_IMAGE_BYTES, createLeague, patchLeague, setLeagueImage } from './service.js';

const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'application/octet-stream'];

export function adminLeagueRoutes(context: AppContext) {
  const db = context.database.db;
  return async function register(app: App): Promise<void> {
    app.post(
      '/orgs/:orgSlug/event-series',
      {
        config: { access: 'org' },
        schema: {
          operationId: 'createLeague',
          tags: ['Leagues'],
          summary: 'Create a league',
          params: OrgParams,
          body: CreateLeagueBody,
          response: {
            201: json(AdminLeague, 'The league as stored.', ADMIN_LEAGUE_EXAMPLE),
            ...ADMIN_FAILURES,
          },
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
        config: { access: 'org' },
        schema: {
          operationId: 'updateLeague',
          tags: ['Leagues'],
          summary: 'Change some fields of a league',
          params: LeagueIdParams,
          body: PatchLeagueBody,
          response: {
            200: json(AdminLeague, 'The league as stored.', ADMIN_LEAGUE_EXAMPLE),
            ...ADMIN_FAILURES,
          },
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
          config: { access: 'org' },
          bodyLimit: MAX_IMAGE_BYTES,
          schema: {
            operationId: 'setLeagueImage',
            tags: ['Leagues'],
            summary: 'Upload a league’s image',
            description:
              'The body is the image itself: PNG, JPEG or WebP bytes, with its media type ' +
              '(or `application/octet-stream`); the type is read from the bytes.',
            params: LeagueIdParams,
            response: {
              200: json(AdminLeague, 'The league as stored.', ADMIN_LEAGUE_EXAMPLE),
              ...ADMIN_FAILURES,
            },
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
