import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { matches } from '../../src/http/edge/response-cache.js';
import { canonicalUrl } from '../../src/http/edge/urls.js';
import { patchLeague } from '../../src/resources/leagues/service.js';
import { NO_LIMITS, PUBLIC } from '../support/harness.js';
import { describeListening, type ListeningHarness } from '../support/listening.js';

void describe('If-None-Match, weak comparison (RFC 9110 §13.1.2)', () => {
  const etag = '"abc"';
  const cases: [string | undefined, boolean][] = [
    [undefined, false],
    ['"abc"', true],
    ['W/"abc"', true],
    ['"other", W/"abc"', true],
    ['"other",W/"abc" ', true],
    ['*', true],
    ['"other"', false],
    ['W/"other"', false],
    ['"ab"', false],
    ['abc', false],
    ['"a,b", "abc"', true],
    ['"a,b"', false],
    ['', false],
  ];
  for (const [header, expected] of cases) {
    void test(`${JSON.stringify(header)} ${expected ? 'names' : 'does not name'} "abc"`, () => {
      assert.equal(matches(header, etag), expected);
    });
  }
});

void describe('the URL an answer is kept under', () => {
  const cases: [string, string[], string][] = [
    ['/p', ['a'], '/p'],
    ['/p?', ['a'], '/p'],
    ['/p?x=1', [], '/p'],
    ['/p?b=2&a=1&x=9', ['a', 'b'], '/p?a=1&b=2'],
    ['/p?a=2&x=0&a=1', ['a'], '/p?a=2&a=1'],
    ['/p?%61=1&_=5', ['a'], '/p?%61=1'],
    ['/p?a&&b=&c=3', ['a', 'b'], '/p?a&b='],
    ['/p?%zz=1&a=1', ['a'], '/p?a=1'],
  ];
  for (const [url, names, expected] of cases) {
    void test(`${url} reading ${names.join(', ') || 'nothing'} is kept as ${expected}`, () => {
      assert.equal(canonicalUrl(url, names), expected);
    });
  }
});

/** Response cache answers of one result (hit or miss), whichever path served them. */
async function cacheCount(base: string, result: 'hit' | 'miss'): Promise<number> {
  const body = await (await fetch(`${base}/metrics`)).text();
  return body
    .split('\n')
    .filter((line) => line.startsWith(`clubhouse_response_cache_total{result="${result}"`))
    .reduce((sum, line) => sum + Number(line.split(' ').at(-1)), 0);
}

/** An org and one of its leagues, of this test's own. */
async function leagueOf(h: ListeningHarness) {
  const org = await h.org({ name: 'Cache Keys Golf Club' });
  const league = await h.league(org, { name: 'Cache Keys League', feeMembersCents: 1000 });
  return { base: h.origin, org, league };
}

describeListening(
  'conditional reads and cache keys over sockets',
  (harness) => {
    void test('a weak or listed ETag gets 304, from the cache and from a fresh read alike', async () => {
      const h = harness();
      const { base, org, league } = await leagueOf(h);
      const url = `${base}${PUBLIC}/orgs/${org.slug}/event-series/${league.slug}`;
      const first = await fetch(url);
      await first.arrayBuffer();
      const etag = String(first.headers.get('etag'));
      for (const header of [`W/${etag}`, `"elsewhere", W/${etag}`, '*']) {
        const cached = await fetch(url, { headers: { 'if-none-match': header } });
        assert.equal(cached.status, 304, `${header} on a cached answer`);
        assert.equal(await cached.text(), '');
        assert.equal(cached.headers.get('etag'), etag);
      }
      const other = await fetch(url, { headers: { 'if-none-match': 'W/"elsewhere"' } });
      assert.equal(other.status, 200);
      await other.arrayBuffer();

      // A write in the org moves its data version: the next read is computed afresh.
      await h.league(org, { name: 'Another League', status: 'draft' });
      const missesBefore = await cacheCount(base, 'miss');
      const fresh = await fetch(url, { headers: { 'if-none-match': `W/${etag}` } });
      assert.equal(fresh.status, 304, 'a weak ETag on a fresh read');
      assert.equal(await fresh.text(), '');
      assert.equal(await cacheCount(base, 'miss'), missesBefore + 1);
    });

    void test('unknown query parameters neither change the answer nor force a database read', async () => {
      const { base, org, league } = await leagueOf(harness());
      const path = `${PUBLIC}/orgs/${org.slug}/events?eventSeries=${league.slug}&limit=5`;
      const first = await fetch(`${base}${path}`);
      const body = await first.text();
      assert.equal(first.status, 200);
      const missesBefore = await cacheCount(base, 'miss');
      const hitsBefore = await cacheCount(base, 'hit');
      const spellings = [
        `${path}&_=${Date.now()}`,
        `${path}&cacheBuster=${Math.random()}&utm_source=mail`,
        `${PUBLIC}/orgs/${org.slug}/events?limit=5&x=1&eventSeries=${league.slug}`,
        `${path}&&`,
      ];
      for (const spelling of spellings) {
        const answer = await fetch(`${base}${spelling}`);
        assert.equal(answer.status, 200, spelling);
        assert.equal(await answer.text(), body, spelling);
        assert.equal(answer.headers.get('etag'), first.headers.get('etag'), spelling);
      }
      assert.equal(await cacheCount(base, 'miss'), missesBefore, 'no database read');
      assert.equal(await cacheCount(base, 'hit'), hitsBefore + spellings.length);

      // A parameter the route reads is part of the key.
      const other = await fetch(`${base}${PUBLIC}/orgs/${org.slug}/events?limit=1`);
      await other.arrayBuffer();
      assert.equal(await cacheCount(base, 'miss'), missesBefore + 1);
    });

    void test('a route without query parameters ignores every one', async () => {
      const h = harness();
      const { base, org, league } = await leagueOf(h);
      const url = `${base}${PUBLIC}/orgs/${org.slug}/event-series/${league.slug}`;
      await patchLeague(h.database.db, org.slug, league.id, { name: 'Query-free League' });
      const first = await fetch(url);
      const body = await first.text();
      const missesBefore = await cacheCount(base, 'miss');
      const answer = await fetch(`${url}?_=${Math.random()}`);
      assert.equal(await answer.text(), body);
      assert.equal(await cacheCount(base, 'miss'), missesBefore);
    });
  },
  NO_LIMITS,
);
