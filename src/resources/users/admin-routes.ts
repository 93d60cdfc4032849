import type { App, AppContext } from '../../http/context.js';
import { OrgParams, pageOf } from '../../http/schemas/common.js';
import { ADMIN_FAILURES, json } from '../../http/schemas/responses.js';
import { ADMIN_USER_EXAMPLE, ADMIN_USER_LIST_EXAMPLE } from './examples.js';
import { presentUser } from './presenter.js';
import {
  AdminUser,
  AdminUserList,
  CreateUserBody,
  GolferListQuery,
  GolferParams,
  UpdateUserBody,
  UserIdParams,
} from './schema.js';
import { addGolfer, createUser, getGolfer, listGolfers, updateUser } from './service.js';

const TAGS = ['Users'];

export function adminUserRoutes(context: AppContext) {
  const db = context.database.db;
  return async function register(app: App): Promise<void> {
    app.post(
      '/users',
      {
        config: { access: 'operator' },
        schema: {
          operationId: 'createUser',
          tags: TAGS,
          summary: 'Create a golfer account',
          body: CreateUserBody,
          response: { 201: json(AdminUser, 'The golfer.', ADMIN_USER_EXAMPLE), ...ADMIN_FAILURES },
        },
      },
      async (request, reply) =>
        reply.code(201).send(presentUser(await createUser(db, request.body))),
    );

    app.patch(
      '/users/:id',
      {
        config: { access: 'operator' },
        schema: {
          operationId: 'updateUser',
          tags: TAGS,
          summary: 'Rename a golfer, or hide or show their player profile',
          description:
            'A golfer’s account is theirs in every org: `publicProfile: false` hides their ' +
            'player profile and list entry everywhere (decisions §19).',
          params: UserIdParams,
          body: UpdateUserBody,
          response: { 200: json(AdminUser, 'The golfer.', ADMIN_USER_EXAMPLE), ...ADMIN_FAILURES },
        },
      },
      async (request) => presentUser(await updateUser(db, request.params.id, request.body)),
    );

    app.get(
      '/orgs/:orgSlug/golfers',
      {
        config: { access: 'org' },
        schema: {
          operationId: 'listGolfers',
          tags: TAGS,
          summary: 'List the organization’s golfers, by name',
          description:
            'A golfer of the organization is anyone on one of its rosters, entry lists, tee ' +
            'sheets, cards or standings tables, inviting to one of its teams, or added to it.',
          params: OrgParams,
          querystring: GolferListQuery,
          response: {
            200: json(AdminUserList, 'A page of golfers.', ADMIN_USER_LIST_EXAMPLE),
            ...ADMIN_FAILURES,
          },
        },
      },
      async (request) => {
        const { search } = request.query;
        const page = pageOf(request.query);
        const { count, users } = await listGolfers(db, request.params.orgSlug, search, page);
        return { count, users: users.map(presentUser) };
      },
    );

    app.post(
      '/orgs/:orgSlug/golfers',
      {
        config: { access: 'org' },
        schema: {
          operationId: 'addGolfer',
          tags: TAGS,
          summary: 'Add a golfer to the organization by e-mail address',
          description:
            'A new address makes a new golfer (201); an address that is known, in any case, ' +
            'answers its account as it is (200), now a golfer of this organization too.',
          params: OrgParams,
          body: CreateUserBody,
          response: {
            200: json(AdminUser, 'The existing account of that address.', ADMIN_USER_EXAMPLE),
            201: json(AdminUser, 'The new golfer.', ADMIN_USER_EXAMPLE),
            ...ADMIN_FAILURES,
          },
        },
      },
      async (request, reply) => {
        const { user, created } = await addGolfer(db, request.params.orgSlug, request.body);
        return reply.code(created ? 201 : 200).send(presentUser(user));
      },
    );

    app.get(
      '/orgs/:orgSlug/golfers/:userId',
      {
        config: { access: 'org' },
        schema: {
          operationId: 'getGolfer',
          tags: TAGS,
          summary: 'A golfer of the organization',
          params: GolferParams,
          response: { 200: json(AdminUser, 'The golfer.', ADMIN_USER_EXAMPLE), ...ADMIN_FAILURES },
        },
      },
      async (request) =>
        presentUser(await getGolfer(db, request.params.orgSlug, request.params.userId)),
    );
  };
}
