import { createHash } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { DataVersion } from '../../db/data-version.js';
import type { Metrics } from './metrics.js';
import { routedUrl } from './request-log.js';
import { canonicalUrl, queryNamesOf } from './urls.js';

/** Public reads may be cached briefly and must then be revalidated with their ETag. */
const PUBLIC_READ_CACHE = 'public, max-age=5, must-revalidate';

/** The headers a route sets on its answer, which a cached copy must carry again. */
const KEPT_HEADERS = ['content-type', 'cache-control', 'referrer-policy'];

/** A public answer as it was sent, with what it takes to send it again. */
export interface CachedAnswer {
  body: Buffer;
  etag: string;
  headers: Record<string, string>;
  /** The route pattern, for the metrics. */
  route: string;
  /** The URL as the access log shows it (see `routedUrl`). */
  loggedUrl: string;
  version: number;
  storedAt: number;
}

export interface ResponseCacheOptions {
  /** Moves on every committed change; an answer is reused only at the version it was read. */
  version: DataVersion;
  /** The application clock, in milliseconds. */
  now: () => number;
  /**
   * How long an answer is reused while nothing changes. Answers also depend on the time
   * (upcoming or completed, the current season), so they are recomputed this often anyway.
   */
  ttlMs: number;
  maxEntries: number;
  /** Bytes of kept bodies at most, whatever the number of entries. */
  maxBytes: number;
  metrics: Metrics;
}

function strongEtag(payload: string | Buffer): string {
  return `"${createHash('sha256').update(payload).digest('base64url').slice(0, 27)}"`;
}

/** `*`, or one entity-tag with its opaque tag captured; commas may sit inside the quotes. */
const ENTITY_TAG = /\*|(?:W\/)?("[^"]*")/g;

/**
 * Whether an If-None-Match header names this strong ETag, by the weak comparison of RFC 9110
 * §13.1.2: `W/"x"` names `"x"` too, and `*` names any current answer.
 */
export function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (ifNoneMatch === undefined) return false;
  for (const [candidate, opaqueTag] of ifNoneMatch.matchAll(ENTITY_TAG)) {
    if (candidate === '*' || opaqueTag === etag) return true;
  }
  return false;
}

function keptHeaders(reply: FastifyReply): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const name of KEPT_HEADERS) {
    const value = reply.getHeader(name);
    if (typeof value === 'string') headers[name] = value;
  }
  return headers;
}

/** A kept answer as it is sent again: a bare 304 when the client's If-None-Match names it. */
export interface Replay {
  status: 200 | 304;
  /** The route's own headers, the ETag and the length; a 304 has neither type nor length. */
  headers: Readonly<Record<string, string | number>>;
  body: Buffer | undefined;
  answer: CachedAnswer;
}

/** Where a kept answer was sent from: before routing, or by the public scope's hook. */
export type ReplayPath = 'early' | 'routed';

/** What the edge uses: `replay` before routing, `lookup` on request, `store` on send. */
export interface ResponseCache {
  /** The current kept answer for this request as it is sent again, counted as a hit. */
  replay: (request: IncomingMessage, path: ReplayPath) => Replay | undefined;
  lookup: (request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply | undefined>;
  /** What is kept now, for the metrics. */
  kept: () => { answers: number; bytes: number };
  store: (request: FastifyRequest, reply: FastifyReply, payload: unknown) => Promise<unknown>;
}

/**
 * Successful public GETs get a strong ETag and a short Cache-Control (unless the route set
 * its own), and a matching If-None-Match gets 304. Their serialized bytes are kept by URL
 * and served again without touching the database, until the data version moves: a write
 * committed by this process or, with PostgreSQL, announced by another one.
 */
export function createResponseCache(options: ResponseCacheOptions): ResponseCache {
  const { version, metrics } = options;
  const answers = new Map<string, CachedAnswer>();
  /** For each path with kept answers, the query parameters its route reads. */
  const paths = new Map<string, { queryNames: readonly string[]; answers: number }>();
  const versionAtStart = new WeakMap<FastifyRequest, number>();
  const fromCache = new WeakSet<FastifyReply>();

  function fresh(answer: CachedAnswer): boolean {
    const age = options.now() - answer.storedAt;
    return answer.version === version.current && age >= 0 && age < options.ttlMs;
  }

  let keptBytes = 0;

  const pathOf = (url: string) => url.split('?', 1)[0] ?? url;

  function drop(url: string, answer: CachedAnswer): void {
    answers.delete(url);
    keptBytes -= answer.body.length;
    const path = pathOf(url);
    const entry = paths.get(path);
    if (entry !== undefined && --entry.answers === 0) paths.delete(path);
  }

  /**
   * Keeps an answer as the newest. Answers are kept in the order they were stored, so the
   * oldest go first: those no longer current (past their life, or read before a change),
   * then as many as a cap needs. Memory holds about the last life's answers, not the caps'.
   */
  function keep(requestUrl: string, queryNames: readonly string[], answer: CachedAnswer): void {
    const url = canonicalUrl(requestUrl, queryNames);
    const previous = answers.get(url);
    if (previous !== undefined) drop(url, previous);
    if (answer.body.length > options.maxBytes) return;
    for (const [oldestUrl, oldest] of answers) {
      const full =
        answers.size >= options.maxEntries || keptBytes + answer.body.length > options.maxBytes;
      if (!full && fresh(oldest)) break;
      drop(oldestUrl, oldest);
    }
    answers.set(url, answer);
    keptBytes += answer.body.length;
    const path = pathOf(url);
    const entry = paths.get(path) ?? { queryNames, answers: 0 };
    entry.answers += 1;
    paths.set(path, entry);
  }

  /** The URL a request's answer would be kept under, once an answer for its path is kept. */
  function keyOf(requestUrl: string): string | undefined {
    const mark = requestUrl.indexOf('?');
    if (mark === -1) return requestUrl;
    const entry = paths.get(requestUrl.slice(0, mark));
    return entry === undefined ? undefined : canonicalUrl(requestUrl, entry.queryNames);
  }

  /** The answer kept for this URL, if it is still current. */
  function peek(requestUrl: string): CachedAnswer | undefined {
    const url = keyOf(requestUrl);
    const answer = url === undefined ? undefined : answers.get(url);
    if (url === undefined || answer === undefined) return undefined;
    if (!fresh(answer)) {
      drop(url, answer);
      return undefined;
    }
    return version.reliable ? answer : undefined;
  }

  /** Each kept answer's headers, worked out once: for a 200 and for a 304. */
  const replayHeaders = new WeakMap<CachedAnswer, Record<200 | 304, Replay['headers']>>();
  const hits = {
    early: metrics.responseCache.labels({ result: 'hit', path: 'early' }),
    routed: metrics.responseCache.labels({ result: 'hit', path: 'routed' }),
  };

  function replay(request: IncomingMessage, path: ReplayPath): Replay | undefined {
    const answer = peek(request.url ?? '');
    if (answer === undefined) return undefined;
    let headers = replayHeaders.get(answer);
    if (headers === undefined) {
      const full = { ...answer.headers, etag: answer.etag, 'content-length': answer.body.length };
      // A 304 has no body, so it says nothing of the body's type, nor claims a length of 0.
      const bare = Object.fromEntries(
        Object.entries(full).filter(
          ([name]) => name !== 'content-type' && name !== 'content-length',
        ),
      );
      headers = { 200: full, 304: bare };
      replayHeaders.set(answer, headers);
    }
    hits[path].inc();
    return matches(request.headers['if-none-match'], answer.etag)
      ? { status: 304, headers: headers[304], body: undefined, answer }
      : { status: 200, headers: headers[200], body: answer.body, answer };
  }

  return {
    replay,
    kept: () => ({ answers: answers.size, bytes: keptBytes }),

    async lookup(request, reply) {
      if (request.method !== 'GET') return undefined;
      versionAtStart.set(request, version.current);
      const kept = replay(request.raw, 'routed');
      if (kept === undefined) {
        metrics.responseCache.inc({ result: 'miss', path: 'routed' });
        return undefined;
      }
      fromCache.add(reply);
      return reply.code(kept.status).headers(kept.headers).send(kept.body);
    },

    async store(request, reply, payload) {
      if (request.method !== 'GET' || reply.statusCode !== 200 || fromCache.has(reply)) {
        return payload;
      }
      if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
      const etag = strongEtag(payload);
      void reply.header('etag', etag);
      if (!reply.hasHeader('cache-control')) void reply.header('cache-control', PUBLIC_READ_CACHE);
      const body = Buffer.isBuffer(payload) ? payload : Buffer.from(payload);
      const readAt = versionAtStart.get(request);
      // Read before a change committed: the answer may predate it, so it is not kept; nor is
      // one that varies with request headers, as it is kept by URL alone.
      if (readAt === version.current && version.reliable && !reply.hasHeader('vary')) {
        keep(request.url, queryNamesOf(request), {
          body,
          etag,
          headers: keptHeaders(reply),
          route: request.routeOptions.url ?? request.url,
          loggedUrl: routedUrl(request),
          version: readAt,
          storedAt: options.now(),
        });
      }
      if (matches(request.headers['if-none-match'], etag)) {
        // No body, and so no Content-Length (a 304 must not claim one of 0).
        void reply.code(304).removeHeader('content-type').removeHeader('content-length');
        return null;
      }
      return body;
    },
  };
}
