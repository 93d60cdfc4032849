import { Counter, Gauge, Histogram, Registry } from 'prom-client';

/** The service's Prometheus metrics, in a registry of its own (one per app). */
export interface Metrics {
  registry: Registry;
  requests: Counter<'method' | 'route' | 'status'>;
  latency: Histogram<'method' | 'route'>;
  rateLimited: Counter<'scope'>;
  redisFallback: Gauge;
  responseCache: Counter<'result' | 'path'>;
  responseCacheEvictions: Counter<'reason'>;
}

export function createMetrics(
  poolUse: () => { total: number; idle: number; waiting: number },
  keptUse: () => { answers: number; bytes: number },
): Metrics {
  const registry = new Registry();
  const requests = new Counter({
    name: 'clubhouse_http_requests_total',
    help: 'HTTP requests by route and status.',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'clubhouse_http_request_duration_seconds',
    help: 'HTTP request latency.',
    labelNames: ['method', 'route'] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [registry],
  });
  const rateLimited = new Counter({
    name: 'clubhouse_rate_limit_rejections_total',
    help: 'Requests refused with 429.',
    labelNames: ['scope'] as const,
    registers: [registry],
  });
  const redisFallback = new Gauge({
    name: 'clubhouse_rate_limit_redis_fallback',
    help: '1 while rate-limit counters are per instance because Redis is unreachable.',
    registers: [registry],
  });
  const responseCache = new Counter({
    name: 'clubhouse_response_cache_total',
    help:
      'Public GETs answered from the response cache (hit) or by queries (miss); hits are ' +
      'answered before routing (early) or, when an answer changed meanwhile, by the router.',
    labelNames: ['result', 'path'] as const,
    registers: [registry],
  });
  const responseCacheEvictions = new Counter({
    name: 'clubhouse_response_cache_evictions_total',
    help:
      'Kept answers let go: to make room under RESPONSE_CACHE_MAX_MB, least recently used ' +
      'first (full), or no longer current, past their life or of an org changed since (stale).',
    labelNames: ['reason'] as const,
    registers: [registry],
  });
  new Gauge({
    name: 'clubhouse_db_pool_connections',
    help: 'Database connections by state.',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const use = poolUse();
      this.set({ state: 'total' }, use.total);
      this.set({ state: 'idle' }, use.idle);
      this.set({ state: 'waiting' }, use.waiting);
    },
  });
  new Gauge({
    name: 'clubhouse_response_cache_kept',
    help:
      'What the response cache holds: answers, and the bytes they count as against ' +
      'RESPONSE_CACHE_MAX_MB (bodies, URLs and about 1 KiB of bookkeeping each).',
    labelNames: ['unit'] as const,
    registers: [registry],
    collect() {
      const kept = keptUse();
      this.set({ unit: 'answers' }, kept.answers);
      this.set({ unit: 'bytes' }, kept.bytes);
    },
  });
  return {
    registry,
    requests,
    latency,
    rateLimited,
    redisFallback,
    responseCache,
    responseCacheEvictions,
  };
}
