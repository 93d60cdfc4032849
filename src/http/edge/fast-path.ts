import type { IncomingMessage, ServerResponse } from 'node:http';
import { CORS_HEADERS } from './cors.js';
import type { Metrics } from './metrics.js';
import type { RateLimiter } from './rate-limit.js';
import { matches, type CachedAnswer, type ResponseCache } from './response-cache.js';
import { SECURITY_HEADERS } from './security-headers.js';

export interface FastPathOptions {
  basePath: string;
  maxUrlLength: number;
  cache: ResponseCache;
  limiter: RateLimiter;
  metrics: Metrics;
  /** The client address exactly as Fastify's `request.ip` gives it. */
  clientIp: (request: IncomingMessage) => string;
  /** Called once an answer is sent, for the access log. */
  onAnswered: (request: IncomingMessage, ip: string, status: number, elapsedMs: number) => void;
}

type Next = (request: IncomingMessage, response: ServerResponse) => void;

/** Serves a request from the cache, or passes it to `next`. */
export type FastPath = (request: IncomingMessage, response: ServerResponse, next: Next) => void;

/**
 * Answers a public GET whose answer is cached straight from the server's request listener,
 * before Fastify routes it: the same bytes and headers, counted by the same rate limiter,
 * in the same metrics. Anything else (no current answer, a refusal, any other request) goes
 * on to Fastify; a request already counted carries its verdict there.
 */
export function createFastPath(options: FastPathOptions): FastPath {
  const { cache, limiter, metrics } = options;
  const prefix = `${options.basePath}/`;

  function send(
    request: IncomingMessage,
    response: ServerResponse,
    answer: CachedAnswer,
    ip: string,
    started: number,
  ) {
    const notModified = matches(request.headers['if-none-match'], answer.etag);
    const status = notModified ? 304 : 200;
    const headers: Record<string, string | number> = {
      ...CORS_HEADERS,
      ...SECURITY_HEADERS,
      ...answer.headers,
      etag: answer.etag,
    };
    if (notModified) {
      delete headers['content-type'];
      response.writeHead(304, headers).end();
    } else {
      headers['content-length'] = answer.body.length;
      response.writeHead(200, headers).end(answer.body);
    }
    const elapsedMs = performance.now() - started;
    metrics.responseCache.inc({ result: 'hit', path: 'early' });
    metrics.requests.inc({ method: 'GET', route: answer.route, status });
    metrics.latency.observe({ method: 'GET', route: answer.route }, elapsedMs / 1000);
    options.onAnswered(request, ip, status, elapsedMs);
  }

  return function handle(request: IncomingMessage, response: ServerResponse, next: Next): void {
    const url = request.url ?? '';
    if (
      request.method !== 'GET' ||
      url.length > options.maxUrlLength ||
      !url.startsWith(prefix) ||
      cache.peek(url) === undefined
    ) {
      next(request, response);
      return;
    }
    const started = performance.now();
    const ip = options.clientIp(request);
    void limiter.count(ip).then(
      (verdict) => {
        // Looked up again: a write may have committed while the request was being counted.
        const answer = verdict.refused ? undefined : cache.peek(url);
        if (answer === undefined) {
          limiter.carry(request, verdict);
          next(request, response);
          return;
        }
        for (const [name, value] of verdict.headers) response.setHeader(name, value);
        send(request, response, answer, ip, started);
      },
      () => {
        next(request, response);
      },
    );
  };
}
