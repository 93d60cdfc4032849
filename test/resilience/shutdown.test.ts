import assert from 'node:assert/strict';
import { Agent, request, type IncomingMessage } from 'node:http';
import { after, before, describe, test } from 'node:test';
import { PrivateCluster, privateClusterSkip } from '../support/postgres-cluster.js';
import {
  EXIT_LIMIT_MS,
  killAll,
  sleep,
  startServer,
  waitUntilHealthy,
  within,
  type ServerProcess,
} from '../support/processes.js';

/**
 * SIGTERM on the real server on PostgreSQL with a request in flight on a keep-alive
 * connection: the request is answered, and its connection is closed as soon as it is idle
 * rather than when its keep-alive timeout runs out, so the process exits with 0 promptly.
 */

const ADMIN_TOKEN = 'shutdown-admin-token-0123456789';

/**
 * A POST whose headers have reached the server (it answered 100 Continue) and whose body
 * is held back until `finish` is called.
 */
async function requestInFlight(port: number, agent: Agent, path: string, body: unknown) {
  const payload = JSON.stringify(body);
  const pending = request({
    host: '127.0.0.1',
    port,
    path,
    method: 'POST',
    agent,
    headers: {
      authorization: `Bearer ${ADMIN_TOKEN}`,
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(payload),
      expect: '100-continue',
    },
  });
  const socketClosed = new Promise<number>((resolve) => {
    pending.once('socket', (socket) => socket.once('close', () => resolve(Date.now())));
  });
  const response = new Promise<Answer>((resolve, reject) => {
    pending.on('error', reject);
    pending.on('response', (answer: IncomingMessage) => {
      let text = '';
      answer.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
      answer.on('end', () =>
        resolve({
          status: answer.statusCode ?? 0,
          body: text,
          keepAlive: String(answer.headers['keep-alive'] ?? ''),
          at: Date.now(),
        }),
      );
    });
  });
  await new Promise<void>((resolve, reject) => {
    pending.once('continue', resolve);
    pending.once('error', reject);
    pending.flushHeaders();
  });
  return {
    /** Sends the body; resolves with the answer. */
    async finish() {
      pending.end(payload);
      return response;
    },
    /** When the connection was closed (by the server: the client keeps it). */
    socketClosed,
  };
}

interface Answer {
  status: number;
  body: string;
  /** The Keep-Alive header: how long the server said it would keep the connection. */
  keepAlive: string;
  at: number;
}

void describe('SIGTERM with keep-alive clients on PostgreSQL', { skip: privateClusterSkip }, () => {
  let cluster: PrivateCluster | undefined;
  let server: ServerProcess | undefined;

  before(async () => {
    cluster = await PrivateCluster.create();
    server = await startServer({ DATABASE_URL: cluster.url, ADMIN_TOKEN, LOG_LEVEL: 'info' });
    await waitUntilHealthy(server);
  });

  after(async () => {
    await killAll();
    await cluster?.drop();
  });

  void test('the request in flight is answered, its connection closed once idle, exit code 0', async () => {
    assert.ok(server !== undefined);
    const live = server;
    const agent = new Agent({ keepAlive: true });
    try {
      const inFlight = await requestInFlight(live.port, agent, '/admin/v1/orgs', {
        slug: 'late-club',
        name: 'Late Club',
        timezone: 'America/Chicago',
      });
      live.child.kill('SIGTERM');
      const deadline = Date.now() + 30_000;
      while (!live.stdout().includes('shutting down') && Date.now() < deadline) await sleep(20);
      assert.match(live.stdout(), /shutting down/, 'the server began to shut down');

      const answer = await inFlight.finish();
      assert.equal(answer.status, 201, answer.body);
      const exit = await within(live.exited, EXIT_LIMIT_MS, 'exit after SIGTERM');
      assert.deepEqual(exit, { code: 0, signal: null }, live.stdout().slice(-2000));
      // The connection stayed open after the answer, as keep-alive promises; the server
      // closed it long before the timeout it announced (the old wait: 5 s more).
      const timeoutMatch = /timeout=(\d+)/.exec(answer.keepAlive);
      assert.ok(timeoutMatch !== null, `a kept-alive answer (${answer.keepAlive})`);
      const keptMs = (await inFlight.socketClosed) - answer.at;
      assert.ok(
        keptMs < Number(timeoutMatch[1]) * 1000,
        `closed ${keptMs} ms after the answer, before the keep-alive timeout`,
      );
    } finally {
      agent.destroy();
    }
  });
});
