import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { MemoryCounters } from '../src/http/edge/counters.js';
import { createMetrics } from '../src/http/edge/metrics.js';
import { createRateLimiter } from '../src/http/edge/rate-limit.js';
import { serveChild } from './ipc.js';
import { responseIndex, type StoredResponse } from './responses.js';

export interface BareInput {
  responses: StoredResponse[];
  /**
   * Count every request with the service's own limiter, at this many requests per minute,
   * and set its headers, as the service's edge does; absent for the plain machine limit.
   */
  limitPerMinute?: number;
}

/**
 * The machine's limit: plain `node:http` answering each URL with the very bytes and headers
 * the real server gave, from memory. With `limitPerMinute`, the same plus the service's
 * rate limiter: the service always limits, so the limiter's cost is measured apart here.
 */
serveChild(async (input) => {
  const { responses, limitPerMinute } = input as BareInput;
  const byPath = responseIndex(responses);
  const idlePool = () => ({ total: 1, idle: 1, waiting: 0 });
  const limiter =
    limitPerMinute === undefined
      ? undefined
      : createRateLimiter({
          counters: new MemoryCounters(),
          metrics: createMetrics(idlePool, () => ({ answers: 0, bytes: 0 })),
          limit: limitPerMinute,
          scope: 'public',
          now: Date.now,
        });
  const server = createServer((request, response) => {
    const stored = byPath.get(request.url ?? '');
    if (stored === undefined) {
      response.writeHead(404).end();
      return;
    }
    if (limiter === undefined) {
      response.writeHead(stored.status, stored.headers).end(stored.body);
      return;
    }
    void limiter.count(request.socket.remoteAddress ?? '').then((verdict) => {
      for (const [name, value] of verdict.headers) response.setHeader(name, value);
      response.writeHead(stored.status, stored.headers).end(stored.body);
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error === undefined ? resolve() : reject(error)));
        server.closeAllConnections();
      }),
  };
});
