import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { Counter, Histogram } from 'prom-client';
import type { Metrics } from './metrics.js';
import type { RouteTable } from './route-table.js';
import { queryNamesOf } from './urls.js';

/** Path parameters that are credentials, whatever their value looks like. */
const SECRET_PARAMS = new Set(['token']);

/**
 * Values the access log shows: ids, slugs and keywords. A value typed in any other shape
 * (capitals, `_`, `@`, `%`, `.`) may be a credential or an address in the wrong place.
 */
const SHOWN_VALUE = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

function shown(name: string, value: string): string {
  return !SECRET_PARAMS.has(name) && value.length <= 100 && SHOWN_VALUE.test(value)
    ? value
    : '[redacted]';
}

/**
 * A routed request's URL as the access log shows it: the route's pattern with its parameters
 * filled in, those that do not look like ids or slugs redacted (see `shown`), then the query
 * parameters the route reads, likewise; any other query parameter may carry anything and is
 * left out. A wildcard stays `*`.
 */
export function routedUrl(request: FastifyRequest): string {
  const params = request.params as Record<string, unknown>;
  const path = (request.routeOptions.url ?? '').replace(/:(\w+)/g, (_match, name: string) =>
    shown(name, String(params[name])),
  );
  // What the client sent, not the query after validation filled in defaults.
  const sent = new URLSearchParams(request.url.split('?')[1] ?? '');
  const read = queryNamesOf(request)
    .filter((name) => sent.has(name))
    .map((name) => `${name}=${shown(name, sent.get(name) ?? '')}`);
  return read.length === 0 ? path : `${path}?${read.join('&')}`;
}

/**
 * An unrouted request's URL as the access log shows it: the path with every segment that is
 * not a literal segment of some route shown as `*`, and no query. A mistyped URL may hold
 * a credential in any spelling (another case, percent-encoded, `//`, `%2F`); this shows
 * none of them, since no route is spelled with one.
 */
export function unroutedUrl(url: string, routes: RouteTable): string {
  const path = url.split('?', 1)[0] ?? '';
  return path
    .split('/')
    .map((segment) => (segment === '' || routes.isWord(segment) ? segment : '*'))
    .join('/');
}

/** One answered request, as the metrics and the access log keep it. */
export interface AnsweredRequest {
  method: string;
  /** The route pattern, or `unmatched`. */
  route: string;
  /** The URL as the access log shows it, or how to work it out when the access log is on. */
  url: string | (() => string);
  ip: string;
  status: number;
  elapsedMs: number;
}

/** Whether the access log is on: a line per request, at debug level and below. */
export function logsAccess(log: FastifyBaseLogger): boolean {
  return log.level === 'debug' || log.level === 'trace';
}

/**
 * Records every answered request, whichever path answered it: in the metrics always, and in
 * the access log at debug level (a busy API would spend more on these lines than on its
 * answers; /metrics counts every request at any level).
 */
export function createRequestLog(metrics: Metrics, log: FastifyBaseLogger) {
  const accessLog = logsAccess(log);
  // Each label set's series, looked up once: hashing labels on every request costs more.
  const series = new Map<
    string,
    { count: Counter.Internal; latency: Histogram.Internal<string> }
  >();

  function seriesOf(method: string, route: string, status: number) {
    const key = `${method} ${status} ${route}`;
    let found = series.get(key);
    if (found === undefined) {
      found = {
        count: metrics.requests.labels({ method, route, status }),
        latency: metrics.latency.labels({ method, route }),
      };
      series.set(key, found);
    }
    return found;
  }

  return function record(answered: AnsweredRequest): void {
    const { method, route, status, elapsedMs, url } = answered;
    const { count, latency } = seriesOf(method, route, status);
    count.inc();
    latency.observe(elapsedMs / 1000);
    if (!accessLog) return;
    log.debug(
      {
        req: { method, url: typeof url === 'string' ? url : url(), remoteAddress: answered.ip },
        res: { statusCode: status },
        responseTime: elapsedMs,
      },
      'request completed',
    );
  };
}

export type RequestLog = ReturnType<typeof createRequestLog>;
