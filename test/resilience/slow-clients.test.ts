import assert from 'node:assert/strict';
import { once } from 'node:events';
import { get } from 'node:http';
import { connect, type Socket } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { TARGETS } from '../support/databases.js';
import { NO_LIMITS, PUBLIC, startHarness, stopHarness, type Harness } from '../support/harness.js';
import { within } from '../support/processes.js';
import { listen } from '../support/wire.js';

/**
 * Slow clients over real sockets: connections that drip their headers and never finish, and
 * readers that never read a large answer, must hold up no one else, and the dripping ones are
 * cut by the server's header deadline. Deadlines here only catch hangs.
 */

const SLOW_CLIENTS = 50;
const HANG_LIMIT_MS = 90_000;

/** Opens a connection that sends a request line and a header, then one more header a second. */
async function drip(port: number): Promise<{ socket: Socket; closed: Promise<string> }> {
  const socket = connect(port, '127.0.0.1');
  await once(socket, 'connect');
  let received = '';
  socket.setEncoding('latin1').on('data', (chunk: string) => (received += chunk));
  socket.on('error', () => undefined);
  const timer = setInterval(() => socket.write('X-Slow: 1\r\n'), 1000);
  const closed = new Promise<string>((resolve) => {
    socket.once('close', () => {
      clearInterval(timer);
      resolve(received);
    });
  });
  socket.write(`GET ${PUBLIC}/openapi.json HTTP/1.1\r\nHost: slow.example\r\n`);
  return { socket, closed };
}

/** A request for a large answer whose reader never reads it. */
async function neverRead(port: number): Promise<Socket> {
  const socket = connect(port, '127.0.0.1');
  await once(socket, 'connect');
  socket.pause();
  socket.on('error', () => undefined);
  socket.write(`GET ${PUBLIC}/openapi.json HTTP/1.1\r\nHost: stalled.example\r\n\r\n`);
  return socket;
}

/** One GET on a connection of its own, closed after the answer: no keep-alive outlives the test. */
function getOnce(url: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    get(url, { agent: false }, (response) => {
      let body = '';
      response.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      response.on('error', reject);
    }).on('error', reject);
  });
}

const [pglite] = TARGETS;
if (pglite === undefined) throw new Error('no embedded database target');

void describe('slow clients', () => {
  let h: Harness;
  let base: string;
  before(async () => {
    h = await startHarness(pglite, NO_LIMITS);
    base = await listen(h.app);
  });
  after(async () => {
    await stopHarness(h);
  });

  void test('clients dripping headers hold up no one and are cut at the header deadline', async () => {
    const port = Number(new URL(base).port);
    const slow = await Promise.all(Array.from({ length: SLOW_CLIENTS }, () => drip(port)));
    try {
      const answers = await Promise.all(
        Array.from({ length: 20 }, () => getOnce(`${base}${PUBLIC}/openapi.json`)),
      );
      assert.deepEqual(
        answers.map((answer) => answer.status),
        answers.map(() => 200),
      );
      const ends = await within(
        Promise.all(slow.map((client) => client.closed)),
        HANG_LIMIT_MS,
        'dripping clients cut',
      );
      for (const received of ends) assert.match(received, /^(HTTP\/1\.1 408 |$)/);
    } finally {
      for (const client of slow) client.socket.destroy();
    }
  });

  void test('readers that never read a large answer hold up no one', async () => {
    const port = Number(new URL(base).port);
    const stalled = await Promise.all(Array.from({ length: SLOW_CLIENTS }, () => neverRead(port)));
    try {
      const answers = await Promise.all(
        Array.from({ length: 20 }, () => getOnce(`${base}${PUBLIC}/openapi.json`)),
      );
      for (const answer of answers) {
        assert.equal(answer.status, 200);
        assert.ok(answer.body.length > 10_000, 'a large answer, read whole');
      }
    } finally {
      for (const socket of stalled) socket.destroy();
    }
  });
});
