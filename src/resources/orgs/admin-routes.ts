import type { App, AppContext } from '../../http/context.js';
import { ADMIN_FAILURES, json } from '../../http/schemas/responses.js';
import { ADMIN_ORG_EXAMPLE } from './examples.js';
import { presentOrg } from './presenter.js';
import { OrgParams } from '../../http/schemas/common.js';
import { AdminOrg, CreateOrgBody, PatchOrgBody } from './schema.js';
import { createOrg, patchOrg } from './service.js';

export function adminOrgRoutes(context: AppContext) {
  const db = context.database.db;
  return async function register(app: App): Promise<void> {
    app.post(
      '/orgs',
      {
        config: { access: 'operator' },
        schema: {
          operationId: 'createOrg',
          tags: ['Organizations'],
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

    app.patch(
      '/orgs/:orgSlug',
      {
        config: { access: 'org' },
        schema: {
          operationId: 'updateOrg',
          tags: ['Organizations'],
          summary: 'Change an organization’s name, time zone, or whether it offers live odds',
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
