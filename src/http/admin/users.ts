import { createUser } from '../../services/users.js';
import type { App, AppContext } from '../context.js';
import { presentUser } from '../presenters/users.js';
import { AdminUser, CreateUserBody } from '../schemas/admin.js';
import { adminFailures } from './failures.js';

export function adminUserRoutes(context: AppContext) {
  const db = context.database.db;
  return async function register(app: App): Promise<void> {
    app.post(
      '/users',
      { schema: { body: CreateUserBody, response: { 201: AdminUser, ...adminFailures } } },
      async (request, reply) =>
        reply.code(201).send(presentUser(await createUser(db, request.body))),
    );
  };
}
