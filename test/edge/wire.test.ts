import assert from 'node:assert/strict';
import { Agent, get as httpGet, type IncomingHttpHeaders } from 'node:http';
import { before, test } from 'node:test';
import { PUBLIC } from '../support/harness.js';
import { describeListening } from '../support/listening.js';
import { rawExchange, type RawAnswer } from '../support/wire.js';

const LIMIT = 5;
const PLAIN_TEXT = 'text/plain; charset=utf-8';

/** A rate-limited client: its requests must each be counted once. */
interface Client {
  headers: Record<string, string>;
  /** Asserts one more request was counted: one fewer left, unless a new window began. */
  counted(rateLimit: string | null | undefined, what: string): void;
}

function clientCountedUpTo(limit: number, headers: Record<string, string> = {}): Client {
  let last: { left: number; reset: number } | undefined;
  return {
    headers,
    counted(rateLimit, what) {
      const match = /^"ip";r=(\d+);t=(\d+)$/.exec(String(rateLimit));
      assert.ok(match !== null, `${what}: RateLimit ${String(rateLimit)}`);
      const left = Number(match[1]);
      const reset = Number(match[2]);
      // A new window resets the count; its `t` starts over from the window's length.
      const expected =
        last === undefined || reset > last.reset ? limit - 1 : Math.max(last.left - 1, 0);
      assert.equal(left, expected, `${what}: RateLimit ${String(rateLimit)}`);
      last = { left, reset };
    },
  };
}

/** A client behind the trusted proxy with an address of its own, so its count starts at zero. */
let clients = 0;
function newClient(): Client {
  clients += 1;
  const address = `198.51.${Math.floor(clients / 250)}.${(clients % 250) + 1}`;
  return clientCountedUpTo(LIMIT, { 'x-forwarded-for': address });
}

/** The public edge's marks: plain text, CORS, and one more request counted for the client. */
function assertPublicAnswer(answer: Response, status: number, client: Client, what: string) {
  assert.equal(answer.status, status, what);
  assert.equal(answer.headers.get('content-type'), PLAIN_TEXT, what);
  assert.equal(answer.headers.get('access-control-allow-origin'), '*', what);
  assert.equal(answer.headers.get('x-content-type-options'), 'nosniff', what);
  assert.equal(answer.headers.get('ratelimit-policy'), `"ip";q=${LIMIT};w=60`, what);
  client.counted(answer.headers.get('ratelimit'), what);
}

describeListening(
  'unroutable and wrong-method requests over sockets',
  (harness) => {
    let base = '';

    before(async () => {
      base = harness().origin;
      // A first query: closing an embedded database that never ran one leaves it open.
      assert.equal((await fetch(`${base}/readyz`)).status, 200);
    });

    void test('a known public path with another method is 405 with Allow, CORS and counted', async () => {
      const client = newClient();
      const cases: [string, string, string][] = [
        ['POST', `${PUBLIC}/orgs/some-org/event-series`, 'GET, HEAD, OPTIONS'],
        ['DELETE', `${PUBLIC}/orgs/some-org/event-series/some-league`, 'GET, HEAD, OPTIONS'],
        ['GET', `${PUBLIC}/orgs/some-org/event-series/1/register/start`, 'OPTIONS, POST'],
        ['PUT', `${PUBLIC}/event-series-invites/abcdefghijklmnopqrstuvwxyz`, 'GET, HEAD, OPTIONS'],
      ];
      for (const [method, path, allow] of cases) {
        const answer = await fetch(`${base}${path}`, { method, headers: client.headers });
        assertPublicAnswer(answer, 405, client, `${method} ${path}`);
        assert.equal(answer.headers.get('allow'), allow, `${method} ${path}`);
        assert.equal(await answer.text(), 'Method Not Allowed');
      }
    });

    void test('badly encoded and over-long public paths are counted, with CORS and rate-limit headers', async () => {
      const client = newClient();
      const long = 'a'.repeat(300);
      const paths = [
        `${PUBLIC}/orgs/%zz/event-series`,
        `${PUBLIC}/orgs/x/event-series/%E0%A4%A`,
        `${PUBLIC}/orgs/${long}/event-series`,
        `${PUBLIC}/%zz`,
      ];
      for (const path of paths) {
        const answer = await fetch(`${base}${path}`, { headers: client.headers });
        assertPublicAnswer(answer, 404, client, path);
        assert.equal(await answer.text(), 'Not Found');
      }
      // Counted like any request: past the limit (in one window), 429.
      const refused = await untilRefused(`${base}${PUBLIC}/orgs/%zz/event-series`, client);
      assert.match(String(refused.headers.get('retry-after')), /^\d+$/);
      assert.equal(await refused.text(), 'Too Many Requests');
    });

    void test('every public URL over 1,024 characters is 414, routed or not', async () => {
      const client = newClient();
      const filler = 'a'.repeat(1100);
      const urls = [
        `${PUBLIC}/orgs/some-org/event-series?x=${filler}`,
        `${PUBLIC}/${filler}`,
        `${PUBLIC}/orgs/${filler}/event-series`,
        `${PUBLIC}/orgs/%zz/${filler}`,
      ];
      for (const url of urls) {
        const answer = await fetch(`${base}${url}`, { headers: client.headers });
        assertPublicAnswer(answer, 414, client, url.slice(0, 60));
        assert.equal(await answer.text(), 'URI Too Long');
      }
    });

    void test('badly encoded paths outside the public API are plain 404s without CORS', async () => {
      const answer = await fetch(`${base}/media/crests/%zz`);
      assert.equal(answer.status, 404);
      assert.equal(answer.headers.get('content-type'), PLAIN_TEXT);
      assert.equal(answer.headers.get('access-control-allow-origin'), null);
      assert.equal(answer.headers.get('ratelimit'), null);
      assert.equal(await answer.text(), 'Not Found');
    });

    void test('an unknown path stays 404 whatever the method; ops paths get 405 without CORS', async () => {
      const client = newClient();
      const unknown = await fetch(`${base}${PUBLIC}/orgs/x/no-such-thing`, {
        method: 'POST',
        headers: client.headers,
      });
      assertPublicAnswer(unknown, 404, client, 'unknown public path');
      assert.equal(unknown.headers.get('allow'), null);
      assert.equal(await unknown.text(), 'Not Found');

      const health = await fetch(`${base}/healthz`, { method: 'DELETE' });
      assert.equal(health.status, 405);
      assert.equal(health.headers.get('allow'), 'GET, HEAD');
      assert.equal(health.headers.get('content-type'), PLAIN_TEXT);
      assert.equal(health.headers.get('access-control-allow-origin'), null);
      assert.equal(await health.text(), 'Method Not Allowed');
    });
  },
  { rateLimitPerMinute: LIMIT, trustProxy: ['127.0.0.1'] },
);

const MALFORMED_LIMIT = 4;

describeListening(
  'malformed requests over sockets',
  (harness) => {
    let base = '';

    before(async () => {
      base = harness().origin;
      // A first query: closing an embedded database that never ran one leaves it open.
      assert.equal((await fetch(`${base}/readyz`)).status, 200);
    });

    // Counted against the connection's peer: every socket of the suite is one client.
    const peer = clientCountedUpTo(MALFORMED_LIMIT);

    /** The service's answer to a request its parser refused, then a clean close. */
    function assertRefused(answer: RawAnswer, status: number, body: string) {
      assert.equal(answer.status, status, answer.body);
      assert.equal(answer.headers['content-type'], PLAIN_TEXT);
      assert.equal(answer.headers.connection, 'close');
      assert.equal(answer.headers['access-control-allow-origin'], '*');
      assert.equal(answer.headers['x-content-type-options'], 'nosniff');
      assert.equal(answer.headers['ratelimit-policy'], `"ip";q=${MALFORMED_LIMIT};w=60`);
      peer.counted(answer.headers.ratelimit, `${status} ${body}`);
      assert.equal(answer.body, body);
      assert.equal(answer.closedWith, 'end', 'closed after the answer, not reset');
    }

    void test('a bad method token, over-long headers and a second request after a good one', async () => {
      const badMethod = await rawExchange(base, 'BR@W / HTTP/1.1\r\nHost: x\r\n\r\n');
      assertRefused(badMethod, 400, 'Bad Request');

      const bigHeader = `GET ${PUBLIC}/orgs/x/event-series HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(100_000)}\r\n\r\n`;
      const overflow = await rawExchange(base, bigHeader);
      assertRefused(overflow, 431, 'Request Header Fields Too Large');

      // A good request on the connection first: the malformed one still gets its own answer.
      const good = `GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n`;
      const afterGood = await rawExchange(base, `${good}GET /\0 HTTP/1.1\r\nHost: x\r\n\r\n`);
      assert.equal(afterGood.status, 200);
      assert.match(afterGood.body, /HTTP\/1\.1 400 Bad Request\r\n/);
      assert.match(afterGood.body, /\r\nconnection: close\r\n/);
      peer.counted(/\r\nratelimit: (.*)\r\n/.exec(afterGood.body)?.[1], 'after a good request');
      assert.equal(afterGood.closedWith, 'end');
    });

    void test('a keep-alive client reads the 431 and goes on with a new connection', async () => {
      const agent = new Agent({ keepAlive: true, maxSockets: 1 });
      try {
        const ok = await agentGet(agent, `${base}/healthz`, {});
        assert.equal(ok.status, 200);
        const refused = await agentGet(agent, `${base}${PUBLIC}/orgs/x/event-series`, {
          'x-big': 'a'.repeat(20_000),
        });
        assert.equal(refused.status, 431);
        assert.equal(refused.headers.connection, 'close');
        peer.counted(String(refused.headers.ratelimit), 'keep-alive client');
        const again = await agentGet(agent, `${base}/healthz`, {});
        assert.equal(again.status, 200);
      } finally {
        agent.destroy();
      }
    });

    void test('malformed requests are counted: past the limit they are 429 with Retry-After', async () => {
      for (let attempt = 0; attempt < 2 * (MALFORMED_LIMIT + 1); attempt += 1) {
        const answer = await rawExchange(base, 'BR@W / HTTP/1.1\r\nHost: x\r\n\r\n');
        if (answer.status === 429) {
          assertRefused(answer, 429, 'Too Many Requests');
          assert.match(String(answer.headers['retry-after']), /^\d+$/);
          return;
        }
        assertRefused(answer, 400, 'Bad Request');
      }
      assert.fail('never refused');
    });
  },
  { rateLimitPerMinute: MALFORMED_LIMIT },
);

const PARSER_LIMIT = 50;

describeListening(
  'requests Node would answer itself, and keep-alive',
  (harness) => {
    let base = '';
    before(async () => {
      base = harness().origin;
      assert.equal((await fetch(`${base}/readyz`)).status, 200);
    });

    const peer = clientCountedUpTo(PARSER_LIMIT);

    function assertServiceRefusal(answer: RawAnswer, status: number, body: string) {
      assert.equal(answer.status, status, answer.body);
      assert.equal(answer.headers['content-type'], PLAIN_TEXT);
      assert.equal(answer.headers.connection, 'close');
      assert.equal(answer.headers['access-control-allow-origin'], '*');
      assert.equal(answer.headers['x-content-type-options'], 'nosniff');
      assert.equal(answer.headers['ratelimit-policy'], `"ip";q=${PARSER_LIMIT};w=60`);
      peer.counted(answer.headers.ratelimit, `${status} ${body}`);
      assert.equal(answer.body, body);
      assert.equal(answer.closedWith, 'end', 'closed after the answer, not reset');
    }

    void test('an unknown Expect is 417, an HTTP/1.1 request without Host 400, CONNECT 405: all in the service format', async () => {
      const path = `${PUBLIC}/orgs/x/event-series`;
      const expect = await rawExchange(
        base,
        `POST ${path} HTTP/1.1\r\nHost: x\r\nExpect: 200-ok\r\nContent-Length: 2\r\n\r\n{}`,
      );
      assertServiceRefusal(expect, 417, 'Expectation Failed');
      const noHost = await rawExchange(base, `GET ${path} HTTP/1.1\r\n\r\n`);
      assertServiceRefusal(noHost, 400, 'Bad Request');
      const tunnel = await rawExchange(base, 'CONNECT example.com:443 HTTP/1.1\r\nHost: x\r\n\r\n');
      assertServiceRefusal(tunnel, 405, 'Method Not Allowed');
      // HTTP/1.0 has no Host requirement.
      const old = await rawExchange(base, 'GET /healthz HTTP/1.0\r\n\r\n');
      assert.equal(old.status, 200);
    });

    void test('keep-alive answers announce how long an idle connection stays open; a 417 closes its own', async () => {
      const agent = new Agent({ keepAlive: true, maxSockets: 1 });
      try {
        const first = await agentGet(agent, `${base}/healthz`, {});
        assert.equal(first.status, 200);
        assert.equal(first.headers.connection, 'keep-alive');
        assert.match(String(first.headers['keep-alive']), /^timeout=\d+$/);
        const refused = await agentGet(agent, `${base}${PUBLIC}/orgs/x/event-series`, {
          expect: 'something-else',
        });
        assert.equal(refused.status, 417);
        assert.equal(refused.headers.connection, 'close');
        peer.counted(String(refused.headers.ratelimit), 'keep-alive 417');
        const again = await agentGet(agent, `${base}/healthz`, {});
        assert.equal(again.status, 200, 'the next request goes on a new connection');
      } finally {
        agent.destroy();
      }
    });
  },
  { rateLimitPerMinute: PARSER_LIMIT },
);

/**
 * Requests `url` until it is refused with 429, each answer counted, and returns the refusal:
 * within one window that is the request after the limit; a new window may start on the way.
 */
async function untilRefused(url: string, client: Client): Promise<Response> {
  for (let attempt = 0; attempt < 2 * (LIMIT + 1); attempt += 1) {
    const answer = await fetch(url, { headers: client.headers });
    if (answer.status === 429) {
      assertPublicAnswer(answer, 429, client, 'past the limit');
      return answer;
    }
    assertPublicAnswer(answer, 404, client, `request ${attempt + 1}`);
    await answer.arrayBuffer();
  }
  throw new Error(`${url} was never refused`);
}

/** A GET through `agent`, its body read. */
function agentGet(
  agent: Agent,
  url: string,
  headers: Record<string, string>,
): Promise<{ status: number; headers: IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    const request = httpGet(url, { agent, headers }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => {
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body });
      });
      response.on('error', reject);
    });
    request.on('error', reject);
  });
}
