import type { IncomingMessage } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Counters } from './counters.js';
import { sendPlainText } from './errors.js';
import type { Metrics } from './metrics.js';

const WINDOW_MS = 60_000;

/** Where a request the fast path already counted carries its verdict into Fastify. */
const COUNTED = Symbol('clubhouse.rate-limit.counted');

type CountedMessage = IncomingMessage & { [COUNTED]?: Verdict };

export interface RateLimitOptions {
  counters: Counters;
  metrics: Metrics;
  /** Requests allowed per client IP per minute. */
  limit: number;
  /** Keeps public and admin counts apart. */
  scope: 'public' | 'admin';
  /** The app's clock, in milliseconds: windows follow it. */
  now: () => number;
}

/** One request counted: the RateLimit headers to answer, and whether it is refused. */
export interface Verdict {
  headers: [string, string][];
  refused: boolean;
  retryAfterSeconds: number;
}

/** Counts requests per client IP and window, and phrases the IETF RateLimit headers. */
export interface RateLimiter {
  count(ip: string): Promise<Verdict>;
  /** Marks a request as counted, so that the Fastify hook does not count it again. */
  carry(request: IncomingMessage, verdict: Verdict): void;
  /** Sets the verdict's headers on a reply, and refuses it with 429 over the limit. */
  apply(reply: FastifyReply, verdict: Verdict): Promise<FastifyReply | undefined>;
  /** The Fastify hook: counts, answers the headers, refuses with 429 over the limit. */
  hook: (request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply | undefined>;
}

export function createRateLimiter(options: RateLimitOptions): RateLimiter {
  const policy = `"ip";q=${options.limit};w=${WINDOW_MS / 1000}`;
  const key = `${options.scope}:`;

  async function count(ip: string): Promise<Verdict> {
    const { count, resetMs } = await options.counters.hit(key + ip, WINDOW_MS, options.now());
    const seconds = Math.max(Math.ceil(resetMs / 1000), 1);
    const refused = count > options.limit;
    if (refused) options.metrics.rateLimited.inc({ scope: options.scope });
    return {
      headers: [
        ['ratelimit-policy', policy],
        ['ratelimit', `"ip";r=${Math.max(options.limit - count, 0)};t=${seconds}`],
      ],
      refused,
      retryAfterSeconds: seconds,
    };
  }

  async function apply(reply: FastifyReply, verdict: Verdict) {
    for (const [name, value] of verdict.headers) void reply.header(name, value);
    if (!verdict.refused) return undefined;
    void reply.header('retry-after', String(verdict.retryAfterSeconds));
    return sendPlainText(reply, 429, 'Too Many Requests');
  }

  return {
    count,
    carry(request, verdict) {
      (request as CountedMessage)[COUNTED] = verdict;
    },
    apply,
    async hook(request, reply) {
      if (request.method === 'OPTIONS') return undefined;
      return apply(reply, (request.raw as CountedMessage)[COUNTED] ?? (await count(request.ip)));
    },
  };
}
