import proxyAddr from '@fastify/proxy-addr';
import { LogController, type FastifyBaseLogger, type FastifyServerOptions } from 'fastify';
import fastifyPlugin from 'fastify-plugin';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { App, AppContext } from '../context.js';
import { createParserAnswers } from './client-errors.js';
import { MemoryCounters, SharedCounters, type Counters } from './counters.js';
import { preflight } from './cors.js';
import { notRouted, registerErrorHandling } from './errors.js';
import { createMetrics, type Metrics } from './metrics.js';
import { createPipeline } from './pipeline.js';
import { createRateLimiter, type RateLimiter } from './rate-limit.js';
import { createRequestLog, logsAccess, routedUrl, unroutedUrl } from './request-log.js';
import { createResponseCache, type ResponseCache } from './response-cache.js';
import { createRouteTable } from './route-table.js';
import { SECURITY_HEADERS } from './security-headers.js';

/** Path values longer than this name nothing (404). */
const MAX_PARAM_LENGTH = 200;

/** Connection limits against slow clients, in milliseconds. */
const TIMEOUTS = {
  connection: 60_000,
  request: 30_000,
  headers: 10_000,
  keepAlive: 5_000,
  checking: 1_000,
};

type EdgeServerOptions = Pick<
  FastifyServerOptions,
  | 'serverFactory'
  | 'trustProxy'
  | 'routerOptions'
  | 'logController'
  | 'clientErrorHandler'
  | 'frameworkErrors'
>;

/** The HTTP edge of the app: what every request passes before and after its route. */
export interface Edge {
  metrics: Metrics;
  /** Fastify's options that belong to the edge: the server, the client address, the router's limits. */
  serverOptions: EdgeServerOptions;
  /**
   * The app-wide part, a plugin for the root: security headers, the route table, plain-text
   * errors, metrics and the access log of every routed answer; closes the limit counters.
   */
  plugin: (app: App) => Promise<void>;
  /** The public API's part, for its scope: admission and kept answers, preflights, 404/405. */
  applyPublic: (app: App) => void;
  /**
   * For public actions outside the API (the widgets' forms), which carry no CORS: the JSON
   * API's rate limit. The response cache is for widget pages' reads.
   */
  publicRateLimit: RateLimiter['hook'];
  cache: Pick<ResponseCache, 'lookup' | 'store'>;
  /** Widget pages' own per-IP budget, counted apart: a club's guests share one address. */
  embedBudget: RateLimiter['count'];
  /** The admin API's own rate limit, counted apart in the same counters. */
  adminRateLimit: (limitPerMinute: number) => RateLimiter['hook'];
}

function createCounters(context: AppContext, metrics: Metrics, log: FastifyBaseLogger): Counters {
  const { redisUrl } = context.config;
  if (redisUrl === undefined) return new MemoryCounters();
  return new SharedCounters(redisUrl, {
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
}

/** Builds the edge: counters, metrics, response cache, rate limiter, route table and pipeline. */
export async function createEdge(
  context: AppContext,
  log: FastifyBaseLogger,
  options: { publicBasePath: string; responseCacheMaxBytes?: number },
): Promise<Edge> {
  const now = () => context.now().getTime();
  const metrics = createMetrics(
    () => context.database.poolUse(),
    () => cache.kept(),
  );
  const counters = createCounters(context, metrics, log);
  if (counters instanceof SharedCounters) await counters.connected();
  const cache = createResponseCache({
    version: context.database.version,
    now,
    ttlMs: context.config.responseCacheTtlSeconds * 1000,
    maxBytes: options.responseCacheMaxBytes ?? context.config.responseCacheMaxMb * 1024 * 1024,
    metrics,
    logsUrls: logsAccess(log),
  });
  const limiter = createRateLimiter({
    counters,
    metrics,
    limit: context.config.rateLimitPerMinute,
    scope: 'public',
    now,
  });
  const routes = createRouteTable({ maxParamLength: MAX_PARAM_LENGTH });
  const record = createRequestLog(metrics, log);
  // One trust function for Fastify's `request.ip` and the edge, so both see one client.
  const { trustProxy } = context.config;
  const trust = trustProxy.length > 0 ? proxyAddr.compile(trustProxy) : undefined;
  const clientIp = (request: IncomingMessage) =>
    trust === undefined ? (request.socket.remoteAddress ?? '') : proxyAddr(request, trust);
  const pipeline = createPipeline({
    publicBasePath: options.publicBasePath,
    cache,
    limiter,
    record,
    routes,
    clientIp,
  });

  const parserAnswers = createParserAnswers({ decide: pipeline.decide, record, clientIp });

  function serverFactory(handler: (request: IncomingMessage, response: ServerResponse) => void) {
    const server = createServer(
      {
        // Header and request deadlines are checked this often (Node's default: every 30 s).
        headersTimeout: TIMEOUTS.headers,
        connectionsCheckingInterval: TIMEOUTS.checking,
        // Checked by `requireHost`, which answers in the service's format.
        requireHostHeader: false,
      },
      parserAnswers.requireHost(pipeline.listener(handler)),
    );
    server.on('checkExpectation', parserAnswers.checkExpectation);
    server.on('connect', parserAnswers.connect);
    server.keepAliveTimeout = TIMEOUTS.keepAlive;
    server.requestTimeout = TIMEOUTS.request;
    server.setTimeout(TIMEOUTS.connection);
    return server;
  }

  async function plugin(app: App): Promise<void> {
    registerErrorHandling(app, routes);
    app.addHook('onRoute', (route) => {
      routes.add(route);
    });
    // Set as a request arrives, not as its answer leaves: an error's answer keeps them too,
    // and a hook with a callback costs a request no promise.
    app.addHook('onRequest', (_request, reply, done) => {
      void reply.headers(SECURITY_HEADERS);
      done();
    });
    app.addHook('onResponse', (request, reply, done) => {
      const route = request.routeOptions.url;
      record({
        method: request.method,
        route: route ?? 'unmatched',
        url: () => (route === undefined ? unroutedUrl(request.url, routes) : routedUrl(request)),
        ip: request.ip,
        status: reply.statusCode,
        elapsedMs: reply.elapsedTime,
      });
      done();
    });
    app.addHook('onClose', async () => {
      await counters.close();
    });
  }

  return {
    metrics,
    serverOptions: {
      serverFactory,
      trustProxy: trust ?? false,
      routerOptions: { maxParamLength: MAX_PARAM_LENGTH },
      // One line per request at debug level, whichever way it is answered (see `createRequestLog`).
      logController: new LogController({ disableRequestLogging: true }),
      clientErrorHandler: parserAnswers.clientError,
      frameworkErrors: pipeline.answerUnroutable,
    },
    plugin: fastifyPlugin(plugin, { name: 'edge' }),
    applyPublic(app) {
      app.addHook('onRequest', pipeline.admitRouted);
      app.addHook('onSend', cache.store);
      app.options('*', preflight);
      app.setNotFoundHandler(notRouted(routes, { preflight: true }));
    },
    publicRateLimit: limiter.hook,
    embedBudget: createRateLimiter({
      counters,
      metrics,
      limit: context.config.embedRateLimitPerMinute,
      scope: 'embed',
      now,
    }).count,
    cache,
    adminRateLimit: (limitPerMinute) =>
      createRateLimiter({ counters, metrics, limit: limitPerMinute, scope: 'admin', now }).hook,
  };
}
