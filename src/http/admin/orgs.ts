import { createOrg } from '../../services/orgs.js';
import type { App, AppContext } from '../context.js';
import { presentOrg } from '../presenters/orgs.js';
import { AdminOrg, CreateOrgBody } from '../schemas/admin.js';
import { adminFailures } from './failures.js';

export function adminOrgRoutes(context: AppContext) {
  const db = context.database.db;
  return async function register(app: App): Promise<void> {
    app.post(
      '/orgs',
      { schema: { body: CreateOrgBody, response: { 201: AdminOrg, ...adminFailures } } },
      async (request, reply) => reply.code(201).send(presentOrg(await createOrg(db, request.body))),
    );
  };
}
