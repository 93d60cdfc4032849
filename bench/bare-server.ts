import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serveChild } from './ipc.js';
import { responseIndex, type StoredResponse } from './responses.js';

export interface BareInput {
  responses: StoredResponse[];
}

/**
 * The machine's limit: plain `node:http` answering each URL with the very bytes and headers
 * the real server gave, from memory.
 */
serveChild(async (input) => {
  const byPath = responseIndex((input as BareInput).responses);
  const server = createServer((request, response) => {
    const stored = byPath.get(request.url ?? '');
    if (stored === undefined) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(stored.status, stored.headers).end(stored.body);
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
