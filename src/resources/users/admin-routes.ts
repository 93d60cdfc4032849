import type { App, AppContext } from '../../http/context.js';
import { ADMIN_FAILURES, json } from '../../http/schemas/responses.js';
import { ADMIN_USER_EXAMPLE } from './examples.js';
import { presentUser } from './presenter.js';
import { AdminUser, CreateUserBody } from './schema.js';
import { createUser } from './service.js';

export function adminUserRoutes(context: AppContext) {
  const db = context.database.db;
  return async function register(app: App): Promise<void> {
    app.post(
      '/users',
      {
        config: { access: 'operator' },
        schema: {
          operationId: 'createUser',
          tags: ['Users'],
          summary: 'Create a golfer account',
          body: CreateUserBody,
          response: { 201: json(AdminUser, 'The golfer.', ADMIN_USER_EXAMPLE), ...ADMIN_FAILURES },
        },
      },
      async (request, reply) =>
        reply.code(201).send(presentUser(await createUser(db, request.body))),
    );
  };
}
