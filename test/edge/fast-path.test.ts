import assert from 'node:assert/strict';
import { test } from 'node:test';
import { patchLeague } from '../../src/resources/leagues/service.js';
import {
  PUBLIC,
  describeOnEachDatabase,
  harnessOn,
  startHarness,
  stopHarness,
} from '../support/harness.js';
import { listening, type ListeningHarness } from '../support/listening.js';

const LIMIT = 4;

/** Headers that differ between two answers to the same request by nature. */
const VARYING = new Set(['date', 'ratelimit', 'keep-alive', 'connection']);

function comparable(headers: Headers): Record<string, string> {
  const kept: Record<string, string> = {};
  headers.forEach((value, name) => {
    if (!VARYING.has(name)) kept[name] = value;
  });
  return kept;
}

/** Answers sent by the fast path, before Fastify routes the request. */
async function earlyHits(base: string): Promise<number> {
  const body = await (await fetch(`${base}/metrics`)).text();
  const line = body
    .split('\n')
    .find((candidate) =>
      candidate.startsWith('clubhouse_response_cache_total{result="hit",path="early"}'),
    );
  return line === undefined ? 0 : Number(line.split(' ').at(-1));
}

/** Two apps on one database: one counts the socket's peer, one trusts a local proxy. */
interface Instances extends ListeningHarness {
  proxied: ListeningHarness;
}

/** An org and one of its leagues, of this test's own. */
async function leagueOf(h: Instances) {
  const org = await h.org({ name: 'Socket Golf Club' });
  const league = await h.league(org, { name: 'Socket League', feeMembersCents: 1000 });
  return { base: h.origin, proxiedBase: h.proxied.origin, org, league };
}

describeOnEachDatabase(
  'cached answers over real sockets',
  async (target): Promise<Instances> => {
    const h = await listening(await startHarness(target, { rateLimitPerMinute: LIMIT }));
    const trusting = { rateLimitPerMinute: LIMIT, trustProxy: ['127.0.0.1'] };
    return { ...h, proxied: await listening(await harnessOn(h.database, trusting)) };
  },
  (harness) => {
    void test('a cached answer has the same bytes and headers as the first, and counts against the limit', async () => {
      const { proxiedBase, org, league } = await leagueOf(harness());
      // Each client gets its own address through the trusted proxy, so counts start at zero.
      const client = { 'x-forwarded-for': `203.0.113.${Math.floor(Math.random() * 250) + 1}` };
      const url = `${proxiedBase}${PUBLIC}/orgs/${org.slug}/event-series/${league.slug}`;
      const hitsBefore = await earlyHits(proxiedBase);
      const answers = [];
      for (let index = 0; index < LIMIT; index += 1)
        answers.push(await fetch(url, { headers: client }));
      const bodies = await Promise.all(answers.map((answer) => answer.text()));
      assert.deepEqual(
        answers.map((answer) => answer.status),
        [200, 200, 200, 200],
      );
      assert.equal(await earlyHits(proxiedBase), hitsBefore + LIMIT - 1);
      const [first, ...cached] = answers;
      assert.ok(first !== undefined);
      for (const [index, answer] of cached.entries()) {
        assert.deepEqual(comparable(answer.headers), comparable(first.headers));
        assert.equal(bodies[index + 1], bodies[0]);
      }
      assert.deepEqual(
        answers.map((answer) => answer.headers.get('ratelimit')?.split(';')[1]),
        ['r=3', 'r=2', 'r=1', 'r=0'],
      );
      assert.equal(first.headers.get('access-control-allow-origin'), '*');
      assert.equal(first.headers.get('x-content-type-options'), 'nosniff');
      assert.equal(first.headers.get('ratelimit-policy'), `"ip";q=${LIMIT};w=60`);

      const refused = await fetch(url, { headers: client });
      assert.equal(refused.status, 429);
      assert.equal(await refused.text(), 'Too Many Requests');
      assert.match(String(refused.headers.get('content-type')), /^text\/plain/);
      assert.equal(refused.headers.get('access-control-allow-origin'), '*');
      assert.match(String(refused.headers.get('retry-after')), /^\d+$/);

      const otherClient = await fetch(url, { headers: { 'x-forwarded-for': '198.51.100.99' } });
      assert.equal(otherClient.status, 200);
    });

    void test('without a trusted proxy, X-Forwarded-For does not change the client', async () => {
      const { base, org } = await leagueOf(harness());
      const url = `${base}${PUBLIC}/orgs/${org.slug}/event-series`;
      const statuses = [];
      for (let index = 0; index <= LIMIT; index += 1) {
        const answer = await fetch(url, { headers: { 'x-forwarded-for': `192.0.2.${index + 1}` } });
        await answer.arrayBuffer();
        statuses.push(answer.status);
      }
      assert.deepEqual(statuses, [200, 200, 200, 200, 429]);
    });

    void test('If-None-Match on a cached answer is a bare 304 with its ETag and CORS', async () => {
      const { proxiedBase, org } = await leagueOf(harness());
      const url = `${proxiedBase}${PUBLIC}/orgs/${org.slug}/event-series`;
      const client = { 'x-forwarded-for': '198.51.100.21' };
      const first = await fetch(url, { headers: client });
      await first.arrayBuffer();
      const etag = String(first.headers.get('etag'));
      const conditional = await fetch(url, { headers: { ...client, 'if-none-match': etag } });
      assert.equal(conditional.status, 304);
      assert.equal(await conditional.text(), '');
      assert.equal(conditional.headers.get('etag'), etag);
      assert.equal(conditional.headers.get('content-type'), null);
      assert.equal(conditional.headers.get('access-control-allow-origin'), '*');
      assert.match(String(conditional.headers.get('ratelimit')), /^"ip";r=\d+;t=\d+$/);
    });

    void test('a write is seen by the next read over the socket', async () => {
      const h = harness();
      const { proxiedBase, org, league } = await leagueOf(h);
      const url = `${proxiedBase}${PUBLIC}/orgs/${org.slug}/event-series/${league.slug}`;
      for (const [index, name] of ['First edit', 'Second edit'].entries()) {
        const client = { 'x-forwarded-for': `198.51.100.${30 + index}` };
        await (await fetch(url, { headers: client })).arrayBuffer();
        await patchLeague(h.database.db, org.slug, league.id, { name });
        const answer = await fetch(url, { headers: client });
        assert.equal(((await answer.json()) as { name: string }).name, name);
      }
    });
  },
  async (h) => {
    await h.proxied.app.close();
    await stopHarness(h);
  },
);
