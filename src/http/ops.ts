import { isReachable } from '../db/connection.js';
import type { App, AppContext } from './context.js';
import { sendDatabaseUnavailable, sendPlainText } from './edge/errors.js';
import type { Edge } from './edge/edge.js';

/** Liveness and readiness probes, outside the public and admin APIs. */
export function opsRoutes(context: AppContext, edge: Edge) {
  return async function register(app: App): Promise<void> {
    app.get('/healthz', async (_request, reply) => sendPlainText(reply, 200, 'ok'));
    app.get('/readyz', async (_request, reply) =>
      (await isReachable(context.database.db))
        ? sendPlainText(reply, 200, 'ready')
        : sendDatabaseUnavailable(reply),
    );
    app.get('/metrics', async (_request, reply) =>
      reply
        .type(edge.metrics.registry.contentType)
        .header('cache-control', 'no-store')
        .send(await edge.metrics.registry.metrics()),
    );
  };
}
