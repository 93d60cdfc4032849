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
  /** Keeps the JSON API's, the widget pages' and the admin API's counts apart. */
  scope: 'public' | 'embed' | 'admin';
  /** The app's clock, in milliseconds: windows follow it. */
  now: () => number;
}

/** Response headers as name and value pairs: cheaper to build per request than an object. */
export type HeaderList = readonly (readonly [string, string])[];

/** One request counted: whether it is refused, and the headers of its answer (with Retry-After when refused). */
export interface Verdict {
  headers: HeaderList;
  refused: boolean;
  /** When the window resets: a refused client may ask again after this many seconds. */
  retryAfterSeconds: number;
}

/** Counts requests per client IP and window, and phrases the IETF RateLimit headers. */
export interface RateLimiter {
  count: (ip: string) => Promise<Verdict>;
  /**
   * A Fastify hook for a scope with no other edge work (the admin API): counts all but
   * preflights, sets the headers, refuses with 429 past the limit.
   */
  hook: (request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply | undefined>;
}

export function createRateLimiter(options: RateLimitOptions): RateLimiter {
  const policy = `"ip";q=${options.limit};w=${WINDOW_MS / 1000}`;
  const key = `${options.scope}:`;

  async function count(ip: string): Promise<Verdict> {
    const { count, resetMs } = await options.counters.hit(key + ip, WINDOW_MS, options.now());
    const seconds = Math.max(Math.ceil(resetMs / 1000), 1);
    const headers: [string, string][] = [
      ['ratelimit-policy', policy],
      ['ratelimit', `"ip";r=${Math.max(options.limit - count, 0)};t=${seconds}`],
    ];
    const refused = count > options.limit;
    if (refused) {
      options.metrics.rateLimited.inc({ scope: options.scope });
      headers.push(['retry-after', String(seconds)]);
    }
    return { headers, refused, retryAfterSeconds: seconds };
  }

  return {
    count,
    async hook(request, reply) {
      if (request.method === 'OPTIONS') return undefined;
      const verdict = await count(request.ip);
      for (const [name, value] of verdict.headers) void reply.header(name, value);
      return verdict.refused ? sendPlainText(reply, 429, 'Too Many Requests') : undefined;
    },
  };
}
