import type { IncomingMessage } from 'node:http';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { App } from '../context.js';
import type { Counters } from './counters.js';
import { corsHeaders, preflight } from './cors.js';
import { notRouted, sendNotFound, sendPlainText } from './errors.js';
import type { Metrics } from './metrics.js';
import type { ResponseCache } from './response-cache.js';
import type { RateLimiter } from './rate-limit.js';
import { unroutedUrl, type RequestLog } from './request-log.js';
import type { RouteTable } from './route-table.js';
import { SECURITY_HEADERS } from './security-headers.js';
import { isPublicUrl } from './urls.js';

/** What the public edge shares across the app: limit counters, metrics, cached answers. */
export interface Edge {
  counters: Counters;
  metrics: Metrics;
  cache: ResponseCache;
  /** The public rate limit, shared by the Fastify hook and the fast path. */
  limiter: RateLimiter;
  routes: RouteTable;
}

/** Longest public URL, path and query together; past it the answer is 414. */
export const MAX_PUBLIC_URL_LENGTH = 1024;

async function capUrlLength(request: FastifyRequest, reply: FastifyReply) {
  if (request.url.length > MAX_PUBLIC_URL_LENGTH) return sendPlainText(reply, 414, 'URI Too Long');
}

/**
 * CORS, the public rate limit, ETags and the response cache for every route of the scope it is
 * applied to, its 404s and 429s included.
 */
export function applyPublicEdge(app: App, edge: Edge): void {
  app.addHook('onRequest', corsHeaders);
  app.addHook('onRequest', edge.limiter.hook);
  app.addHook('onRequest', capUrlLength);
  app.addHook('onRequest', edge.cache.lookup);
  app.addHook('onSend', edge.cache.store);
  app.options('*', preflight);
  app.setNotFoundHandler(notRouted(edge.routes, { preflight: true }));
}

/**
 * Fastify's handler for paths it cannot route at all (a badly percent-encoded or over-long
 * path value), which skip every hook: a public one takes the same edge steps here (CORS, the
 * rate limit, the URL cap), and then, naming nothing, is the usual 404.
 */
export function answerUnroutablePaths(
  edge: Edge,
  options: {
    basePath: string;
    record: RequestLog;
    /** The client address as `request.ip` gives it once routed (here it ignores proxies). */
    clientIp: (request: IncomingMessage) => string;
  },
) {
  async function answer(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    void reply.headers(SECURITY_HEADERS);
    if (isPublicUrl(request.url, options.basePath)) {
      await corsHeaders(request, reply);
      await edge.limiter.apply(reply, await edge.limiter.count(options.clientIp(request.raw)));
      if (!reply.sent) await capUrlLength(request, reply);
      if (reply.sent) return;
    }
    await sendNotFound(request, reply);
  }

  return function answerUnroutablePath(
    _error: FastifyError,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    const started = performance.now();
    const record = () => {
      options.record({
        method: request.method,
        route: 'unmatched',
        url: unroutedUrl(request.url, edge.routes),
        ip: options.clientIp(request.raw),
        status: reply.statusCode,
        elapsedMs: performance.now() - started,
      });
    };
    answer(request, reply).then(record, (error: unknown) => {
      request.log.error({ err: error }, 'request failed');
      if (!reply.sent) void sendPlainText(reply, 500, 'Internal Server Error');
      record();
    });
  };
}
