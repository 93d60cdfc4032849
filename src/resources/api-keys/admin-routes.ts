import type { App, AppContext } from '../../http/context.js';
import { OrgParams, PageQuery, pageOf } from '../../http/schemas/common.js';
import { ADMIN_FAILURES, NO_CONTENT, json } from '../../http/schemas/responses.js';
import { API_KEY_LIST_EXAMPLE, CREATED_API_KEY_EXAMPLE } from './examples.js';
import { presentApiKey, scoringLink } from './presenter.js';
import { ApiKeyList, ApiKeyParams, CreateApiKeyBody, CreatedApiKey } from './schema.js';
import { createApiKey, listApiKeys, revokeApiKey } from './service.js';

const TAGS = ['API keys'];

/** An org's keys (decisions §21): its organizers' and scorers' credentials for this API. */
export function adminApiKeyRoutes(context: AppContext) {
  const db = context.database.db;
  return async function register(app: App): Promise<void> {
    app.post(
      '/orgs/:orgSlug/api-keys',
      {
        config: { access: 'org' },
        schema: {
          operationId: 'createApiKey',
          tags: TAGS,
          summary: 'Create a key; the answer is the only one that shows it',
          params: OrgParams,
          body: CreateApiKeyBody,
          response: {
            201: json(CreatedApiKey, 'The key, shown this once.', CREATED_API_KEY_EXAMPLE),
            ...ADMIN_FAILURES,
          },
        },
      },
      async (request, reply) => {
        const created = await createApiKey(db, request.params.orgSlug, request.body, context.now());
        const { apiKey, key } = created;
        return reply.code(201).send({
          ...presentApiKey(apiKey, created.timeZone),
          key,
          scoringLink:
            apiKey.event_id === null
              ? null
              : scoringLink(request.params.orgSlug, apiKey.event_id, key),
        });
      },
    );

    app.get(
      '/orgs/:orgSlug/api-keys',
      {
        config: { access: 'org' },
        schema: {
          operationId: 'listApiKeys',
          tags: TAGS,
          summary: 'List the organization’s keys, without their secrets',
          params: OrgParams,
          querystring: PageQuery,
          response: {
            200: json(ApiKeyList, 'A page of the organization’s keys.', API_KEY_LIST_EXAMPLE),
            ...ADMIN_FAILURES,
          },
        },
      },
      async (request) => {
        const { count, keys, timeZone } = await listApiKeys(
          db,
          request.params.orgSlug,
          pageOf(request.query),
        );
        return { count, apiKeys: keys.map((key) => presentApiKey(key, timeZone)) };
      },
    );

    app.delete(
      '/orgs/:orgSlug/api-keys/:id',
      {
        config: { access: 'org' },
        schema: {
          operationId: 'revokeApiKey',
          tags: TAGS,
          summary: 'Revoke a key: it stops working at once, on every instance',
          params: ApiKeyParams,
          response: { ...NO_CONTENT, ...ADMIN_FAILURES },
        },
      },
      async (request, reply) => {
        await revokeApiKey(db, request.params.orgSlug, request.params.id);
        return reply.code(204).send(null);
      },
    );
  };
}
