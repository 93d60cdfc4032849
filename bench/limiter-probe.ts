import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { MemoryCounters } from '../src/http/edge/counters.js';
import { createMetrics } from '../src/http/edge/metrics.js';
import { rateLimit } from '../src/http/edge/rate-limit.js';
import { serveChild } from './ipc.js';
import { responseIndex, type StoredResponse } from './responses.js';

export interface ProbeInput {
  responses: StoredResponse[];
  /** Install the service's own rate-limit hook, at this many requests per minute. */
  limitPerMinute: number | null;
}

/**
 * A bare Fastify answering stored responses, with or without the service's rate-limit hook:
 * the service always installs the limiter, so its cost is measured here, apart.
 */
serveChild(async (input) => {
  const { responses, limitPerMinute } = input as ProbeInput;
  const byPath = responseIndex(responses);
  const app = Fastify({ logger: false });
  if (limitPerMinute !== null) {
    const idlePool = () => ({ total: 1, idle: 1, waiting: 0 });
    app.addHook(
      'onRequest',
      rateLimit({
        counters: new MemoryCounters(),
        metrics: createMetrics(idlePool),
        limit: limitPerMinute,
        scope: 'public',
      }),
    );
  }
  app.get('/*', async (request, reply) => {
    const stored = byPath.get(request.url);
    if (stored === undefined) return reply.code(404).send();
    return reply.code(stored.status).headers(stored.headers).send(stored.body);
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  return { port: (app.server.address() as AddressInfo).port, close: () => app.close() };
});
