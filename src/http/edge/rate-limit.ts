import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Counters } from './counters.js';
import { sendPlainText } from './errors.js';
import type { Metrics } from './metrics.js';

const WINDOW_MS = 60_000;

export interface RateLimitOptions {
  counters: Counters;
  metrics: Metrics;
  /** Requests allowed per client IP per minute. */
  limit: number;
  /** Keeps public and admin counts apart. */
  scope: 'public' | 'admin';
}

/**
 * Counts each request against its client IP and window, answers the IETF RateLimit
 * headers, and refuses requests over the limit with 429 and Retry-After.
 */
export function rateLimit(options: RateLimitOptions) {
  const policy = `"ip";q=${options.limit};w=${WINDOW_MS / 1000}`;
  return async function limitRate(request: FastifyRequest, reply: FastifyReply) {
    if (request.method === 'OPTIONS') return;
    const { count, resetMs } = await options.counters.hit(
      `${options.scope}:${request.ip}`,
      WINDOW_MS,
      Date.now(),
    );
    const seconds = Math.max(Math.ceil(resetMs / 1000), 1);
    void reply
      .header('ratelimit-policy', policy)
      .header('ratelimit', `"ip";r=${Math.max(options.limit - count, 0)};t=${seconds}`);
    if (count > options.limit) {
      options.metrics.rateLimited.inc({ scope: options.scope });
      void reply.header('retry-after', String(seconds));
      await sendPlainText(reply, 429, 'Too Many Requests');
    }
  };
}
