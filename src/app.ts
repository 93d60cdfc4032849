import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import proxyAddr from '@fastify/proxy-addr';
import Fastify, { LogController, type FastifyBaseLogger } from 'fastify';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { adminRoutes } from './http/admin/index.js';
import type { App, AppContext } from './http/context.js';
import { answerMalformedRequests } from './http/edge/client-errors.js';
import { embedRoutes } from './http/embed/index.js';
import { registerErrorHandling } from './http/edge/errors.js';
import { MemoryCounters, SharedCounters } from './http/edge/counters.js';
import { createMetrics } from './http/edge/metrics.js';
import { createFastPath, type FastPath } from './http/edge/fast-path.js';
import {
  MAX_PUBLIC_URL_LENGTH,
  answerUnroutablePaths,
  type Edge,
} from './http/edge/public-edge.js';
import { createRateLimiter } from './http/edge/rate-limit.js';
import { createRequestLog, routedUrl, unroutedUrl } from './http/edge/request-log.js';
import { createResponseCache } from './http/edge/response-cache.js';
import { createRouteTable } from './http/edge/route-table.js';
import { SECURITY_HEADERS } from './http/edge/security-headers.js';
import { validatorCompiler } from './http/edge/validation.js';
import { mediaRoutes } from './http/media.js';
import { registerOpenApi } from './http/openapi.js';
import { opsRoutes } from './http/ops.js';
import { publicRoutes } from './http/public/index.js';
import { createLog } from './http/log.js';

export type { App, AppContext } from './http/context.js';

export const PUBLIC_BASE_PATH = '/api/public/v1';
export const ADMIN_BASE_PATH = '/admin/v1';

/** Path values longer than this name nothing (404). */
const MAX_PARAM_LENGTH = 200;

/** JSON bodies over this size are refused with 413. */
export const BODY_LIMIT_BYTES = 64 * 1024;

/** Public answers are reused for at most this long, and only while no write commits. */
const RESPONSE_CACHE_TTL_MS = 1000;
const RESPONSE_CACHE_ENTRIES = 10_000;
const RESPONSE_CACHE_BYTES = 64 * 1024 * 1024;

async function createEdge(
  context: AppContext,
  log: FastifyBaseLogger,
  cacheTtlMs: number,
): Promise<Edge> {
  const metrics = createMetrics(() => context.database.poolUse());
  const { redisUrl } = context.config;
  const counters =
    redisUrl === undefined
      ? new MemoryCounters()
      : new SharedCounters(redisUrl, {
          onFallback: (error) => {
            metrics.redisFallback.set(1);
            log.warn(
              { err: error.message },
              'Redis unreachable: rate limits are counted per instance until it is back',
            );
          },
          onRecovered: () => {
            metrics.redisFallback.set(0);
            log.info('Redis is back: rate limits are shared again');
          },
        });
  if (counters instanceof SharedCounters) await counters.connected();
  const cache = createResponseCache({
    version: context.database.version,
    now: () => context.now().getTime(),
    ttlMs: cacheTtlMs,
    maxEntries: RESPONSE_CACHE_ENTRIES,
    maxBytes: RESPONSE_CACHE_BYTES,
    metrics,
  });
  const limiter = createRateLimiter({
    counters,
    metrics,
    limit: context.config.rateLimitPerMinute,
    scope: 'public',
    now: () => context.now().getTime(),
  });
  return {
    counters,
    metrics,
    cache,
    limiter,
    routes: createRouteTable({ maxParamLength: MAX_PARAM_LENGTH }),
  };
}

/** Connection limits against slow clients, in milliseconds. */
const TIMEOUTS = { connection: 60_000, request: 30_000, headers: 10_000, keepAlive: 5_000 };

/**
 * The HTTP server, whose listener hands each request to the fast path (it only answers cached
 * public GETs) and to Fastify otherwise.
 */
function createServerWith(fastPath: FastPath) {
  return (handler: (request: IncomingMessage, response: ServerResponse) => void) => {
    const server = createServer({ headersTimeout: TIMEOUTS.headers }, (request, response) => {
      fastPath(request, response, handler);
    });
    server.keepAliveTimeout = TIMEOUTS.keepAlive;
    server.requestTimeout = TIMEOUTS.request;
    server.setTimeout(TIMEOUTS.connection);
    return server;
  };
}

export interface BuildOptions {
  /** `false` silences the log whatever the configured level. */
  logger?: boolean;
  /** Where log lines go instead of stdout (one JSON object per line). */
  logStream?: { write(line: string): void };
  /** How long public answers are reused; 0 keeps none (the bench measures misses so). */
  responseCacheTtlMs?: number;
}

/** Builds the HTTP application on an open database; it never listens by itself. */
export async function buildApp(context: AppContext, options: BuildOptions = {}): Promise<App> {
  const { trustProxy, logLevel } = context.config;
  const log = createLog({
    level: logLevel,
    enabled: options.logger !== false,
    ...(options.logStream === undefined ? {} : { stream: options.logStream }),
  });
  // One trust function for Fastify's `request.ip` and the fast path, so both see one client.
  const trust = trustProxy.length > 0 ? proxyAddr.compile(trustProxy) : undefined;
  const edge = await createEdge(context, log, options.responseCacheTtlMs ?? RESPONSE_CACHE_TTL_MS);
  const record = createRequestLog(edge.metrics, log);
  const clientIp = (request: IncomingMessage) =>
    trust === undefined ? (request.socket.remoteAddress ?? '') : proxyAddr(request, trust);
  const fastPath = createFastPath({
    basePath: PUBLIC_BASE_PATH,
    maxUrlLength: MAX_PUBLIC_URL_LENGTH,
    cache: edge.cache,
    limiter: edge.limiter,
    metrics: edge.metrics,
    clientIp,
    record,
  });
  const app = Fastify({
    serverFactory: createServerWith(fastPath),
    loggerInstance: log,
    // One line per request at debug level, whichever path answers (see `createRequestLog`).
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: BODY_LIMIT_BYTES,
    routerOptions: { maxParamLength: MAX_PARAM_LENGTH },
    trustProxy: trust ?? false,
    return503OnClosing: false,
    clientErrorHandler: answerMalformedRequests({ limiter: edge.limiter, record }),
    frameworkErrors: answerUnroutablePaths(edge, { basePath: PUBLIC_BASE_PATH, record, clientIp }),
  }).withTypeProvider<TypeBoxTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  registerErrorHandling(app, edge.routes);

  app.addHook('onSend', async (_request, reply, payload) => {
    void reply.headers(SECURITY_HEADERS);
    return payload;
  });
  app.addHook('onRoute', (route) => {
    edge.routes.add(route);
  });
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url;
    record({
      method: request.method,
      route: route ?? 'unmatched',
      url: route === undefined ? unroutedUrl(request.url, edge.routes) : routedUrl(request),
      ip: request.ip,
      status: reply.statusCode,
      elapsedMs: reply.elapsedTime,
    });
  });
  app.addHook('onClose', async () => {
    await edge.counters.close();
  });

  await registerOpenApi(app, {
    public: PUBLIC_BASE_PATH,
    admin: context.config.adminToken === undefined ? undefined : ADMIN_BASE_PATH,
  });
  await app.register(opsRoutes(context, edge));
  await app.register(mediaRoutes(context));
  await app.register(embedRoutes(context, edge));
  await app.register(publicRoutes(context, edge), { prefix: PUBLIC_BASE_PATH });
  if (context.config.adminToken !== undefined) {
    await app.register(adminRoutes(context, edge, context.config.adminToken), {
      prefix: ADMIN_BASE_PATH,
    });
  }
  await app.ready();
  return app;
}
