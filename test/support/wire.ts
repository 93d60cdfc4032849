import assert from 'node:assert/strict';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { connect } from 'node:net';
import type { App } from '../../src/app.js';

/**
 * Starts `app` on a loopback port, a free one unless given (another instance's, as behind a
 * load balancer); the base URL to fetch from.
 */
export async function listen(app: App, port = 0): Promise<string> {
  await app.listen({ host: '127.0.0.1', port });
  const address = app.server.address();
  assert.ok(address !== null && typeof address === 'object');
  return `http://127.0.0.1:${address.port}`;
}

/** An answer with its body as sent. */
export interface SentAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/**
 * One request over a socket, and its answer with the body as sent: unlike `fetch`,
 * `node:http` does not decompress it, and a HEAD's answer is read as it comes.
 */
export async function fetchAsSent(
  url: string,
  { method = 'GET', headers = {} }: { method?: string; headers?: Record<string, string> } = {},
): Promise<SentAnswer> {
  return new Promise((resolve, reject) => {
    const sent = httpRequest(url, { method, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          body: Buffer.concat(chunks),
        });
      });
      response.on('error', reject);
    });
    sent.on('error', reject);
    sent.end();
  });
}

/** One answer read from a raw socket, and how the server left the connection. */
export interface RawAnswer {
  status: number;
  /** Header names in lower case; a repeated header keeps its last value. */
  headers: Record<string, string>;
  body: string;
  /** `end` when the server closed the connection cleanly, `reset` when it reset it. */
  closedWith: 'end' | 'reset' | 'open';
}

/**
 * Writes `request` as is on a fresh connection and reads the first answer. Waits up to
 * `closeWithinMs` for the server to close the connection after answering.
 */
export async function rawExchange(
  base: string,
  request: string | Buffer,
  closeWithinMs = 5000,
): Promise<RawAnswer> {
  const { hostname, port } = new URL(base);
  const socket = connect(Number(port), hostname);
  const chunks: Buffer[] = [];
  const closedWith = await new Promise<RawAnswer['closedWith']>((resolve, reject) => {
    const timer = setTimeout(() => {
      resolve('open');
    }, closeWithinMs);
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('end', () => {
      clearTimeout(timer);
      resolve('end');
    });
    socket.on('error', (error: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      if (error.code === 'ECONNRESET') resolve('reset');
      else reject(error);
    });
    socket.write(request);
  });
  socket.destroy();
  const text = Buffer.concat(chunks).toString('latin1');
  const headEnd = text.indexOf('\r\n\r\n');
  assert.ok(headEnd > 0, `an HTTP answer, got ${JSON.stringify(text.slice(0, 200))}`);
  const [statusLine = '', ...headerLines] = text.slice(0, headEnd).split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of headerLines) {
    const colon = line.indexOf(':');
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return {
    status: Number(statusLine.split(' ')[1]),
    headers,
    body: text.slice(headEnd + 4),
    closedWith,
  };
}
