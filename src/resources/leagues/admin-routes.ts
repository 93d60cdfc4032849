import type { App, AppContext } from '../../http/context.js';
import { LeagueRefParams, OrgParams, PageQuery, pageOf } from '../../http/schemas/common.js';
import { ADMIN_FAILURES, json } from '../../http/schemas/responses.js';
import {
  ADMIN_LEAGUE_DETAIL_EXAMPLE,
  ADMIN_LEAGUE_EXAMPLE,
  ADMIN_LEAGUE_LIST_EXAMPLE,
} from './examples.js';
import { presentAdminLeague, presentAdminLeagueDetail } from './presenter.js';
import {
  AdminLeague,
  AdminLeagueDetail,
  AdminLeagueList,
  CreateLeagueBody,
  PatchLeagueBody,
} from './schema.js';
import {
  IMAGE_UPLOAD_DESCRIPTION,
  imageUploadRoutes,
  uploadedImage,
} from '../media/image-upload.js';
import { MAX_IMAGE_BYTES } from '../media/service.js';
import {
  createLeague,
  getAdminLeague,
  listLeagues,
  patchLeague,
  resolveLeagueId,
  setLeagueImage,
} from './service.js';

export function adminLeagueRoutes(context: AppContext) {
  const db = context.database.db;
  return async function register(app: App): Promise<void> {
    app.get(
      '/orgs/:orgSlug/event-series',
      {
        config: { access: 'org' },
        schema: {
          operationId: 'listLeagues',
          tags: ['Leagues'],
          summary: 'List the organization’s leagues, every status, newest first',
          params: OrgParams,
          querystring: PageQuery,
          response: {
            200: json(AdminLeagueList, 'A page of leagues.', ADMIN_LEAGUE_LIST_EXAMPLE),
            ...ADMIN_FAILURES,
          },
        },
      },
      async (request) => {
        const found = await listLeagues(db, request.params.orgSlug, pageOf(request.query));
        return {
          count: found.count,
          leagues: found.leagues.map((league) => presentAdminLeague(found.org, league)),
        };
      },
    );

    app.get(
      '/orgs/:orgSlug/event-series/:id',
      {
        config: { access: 'org' },
        schema: {
          operationId: 'getLeague',
          tags: ['Leagues'],
          summary: 'A league of any status, with its roster and teams',
          params: LeagueRefParams,
          response: {
            200: json(
              AdminLeagueDetail,
              'The league, its roster and its teams.',
              ADMIN_LEAGUE_DETAIL_EXAMPLE,
            ),
            ...ADMIN_FAILURES,
          },
        },
      },
      async (request) => {
        const { orgSlug } = request.params;
        const id = await resolveLeagueId(db, orgSlug, request.params.id);
        return presentAdminLeagueDetail(await getAdminLeague(db, orgSlug, id));
      },
    );

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
          params: LeagueRefParams,
          body: PatchLeagueBody,
          response: {
            200: json(AdminLeague, 'The league as stored.', ADMIN_LEAGUE_EXAMPLE),
            ...ADMIN_FAILURES,
          },
        },
      },
      async (request) => {
        const { orgSlug } = request.params;
        const id = await resolveLeagueId(db, orgSlug, request.params.id);
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
            params: LeagueRefParams,
            response: {
              200: json(AdminLeague, 'The league as stored.', ADMIN_LEAGUE_EXAMPLE),
              ...ADMIN_FAILURES,
            },
          },
        },
        async (request) => {
          const { orgSlug } = request.params;
          const id = await resolveLeagueId(db, orgSlug, request.params.id);
          const bytes = uploadedImage(request.body);
          const { org, league } = await setLeagueImage(db, orgSlug, id, bytes);
          return presentAdminLeague(org, league);
        },
      );
    });
  };
}
