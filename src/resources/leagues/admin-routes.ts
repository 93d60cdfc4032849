import type { App, AppContext } from '../../http/context.js';
import { LeagueIdParams, OrgParams } from '../../http/schemas/common.js';
import { ADMIN_FAILURES, json } from '../../http/schemas/responses.js';
import { ADMIN_LEAGUE_EXAMPLE } from './examples.js';
import { presentAdminLeague } from './presenter.js';
import { AdminLeague, CreateLeagueBody, PatchLeagueBody } from './schema.js';
import {
  IMAGE_UPLOAD_DESCRIPTION,
  imageUploadRoutes,
  uploadedImage,
} from '../media/image-upload.js';
import { MAX_IMAGE_BYTES } from '../media/service.js';
import { createLeague, patchLeague, setLeagueImage } from './service.js';

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

    await imageUploadRoutes(app, (images) => {
      images.put(
        '/orgs/:orgSlug/event-series/:id/image',
        {
          config: { access: 'org' },
          bodyLimit: MAX_IMAGE_BYTES,
          schema: {
            operationId: 'setLeagueImage',
            tags: ['Leagues'],
            summary: 'Upload a league’s image',
            description: IMAGE_UPLOAD_DESCRIPTION,
            params: LeagueIdParams,
            response: {
              200: json(AdminLeague, 'The league as stored.', ADMIN_LEAGUE_EXAMPLE),
              ...ADMIN_FAILURES,
            },
          },
        },
        async (request) => {
          const { orgSlug, id } = request.params;
          const bytes = uploadedImage(request.body);
          const { org, league } = await setLeagueImage(db, orgSlug, id, bytes);
          return presentAdminLeague(org, league);
        },
      );
    });
  };
}
