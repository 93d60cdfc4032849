import type { FastifyReply, FastifyRequest } from 'fastify';
import type { App } from '../context.js';
import { etagAndCaching } from './caching.js';
import type { Counters } from './counters.js';
import { corsHeaders, preflight } from './cors.js';
import { sendPlainText } from './errors.js';
import type { Metrics } from './metrics.js';
import { rateLimit } from './rate-limit.js';
import { NotFoundError } from '../../domain/errors.js';

/** What the public edge shares across the app: counters for the limits, and metrics. */
export interface Edge {
  counters: Counters;
  metrics: Metrics;
}

/** Longest public URL, path and query together; past it the answer is 414. */
export const MAX_PUBLIC_URL_LENGTH = 1024;

async function capUrlLength(request: FastifyRequest, reply: FastifyReply) {
  if (request.url.length > MAX_PUBLIC_URL_LENGTH) return sendPlainText(reply, 414, 'URI Too Long');
}

/**
 * CORS, the public rate limit, ETags and caching for every route of the scope it is
 * applied to, its 404s and 429s included.
 */
export function applyPublicEdge(app: App, edge: Edge, limit: number): void {
  app.addHook('onRequest', corsHeaders);
  app.addHook('onRequest', rateLimit({ ...edge, limit, scope: 'public' }));
  app.addHook('onRequest', capUrlLength);
  app.addHook('onSend', etagAndCaching);
  app.options('*', preflight);
  app.setNotFoundHandler(async (_request, reply) =>
    sendPlainText(reply, 404, new NotFoundError().message),
  );
}
