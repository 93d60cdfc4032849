import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { App } from './context.js';

/** Where the generated public document is served, under the public base path. */
export const OPENAPI_PATH = '/openapi.json';

/**
 * Collects the route schemas of the public API into an OpenAPI 3.1 document, and serves
 * Swagger UI on it at `/docs`. Only routes under `publicBasePath` are described.
 */
export async function registerOpenApi(app: App, publicBasePath: string): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Clubhouse public API',
        version: '1',
        description:
          'Leagues (event series), schedules, standings, teams and invites of golf organizations. ' +
          'Every answer may be read from any origin; errors are plain text; every response ' +
          'carries the IETF RateLimit headers.',
      },
    },
    transform: ({ schema, url }) => ({
      url,
      schema: url.startsWith(`${publicBasePath}/`) ? schema : { ...schema, hide: true },
    }),
  });
  await app.register(swaggerUi, { routePrefix: '/docs' });
}

/** Serves the generated document; it is fixed once the app is ready, so it is built once. */
export function openApiDocumentRoute(app: App): void {
  let document: string | undefined;
  app.get(OPENAPI_PATH, { schema: { hide: true } }, async (_request, reply) => {
    document ??= JSON.stringify(app.swagger());
    return reply.type('application/json; charset=utf-8').send(document);
  });
}
