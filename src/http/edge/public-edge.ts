import type { FastifyReply, FastifyRequest } from 'fastify';
import type { App } from '../context.js';
import type { Counters } from './counters.js';
import { corsHeaders, preflight } from './cors.js';
import { notRouted, sendPlainText } from './errors.js';
import type { Metrics } from './metrics.js';
import type { ResponseCache } from './response-cache.js';
import type { RateLimiter } from './rate-limit.js';
import type { RouteTable } from './route-table.js';

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
