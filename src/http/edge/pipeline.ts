import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { CORS_HEADERS } from './cors.js';
import { sendNotFound, sendPlainText } from './errors.js';
import type { HeaderList, RateLimiter } from './rate-limit.js';
import { unroutedUrl, type RequestLog } from './request-log.js';
import { isRead, type ResponseCache } from './response-cache.js';
import type { RouteTable } from './route-table.js';
import { SECURITY_HEADERS } from './security-headers.js';
import { isPublicUrl } from './urls.js';

/** Longest public URL, path and query together; past it the answer is 414. */
export const MAX_PUBLIC_URL_LENGTH = 1024;

/** What the edge decided for one public request, before any route may answer it. */
export interface Admission {
  ip: string;
  /** RateLimit headers (and Retry-After when refused), for every answer besides CORS's. */
  headers: HeaderList;
  /** The plain-text answer given instead of any route's: 429 past the limit, else 414. */
  refusal: { status: 414 | 429; message: string } | undefined;
}

const TOO_MANY_REQUESTS = { status: 429, message: 'Too Many Requests' } as const;
const URI_TOO_LONG = { status: 414, message: 'URI Too Long' } as const;

/** Where a request carries its admission from the listener into Fastify. */
const ADMISSION = Symbol('clubhouse.edge.admission');
type AdmittedRequest = IncomingMessage & { [ADMISSION]?: Promise<Admission> };

type Listener = (request: IncomingMessage, response: ServerResponse) => void;

export interface PipelineOptions {
  publicBasePath: string;
  cache: ResponseCache;
  limiter: RateLimiter;
  record: RequestLog;
  routes: RouteTable;
  /** The client address exactly as Fastify's `request.ip` gives it. */
  clientIp: (request: IncomingMessage) => string;
}

/**
 * The per-request work of the public edge, in one place for every way a public request is
 * answered: from the response cache before Fastify routes it (`listener`), by a route
 * (`admitRouted`, the public scope's first hook), as a path Fastify cannot route
 * (`answerUnroutable`), or as a request Node cannot parse (`decide`, see client-errors.ts).
 * Each is admitted once (CORS, the rate limit, the URL cap) and recorded once (`record`:
 * metrics and the access log).
 */
export function createPipeline(options: PipelineOptions) {
  const { cache, limiter, record } = options;
  // The cache keeps other public pages too (the embed widgets), which carry no CORS.
  const apiPrefix = `${options.publicBasePath}/`;

  /** Preflights are not counted; anything else is, even a request that is then refused. */
  function decide(request: { method?: string; url?: string; ip: string }): Promise<Admission> {
    const { method, url = '', ip } = request;
    const tooLong = url.length > MAX_PUBLIC_URL_LENGTH ? URI_TOO_LONG : undefined;
    if (method === 'OPTIONS') return Promise.resolve({ ip, headers: [], refusal: tooLong });
    return limiter.count(ip).then((verdict) => ({
      ip,
      headers: verdict.headers,
      refusal: verdict.refused ? TOO_MANY_REQUESTS : tooLong,
    }));
  }

  function admit(request: IncomingMessage): Promise<Admission> {
    return decide({ method: request.method, url: request.url, ip: options.clientIp(request) });
  }

  /** Admits a request before routing, and marks it so that Fastify does not count it again. */
  function admitEarly(request: AdmittedRequest): Promise<Admission> {
    const admission = admit(request);
    request[ADMISSION] = admission;
    return admission;
  }

  /** A request the listener admitted and then handed on to Fastify is not counted again. */
  function admitOnce(request: AdmittedRequest): Promise<Admission> {
    return request[ADMISSION] ?? admit(request);
  }

  /** Sets CORS and the admission's headers on a reply; sends its refusal, if any. */
  async function apply(reply: FastifyReply, admission: Admission): Promise<boolean> {
    void reply.headers(CORS_HEADERS);
    for (const [name, value] of admission.headers) void reply.header(name, value);
    const { refusal } = admission;
    if (refusal === undefined) return false;
    await sendPlainText(reply, refusal.status, refusal.message);
    return true;
  }

  /**
   * Node's request listener in front of Fastify's: a GET or HEAD with a current kept answer is
   * answered here, with the bytes and headers a route's answer would have, without routing
   * it. Any other request, or one refused, goes on to `next`.
   */
  function listener(next: Listener): Listener {
    return function answerKept(request, response) {
      const { method, url = '' } = request;
      if (!isRead(method) || !url.startsWith(apiPrefix)) {
        next(request, response);
        return;
      }
      const started = performance.now();
      void admitEarly(request).then(
        (admission) => {
          // Looked up once counted, so that a write committed meanwhile is seen.
          const kept = admission.refusal === undefined ? cache.replay(request, 'early') : undefined;
          if (kept === undefined) {
            next(request, response);
            return;
          }
          const { headers } = kept;
          Object.assign(headers, CORS_HEADERS, SECURITY_HEADERS);
          for (const [name, value] of admission.headers) headers[name] = value;
          response.writeHead(kept.status, headers).end(kept.body);
          record({
            method,
            route: kept.answer.route,
            url: kept.answer.loggedUrl ?? '',
            ip: admission.ip,
            status: kept.status,
            elapsedMs: performance.now() - started,
          });
        },
        () => {
          next(request, response);
        },
      );
    };
  }

  /** The public scope's first hook: admission, then a kept answer for a GET if there is one. */
  async function admitRouted(request: FastifyRequest, reply: FastifyReply) {
    if (await apply(reply, await admitOnce(request.raw))) return reply;
    return cache.lookup(request, reply);
  }

  /**
   * Fastify's handler for paths it cannot route at all (a badly percent-encoded or over-long
   * path value), which skip every hook: a public one is admitted here like any other, and
   * then, naming nothing, is the usual 404.
   */
  function answerUnroutable(_error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
    const started = performance.now();
    const answer = async () => {
      void reply.headers(SECURITY_HEADERS);
      const isPublic = isPublicUrl(request.url, options.publicBasePath);
      if (isPublic && (await apply(reply, await admitOnce(request.raw)))) return;
      await sendNotFound(request, reply);
    };
    const recordAnswer = () => {
      record({
        method: request.method,
        route: 'unmatched',
        url: () => unroutedUrl(request.url, options.routes),
        ip: options.clientIp(request.raw),
        status: reply.statusCode,
        elapsedMs: performance.now() - started,
      });
    };
    answer().then(recordAnswer, (error: unknown) => {
      request.log.error({ err: error }, 'request failed');
      if (!reply.sent) void sendPlainText(reply, 500, 'Internal Server Error');
      recordAnswer();
    });
  }

  return { decide, listener, admitRouted, answerUnroutable };
}

export type Pipeline = ReturnType<typeof createPipeline>;
