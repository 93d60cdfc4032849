import { adminCaller } from '../../http/admin/bearer-guard.js';
import type { App, AppContext } from '../../http/context.js';
import { OrgParams, PageQuery, pageOf } from '../../http/schemas/common.js';
import { ADMIN_FAILURES, json } from '../../http/schemas/responses.js';
import { ADMIN_ORG_EXAMPLE, ADMIN_ORG_LIST_EXAMPLE } from './examples.js';
import { presentOrg } from './presenter.js';
import { AdminOrg, AdminOrgList, CreateOrgBody, PatchOrgBody } from './schema.js';
import { createOrg, listOrgs, patchOrg, requireOrg } from './service.js';

const TAGS = ['Organizations'];

export function adminOrgRoutes(context: AppContext) {
  const db = context.database.db;
  return async function register(app: App): Promise<void> {
    app.post(
      '/orgs',
      {
        config: { access: 'operator' },
        schema: {
          operationId: 'createOrg',
          tags: TAGS,
          summary: 'Create an organization',
          body: CreateOrgBody,
          response: {
            201: json(AdminOrg, 'The organization.', ADMIN_ORG_EXAMPLE),
            ...ADMIN_FAILURES,
          },
        },
      },
      async (request, reply) => reply.code(201).send(presentOrg(await createOrg(db, request.body))),
    );

    app.get(
      '/orgs',
      {
        config: { access: 'own-org' },
        schema: {
          operationId: 'listOrgs',
          tags: TAGS,
          summary: 'List the organizations: every one for the operator, its own for a key',
          querystring: PageQuery,
          response: {
            200: json(AdminOrgList, 'A page of organizations, by slug.', ADMIN_ORG_LIST_EXAMPLE),
            ...ADMIN_FAILURES,
          },
        },
      },
      async (request) => {
        const caller = adminCaller(request);
        const only = caller.role === 'operator' ? {} : { orgSlug: caller.orgSlug };
        const { count, orgs } = await listOrgs(db, only, pageOf(request.query));
        return { count, orgs: orgs.map(presentOrg) };
      },
    );

    app.get(
      '/orgs/:orgSlug',
      {
        config: { access: 'org' },
        schema: {
          operationId: 'getOrg',
          tags: TAGS,
          summary: 'An organization',
          params: OrgParams,
          response: {
            200: json(AdminOrg, 'The organization.', ADMIN_ORG_EXAMPLE),
            ...ADMIN_FAILURES,
          },
        },
      },
      async (request) => presentOrg(await requireOrg(db, request.params.orgSlug)),
    );

    app.patch(
      '/orgs/:orgSlug',
      {
        config: { access: 'org' },
        schema: {
          operationId: 'updateOrg',
          tags: TAGS,
          summary: 'Change an organization’s name, time zone, live odds or newsletter consent text',
          params: OrgParams,
          body: PatchOrgBody,
          response: {
            200: json(AdminOrg, 'The organization.', ADMIN_ORG_EXAMPLE),
            ...ADMIN_FAILURES,
          },
        },
      },
      async (request) => presentOrg(await patchOrg(db, request.params.orgSlug, request.body)),
    );
  };
}
