import { hash } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { DataVersion } from '../../db/data-version.js';
import {
  acceptsGzip,
  COMPRESS_FROM_BYTES,
  gunzip,
  gzip,
  gzipEtag,
  VARY_BY_ENCODING,
} from './compression.js';
import type { Metrics } from './metrics.js';
import { routedUrl } from './request-log.js';
import { canonicalUrl, queryNamesOf } from './urls.js';

/** Public reads may be cached briefly and must then be revalidated with their ETag. */
const PUBLIC_READ_CACHE = 'public, max-age=5, must-revalidate';

/** The headers a route sets on its answer, which a cached copy must carry again. */
const KEPT_HEADERS = ['content-type', 'cache-control', 'referrer-policy'];

/** A public answer as it was sent, with what it takes to send it again. */
export interface CachedAnswer {
  /**
   * The body as kept: in gzip once a client that takes it has asked (bodies from
   * `COMPRESS_FROM_BYTES` on), so that the byte cap then holds several times as many
   * answers; until then as the route wrote it.
   */
  body: Buffer;
  gzipped: boolean;
  /** The length of the body as the route wrote it. */
  length: number;
  /** The strong ETag of the body as the route wrote it; its gzip form has its own. */
  etag: string;
  /** The route's own headers (shared by the answers that have the same). */
  headers: Readonly<Record<string, string>>;
  /** The route pattern, for the metrics. */
  route: string;
  /**
   * The URL as the access log shows it (see `routedUrl`), worked out only when the access
   * log is on (`logsUrls`): the access log is off below debug level, and the request's
   * parts it is worked out from would cost a kept answer more than its body.
   */
  loggedUrl: string | undefined;
  /** The org whose data the answer shows (see `orgOf`); none: any change may touch it. */
  org: string | undefined;
  /** The org's data version the answer was read at. */
  version: number;
  storedAt: number;
  /** What the answer is counted as against `maxBytes`. */
  bytes: number;
}

export interface ResponseCacheOptions {
  /** Moves per org on every committed change; an answer is reused only at the version it was read. */
  version: DataVersion;
  /** The application clock, in milliseconds. */
  now: () => number;
  /**
   * How long an answer is reused while its org does not change. Answers also depend on the
   * time (upcoming or completed, the current season), so they are recomputed this often anyway.
   */
  ttlMs: number;
  /** What kept answers may be counted as at most (see `ENTRY_OVERHEAD_BYTES`). */
  maxBytes: number;
  metrics: Metrics;
  /** Whether the access log is on, and kept answers must say how it shows their URL. */
  logsUrls: boolean;
}

/**
 * What a kept answer costs besides its body, estimated: the answer object, its ETag, the
 * URL it is kept under, the cache's entry and the body's buffer object. Measured over 8,000
 * answers against as many requests with nothing kept: 0.58–0.67 KB in the heap after
 * collection, the URL included, and 0.08–0.19 KB outside it for each body's buffer (its
 * backing store and allocator's header, from the resident size of 200,000 such buffers).
 * With the URL's length counted on top, this bounds the whole from above, so that the byte
 * cap bounds memory, not only bodies.
 */
export const ENTRY_OVERHEAD_BYTES = 832;

/**
 * The org a public read shows: the `orgSlug` of its path (the JSON API) or the `org` of its
 * query (the embed widget pages). Both are matched exactly against `orgs.slug`, so the
 * value is the slug the change feed names. A read of no org (an invite, by its token) is
 * kept only until any change.
 */
function orgOf(request: FastifyRequest): string | undefined {
  const params = request.params as Record<string, unknown> | undefined;
  if (typeof params?.orgSlug === 'string') return params.orgSlug;
  const query = request.query as Record<string, unknown> | undefined;
  return typeof query?.org === 'string' ? query.org : undefined;
}

function strongEtag(body: Buffer): string {
  return `"${hash('sha256', body, 'base64url').slice(0, 27)}"`;
}

/**
 * The body's bytes in a buffer of their own: `Buffer.from` puts small strings in a shared
 * 8 KiB slab, and a kept slice would hold its whole slab alive.
 */
function ownBuffer(payload: string | Buffer): Buffer {
  if (Buffer.isBuffer(payload)) return payload;
  const body = Buffer.allocUnsafeSlow(Buffer.byteLength(payload));
  body.write(payload);
  return body;
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

/**
 * GET and HEAD answer alike. A HEAD's body is never sent, but Fastify's HEAD routes measure
 * it for the Content-Length, on a 304 too, where it may only be the 200's (RFC 9110 §8.6):
 * so a HEAD gets the 200's body, its encoding and its length whether it is a 304 or not.
 */
export const isRead = (method: string | undefined): method is 'GET' | 'HEAD' =>
  method === 'GET' || method === 'HEAD';

/** Whether a body of this length goes out in gzip to the clients that take it. */
const compressible = (length: number) => length >= COMPRESS_FROM_BYTES;

/**
 * Whether If-None-Match names the answer in either of its encodings: both hold the same
 * content, so a client holding either may keep using what it has.
 */
function matchesAnswer(ifNoneMatch: string | undefined, etag: string, length: number): boolean {
  return (
    matches(ifNoneMatch, etag) || (compressible(length) && matches(ifNoneMatch, gzipEtag(etag)))
  );
}

/**
 * The route headers of kept answers, one object per distinct set: routes set a handful of
 * them (a type, a Cache-Control), so answers share them instead of holding a copy each. Past
 * its bound, a set is kept unshared, so that odd values cannot grow the table.
 */
const sharedRouteHeaders = new Map<string, Readonly<Record<string, string>>>();
const SHARED_ROUTE_HEADERS_AT_MOST = 64;

function keptHeaders(reply: FastifyReply): Readonly<Record<string, string>> {
  const headers: Record<string, string> = {};
  // Keyed by the values, each ended by a line break and an absent one written as a carriage
  // return, neither of which a header value may hold: every miss makes this key, and joining
  // the values costs it less than serializing the object.
  let key = '';
  for (const name of KEPT_HEADERS) {
    const value = reply.getHeader(name);
    if (typeof value === 'string') headers[name] = value;
    key += `${typeof value === 'string' ? value : '\r'}\n`;
  }
  const shared = sharedRouteHeaders.get(key);
  if (shared !== undefined) return shared;
  if (sharedRouteHeaders.size < SHARED_ROUTE_HEADERS_AT_MOST) sharedRouteHeaders.set(key, headers);
  return headers;
}

/** A route's own Vary, if any, with Accept-Encoding added. */
function varyWithEncoding(routeVary: ReturnType<FastifyReply['getHeader']>): string {
  return typeof routeVary === 'string' && routeVary !== ''
    ? `${routeVary}, ${VARY_BY_ENCODING}`
    : VARY_BY_ENCODING;
}

/**
 * A kept answer's headers for one way of sending it. A compressed answer says that it varies
 * by Accept-Encoding however it is sent; a 304 has no body, and so says nothing of the body's
 * type, encoding or length, except to a HEAD (see `isRead`).
 */
function answerHeaders(
  answer: CachedAnswer,
  status: 200 | 304,
  inGzip: boolean,
  head: boolean,
): Record<string, string | number> {
  const headers: Record<string, string | number> = {};
  for (const name in answer.headers) {
    if (status === 200 || name !== 'content-type') headers[name] = answer.headers[name] ?? '';
  }
  headers.etag = inGzip ? gzipEtag(answer.etag) : answer.etag;
  if (compressible(answer.length)) headers.vary = VARY_BY_ENCODING;
  if (status === 304 && !head) return headers;
  if (inGzip) headers['content-encoding'] = 'gzip';
  headers['content-length'] = inGzip ? answer.body.length : answer.length;
  return headers;
}

/** A kept answer as it is sent again: a bare 304 when the client's If-None-Match names it. */
export interface Replay {
  status: 200 | 304;
  /**
   * The route's own headers, the ETag and the length, made for this answer alone (the edge
   * adds its own); a 304 has neither type nor length.
   */
  headers: Record<string, string | number>;
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
  /**
   * An onSend hook with a callback rather than a promise: it never waits, and a promise per
   * answer is work a miss need not do (Fastify answers what it throws as an error).
   */
  store: (
    request: FastifyRequest,
    reply: FastifyReply,
    payload: unknown,
    done: (error: Error | null, payload?: unknown) => void,
  ) => void;
}

/**
 * Successful public GETs get a strong ETag and a short Cache-Control (unless the route set
 * its own), and a matching If-None-Match gets 304. Their serialized bytes are kept by URL
 * and served again without touching the database until their org's data version moves (a
 * write committed by this process or, with PostgreSQL, announced by another one that
 * touched that org), and at most `ttlMs`. Kept answers are bounded by `maxBytes`, the least
 * recently used out first.
 */
export function createResponseCache(options: ResponseCacheOptions): ResponseCache {
  const { version, metrics } = options;
  /** For each path with kept answers, the query parameters its route reads. */
  const paths = new Map<string, { queryNames: readonly string[]; answers: number }>();
  const readAtStart = new WeakMap<FastifyRequest, { org: string | undefined; version: number }>();
  const fromCache = new WeakSet<FastifyReply>();
  const evictions = {
    full: metrics.responseCacheEvictions.labels({ reason: 'full' }),
    stale: metrics.responseCacheEvictions.labels({ reason: 'stale' }),
  };

  const pathOf = (url: string) => url.split('?', 1)[0] ?? url;

  /**
   * Kept answers by URL, least recently used out first once they would count past `maxBytes`.
   * A hit only relinks the answer in the cache's list: reordering a `Map` by deleting and
   * re-adding the URL cost a hit some 2 µs over 20,000 answers (docs/benchmarks.md). The
   * cache needs a positive bound; with a bound of 0, `keep` keeps nothing. An answer replaced
   * under its URL stays counted for its path (see `keep`).
   */
  const answers = new LRUCache<string, CachedAnswer>({
    maxSize: Math.max(options.maxBytes, 1),
    noDisposeOnSet: true,
    dispose(_answer, url, reason) {
      const path = pathOf(url);
      const entry = paths.get(path);
      if (entry !== undefined && --entry.answers === 0) paths.delete(path);
      if (reason === 'evict') evictions.full.inc();
    },
  });

  function fresh(answer: CachedAnswer): boolean {
    const age = options.now() - answer.storedAt;
    return answer.version === version.ofOrg(answer.org) && age >= 0 && age < options.ttlMs;
  }

  /** Lets go of an answer no longer current (past its life, or of an org changed since). */
  function letGoOfStale(url: string): void {
    answers.delete(url);
    evictions.stale.inc();
  }

  /**
   * Lets go of the least recently used answers while they are no longer current, as new ones
   * come rather than when the cap needs their room.
   */
  function letGoOfOldestStale(): void {
    for (;;) {
      const oldest = answers.rkeys().next();
      if (oldest.done === true) return;
      const answer = answers.peek(oldest.value);
      if (answer !== undefined && fresh(answer)) return;
      letGoOfStale(oldest.value);
    }
  }

  /** Keeps an answer as the most recently used, in place of any kept for its URL. */
  function keep(requestUrl: string, queryNames: readonly string[], answer: CachedAnswer): void {
    const url = canonicalUrl(requestUrl, queryNames);
    if (answer.bytes > options.maxBytes) {
      answers.delete(url);
      return;
    }
    letGoOfOldestStale();
    if (!answers.has(url)) {
      const path = pathOf(url);
      const entry = paths.get(path) ?? { queryNames, answers: 0 };
      entry.answers += 1;
      paths.set(path, entry);
    }
    answers.set(url, answer, { size: answer.bytes });
  }

  /** The URL a request's answer would be kept under, once an answer for its path is kept. */
  function keyOf(requestUrl: string): string | undefined {
    const mark = requestUrl.indexOf('?');
    if (mark === -1) return requestUrl;
    const entry = paths.get(requestUrl.slice(0, mark));
    return entry === undefined ? undefined : canonicalUrl(requestUrl, entry.queryNames);
  }

  /**
   * The answer kept under this URL, if it is still current; it becomes the most recently
   * used. One no longer current is let go.
   */
  function current(url: string): CachedAnswer | undefined {
    const answer = answers.get(url);
    if (answer === undefined) return undefined;
    if (!fresh(answer)) {
      letGoOfStale(url);
      return undefined;
    }
    return version.reliable ? answer : undefined;
  }

  /**
   * The answer kept as written, from now on kept in gzip: a client that takes gzip asked. A
   * new answer takes its place, as the cache counts an answer's bytes when it is set.
   */
  function compressKept(url: string, answer: CachedAnswer): CachedAnswer {
    const compressed = gzip(answer.body);
    const bytes = answer.bytes + compressed.length - answer.body.length;
    const inGzip: CachedAnswer = { ...answer, body: compressed, gzipped: true, bytes };
    answers.set(url, inGzip, { size: bytes });
    return inGzip;
  }

  const hits = {
    early: metrics.responseCache.labels({ result: 'hit', path: 'early' }),
    routed: metrics.responseCache.labels({ result: 'hit', path: 'routed' }),
  };

  function replay(request: IncomingMessage, path: ReplayPath): Replay | undefined {
    const url = keyOf(request.url ?? '');
    const found = url === undefined ? undefined : current(url);
    if (url === undefined || found === undefined) return undefined;
    hits[path].inc();
    const inGzip = compressible(found.length) && acceptsGzip(request.headers['accept-encoding']);
    const head = request.method === 'HEAD';
    const status = matchesAnswer(request.headers['if-none-match'], found.etag, found.length)
      ? 304
      : 200;
    if (status === 304 && !head) {
      return {
        status,
        headers: answerHeaders(found, status, inGzip, head),
        body: undefined,
        answer: found,
      };
    }
    // Compressed first: the headers say the length of the body as it is sent.
    const answer = inGzip && !found.gzipped ? compressKept(url, found) : found;
    const body = answer.gzipped && !inGzip ? gunzip(answer.body) : answer.body;
    return { status, headers: answerHeaders(answer, status, inGzip, head), body, answer };
  }

  /**
   * Tags a public read's answer and keeps it when it may be; gives what `store` sends: the
   * route's bytes, their gzip form, or nothing for a 304.
   */
  function keepAndEncode(request: FastifyRequest, reply: FastifyReply, payload: unknown): unknown {
    if (!isRead(request.method) || reply.statusCode !== 200 || fromCache.has(reply)) {
      return payload;
    }
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    const body = ownBuffer(payload);
    const etag = strongEtag(body);
    if (!reply.hasHeader('cache-control')) void reply.header('cache-control', PUBLIC_READ_CACHE);
    const readAt = readAtStart.get(request);
    // Read before a change of its org committed: the answer may predate it, so it is not
    // kept; nor is one that varies with request headers, as it is kept by URL alone.
    const kept =
      readAt !== undefined &&
      readAt.version === version.ofOrg(readAt.org) &&
      version.reliable &&
      !reply.hasHeader('vary');
    const notModified = matchesAnswer(request.headers['if-none-match'], etag, body.length);
    // Compressed for a client that takes gzip, and then kept so; a client that does not
    // leaves the answer as written until one that does asks for it (see `replay`). A 304
    // that is not kept needs no compressed bytes at all.
    const inGzip = compressible(body.length) && acceptsGzip(request.headers['accept-encoding']);
    const head = request.method === 'HEAD';
    const gzipped = inGzip && (kept || head || !notModified) ? gzip(body) : undefined;
    if (compressible(body.length)) {
      void reply.header('vary', varyWithEncoding(reply.getHeader('vary')));
    }
    void reply.header('etag', inGzip ? gzipEtag(etag) : etag);
    if (kept) {
      const keptBody = gzipped ?? body;
      keep(request.url, queryNamesOf(request), {
        body: keptBody,
        gzipped: gzipped !== undefined,
        length: body.length,
        etag,
        headers: keptHeaders(reply),
        route: request.routeOptions.url ?? request.url,
        loggedUrl: options.logsUrls ? routedUrl(request) : undefined,
        org: readAt.org,
        version: readAt.version,
        storedAt: options.now(),
        bytes: keptBody.length + request.url.length + ENTRY_OVERHEAD_BYTES,
      });
    }
    if (notModified) {
      // No body, and so no Content-Length (a 304 must not claim one of 0); to a HEAD, see
      // `isRead`.
      void reply.code(304).removeHeader('content-type').removeHeader('content-length');
      if (!head) return null;
    }
    if (inGzip && gzipped !== undefined) {
      void reply.header('content-encoding', 'gzip');
      return gzipped;
    }
    return body;
  }

  return {
    replay,
    kept: () => ({ answers: answers.size, bytes: answers.calculatedSize }),

    async lookup(request, reply) {
      if (!isRead(request.method)) return undefined;
      const org = orgOf(request);
      readAtStart.set(request, { org, version: version.ofOrg(org) });
      const kept = replay(request.raw, 'routed');
      if (kept === undefined) {
        metrics.responseCache.inc({ result: 'miss', path: 'routed' });
        return undefined;
      }
      fromCache.add(reply);
      return reply.code(kept.status).headers(kept.headers).send(kept.body);
    },

    store(request, reply, payload, done) {
      done(null, keepAndEncode(request, reply, payload));
    },
  };
}
