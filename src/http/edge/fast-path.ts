import type { IncomingMessage, ServerResponse } from 'node:http';
import { CORS_HEADERS } from './cors.js';
import type { Metrics } from './metrics.js';
import type { RateLimiter, Verdict } from './rate-limit.js';
import type { RequestLog } from './request-log.js';
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
  record: RequestLog;
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

  /** What each cached answer needs on every send, worked out once per answer. */
  interface Prepared {
    headers: Record<string, string | number>;
    notModifiedHeaders: Record<string, string>;
  }
  const prepared = new WeakMap<CachedAnswer, Prepared>();
  const earlyHits = metrics.responseCache.labels({ result: 'hit', path: 'early' });

  function prepare(answer: CachedAnswer): Prepared {
    let ready = prepared.get(answer);
    if (ready !== undefined) return ready;
    const base: Record<string, string> = {
      ...CORS_HEADERS,
      ...SECURITY_HEADERS,
      ...answer.headers,
      etag: answer.etag,
    };
    // A 304 has no body, so it says nothing of the body's type.
    const notModifiedHeaders = Object.fromEntries(
      Object.entries(base).filter(([name]) => name !== 'content-type'),
    );
    ready = { headers: { ...base, 'content-length': answer.body.length }, notModifiedHeaders };
    prepared.set(answer, ready);
    return ready;
  }

  function send(
    request: IncomingMessage,
    response: ServerResponse,
    answer: CachedAnswer,
    verdict: Verdict,
    ip: string,
    started: number,
  ) {
    const ready = prepare(answer);
    const notModified = matches(request.headers['if-none-match'], answer.etag);
    const headers: Record<string, string | number> = notModified
      ? { ...ready.notModifiedHeaders }
      : { ...ready.headers };
    for (const [name, value] of verdict.headers) headers[name] = value;
    if (notModified) response.writeHead(304, headers).end();
    else response.writeHead(200, headers).end(answer.body);
    earlyHits.inc();
    options.record({
      method: 'GET',
      route: answer.route,
      url: answer.loggedUrl,
      ip,
      status: notModified ? 304 : 200,
      elapsedMs: performance.now() - started,
    });
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
        send(request, response, answer, verdict, ip, started);
      },
      () => {
        next(request, response);
      },
    );
  };
}
