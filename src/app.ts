import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyRequest } from 'fastify';
import { adminRoutes } from './http/admin/routes.js';
import type { App, AppContext } from './http/context.js';
import { frameworkErrors, registerErrorHandling } from './http/edge/errors.js';
import { MemoryCounters, SharedCounters } from './http/edge/counters.js';
import { createMetrics } from './http/edge/metrics.js';
import { createResponseCache } from './http/edge/response-cache.js';
import type { Edge } from './http/edge/public-edge.js';
import { validatorCompiler } from './http/edge/validation.js';
import { mediaRoutes } from './http/media.js';
import { registerOpenApi } from './http/openapi.js';
import { opsRoutes } from './http/ops.js';
import { publicRoutes } from './http/public/routes.js';

export type { App, AppContext } from './http/context.js';

export const PUBLIC_BASE_PATH = '/api/public/v1';
export const ADMIN_BASE_PATH = '/admin/v1';

/** JSON bodies over this size are refused with 413. */
export const BODY_LIMIT_BYTES = 64 * 1024;

/** Public answers are reused for at most this long, and only while no write commits. */
const RESPONSE_CACHE_TTL_MS = 1000;
const RESPONSE_CACHE_ENTRIES = 10_000;

/** Invite tokens are path identifiers that must never reach the logs. */
export function redactUrl(url: string): string {
  return url.replace(/(\/event-series-invites\/)[^/?#]+/, '$1[redacted]');
}

async function createEdge(context: AppContext, app: App): Promise<Edge> {
  const metrics = createMetrics(() => context.database.poolUse());
  const { redisUrl } = context.config;
  const counters =
    redisUrl === undefined
      ? new MemoryCounters()
      : new SharedCounters(redisUrl, {
          onFallback: (error) => {
            metrics.redisFallback.set(1);
            app.log.warn(
              { err: error.message },
              'Redis unreachable: rate limits are counted per instance until it is back',
            );
          },
          onRecovered: () => {
            metrics.redisFallback.set(0);
            app.log.info('Redis is back: rate limits are shared again');
          },
        });
  if (counters instanceof SharedCounters) await counters.connected();
  const cache = createResponseCache({
    version: context.database.version,
    now: () => context.now().getTime(),
    ttlMs: RESPONSE_CACHE_TTL_MS,
    maxEntries: RESPONSE_CACHE_ENTRIES,
    metrics,
  });
  return { counters, metrics, cache };
}

export interface BuildOptions {
  /** `false` silences the log whatever the configured level. */
  logger?: boolean;
  /** Where log lines go instead of stdout (one JSON object per line). */
  logStream?: { write(line: string): void };
}

/** Builds the HTTP application on an open database; it never listens by itself. */
export async function buildApp(context: AppContext, options: BuildOptions = {}): Promise<App> {
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : {
            level: context.config.logLevel,
            ...(options.logStream === undefined ? {} : { stream: options.logStream }),
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
    return503OnClosing: false,
    frameworkErrors,
  }).withTypeProvider<TypeBoxTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  registerErrorHandling(app);

  const edge = await createEdge(context, app);
  app.addHook('onSend', async (_request, reply, payload) => {
    void reply.header('x-content-type-options', 'nosniff');
    return payload;
  });
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    edge.metrics.requests.inc({ method: request.method, route, status: reply.statusCode });
    edge.metrics.latency.observe({ method: request.method, route }, reply.elapsedTime / 1000);
  });
  app.addHook('onClose', async () => {
    await edge.counters.close();
  });

  await registerOpenApi(app, PUBLIC_BASE_PATH);
  await app.register(opsRoutes(context, edge));
  await app.register(mediaRoutes(context));
  await app.register(publicRoutes(context, edge), { prefix: PUBLIC_BASE_PATH });
  if (context.config.adminToken !== undefined) {
    await app.register(adminRoutes(context, edge, context.config.adminToken), {
      prefix: ADMIN_BASE_PATH,
    });
  }
  await app.ready();
  return app;
}
