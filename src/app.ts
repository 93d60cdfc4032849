import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyRequest } from 'fastify';
import { adminRoutes } from './http/admin/routes.js';
import type { App, AppContext } from './http/context.js';
import { registerErrorHandling } from './http/edge/errors.js';
import { validatorCompiler } from './http/edge/validation.js';
import { mediaRoutes } from './http/media.js';
import { opsRoutes } from './http/ops.js';
import { publicRoutes } from './http/public/routes.js';

export type { App, AppContext } from './http/context.js';

export const PUBLIC_BASE_PATH = '/api/public/v1';
export const ADMIN_BASE_PATH = '/admin/v1';

/** JSON bodies over this size are refused with 413. */
export const BODY_LIMIT_BYTES = 64 * 1024;

/** Invite tokens are path identifiers that must never reach the logs. */
export function redactUrl(url: string): string {
  return url.replace(/(\/event-series-invites\/)[^/?#]+/, '$1[redacted]');
}

/** Builds the HTTP application on an open database; it never listens by itself. */
export async function buildApp(
  context: AppContext,
  options: { logger?: boolean } = {},
): Promise<App> {
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : {
            level: context.config.logLevel,
            serializers: {
              req: (request: FastifyRequest) => ({
                method: request.method,
                url: redactUrl(request.url),
                remoteAddress: request.ip,
              }),
            },
          },
    bodyLimit: BODY_LIMIT_BYTES,
    connectionTimeout: 60_000,
    requestTimeout: 30_000,
    keepAliveTimeout: 5_000,
    http: { headersTimeout: 10_000 },
    routerOptions: { maxParamLength: 200 },
    trustProxy: context.config.trustProxy.length > 0 ? context.config.trustProxy : false,
    return503OnClosing: true,
  }).withTypeProvider<TypeBoxTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  registerErrorHandling(app);

  await app.register(opsRoutes(context));
  await app.register(mediaRoutes(context));
  await app.register(publicRoutes(context), { prefix: PUBLIC_BASE_PATH });
  if (context.config.adminToken !== undefined) {
    await app.register(adminRoutes(context, context.config.adminToken), {
      prefix: ADMIN_BASE_PATH,
    });
  }
  await app.ready();
  return app;
}
