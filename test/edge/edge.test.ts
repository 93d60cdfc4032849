import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, test } from 'node:test';
import type { App } from '../../src/app.js';
import { buildApp } from '../../src/app.js';
import type { DatabaseHandle } from '../../src/db/connection.js';
import { TARGETS, skipUnlessSet } from '../support/databases.js';
import {
  PUBLIC,
  describeOnDatabases,
  describeUnlessSkipped,
  testConfig,
} from '../support/harness.js';

const LIMIT = 3;

describeOnDatabases(
  'public edge: CORS, rate-limit headers, ETag and caching',
  (harness) => {
    void test('a preflight is 204 with the CORS policy and is not counted', async () => {
      const h = harness();
      const org = await h.org();
      const url = `${PUBLIC}/orgs/${org.slug}/event-series`;
      const headers = { 'x-forwarded-for': '198.51.100.1', origin: 'https://club.example' };
      for (let index = 0; index < LIMIT + 2; index += 1) {
        const preflight = await h.inject({ method: 'OPTIONS', url, headers });
        assert.equal(preflight.statusCode, 204);
        assert.equal(preflight.headers['access-control-allow-origin'], '*');
        assert.equal(preflight.headers['access-control-allow-methods'], 'GET, POST, OPTIONS');
        assert.equal(
          preflight.headers['access-control-allow-headers'],
          'Content-Type, Last-Event-ID',
        );
        assert.equal(preflight.headers['access-control-max-age'], '86400');
        assert.equal(preflight.headers['access-control-allow-credentials'], undefined);
      }
      const real = await h.inject({ method: 'GET', url, remoteAddress: '198.51.100.2' });
      assert.equal(
        real.headers.ratelimit,
        `"ip";r=${LIMIT - 1};t=${/t=(\d+)/.exec(String(real.headers.ratelimit))?.[1]}`,
      );
    });

    void test('every public answer carries CORS and RateLimit headers, and the 4th request in a minute is 429', async () => {
      const h = harness();
      const org = await h.org();
      const remoteAddress = '198.51.100.3';
      const statuses: number[] = [];
      for (let index = 0; index <= LIMIT; index += 1) {
        const response = await h.inject({
          method: 'GET',
          url: `${PUBLIC}/orgs/${org.slug}/event-series/${index === 0 ? 'missing' : ''}`,
          remoteAddress,
        });
        statuses.push(response.statusCode);
        assert.equal(response.headers['access-control-allow-origin'], '*');
        assert.match(String(response.headers['access-control-expose-headers']), /RateLimit-Policy/);
        assert.equal(response.headers['ratelimit-policy'], `"ip";q=${LIMIT};w=60`);
        const left = Math.max(LIMIT - index - 1, 0);
        assert.match(String(response.headers.ratelimit), new RegExp(`^"ip";r=${left};t=\\d+$`));
        assert.equal(response.headers['x-ratelimit-limit'], undefined);
        assert.equal(response.headers['ratelimit-limit'], undefined);
        if (response.statusCode === 429) {
          assert.equal(response.headers['content-type'], 'text/plain; charset=utf-8');
          assert.ok(Number(response.headers['retry-after']) >= 1);
        }
      }
      assert.deepEqual(statuses, [404, 404, 404, 429]);
    });

    void test('a spoofed X-Forwarded-For from an untrusted peer does not change the client IP', async () => {
      const h = harness();
      const org = await h.org();
      const url = `${PUBLIC}/orgs/${org.slug}/event-series`;
      const statuses: number[] = [];
      for (let index = 0; index <= LIMIT; index += 1) {
        const response = await h.inject({
          method: 'GET',
          url,
          remoteAddress: '198.51.100.4',
          headers: { 'x-forwarded-for': `203.0.113.${index}` },
        });
        statuses.push(response.statusCode);
      }
      assert.deepEqual(statuses, [200, 200, 200, 429]);
    });

    void test('public GETs carry a strong ETag, short caching and answer If-None-Match with 304', async () => {
      const h = harness();
      const org = await h.org();
      const league = await h.league(org);
      const url = `${PUBLIC}/orgs/${org.slug}/event-series/${league.slug}`;
      const first = await h.inject({ method: 'GET', url, remoteAddress: '198.51.100.5' });
      const etag = String(first.headers.etag);
      assert.match(etag, /^"[A-Za-z0-9_-]+"$/);
      assert.equal(first.headers['cache-control'], 'public, max-age=5, must-revalidate');
      assert.equal(first.headers['x-content-type-options'], 'nosniff');
      const again = await h.inject({
        method: 'GET',
        url,
        remoteAddress: '198.51.100.6',
        headers: { 'if-none-match': etag },
      });
      assert.equal(again.statusCode, 304);
      assert.equal(again.body, '');
      assert.equal(again.headers.etag, etag);
      await h.admin('PATCH', `/admin/v1/orgs/${org.slug}/event-series/${league.id}`, {
        name: 'Renamed League',
      });
      const edited = await h.inject({
        method: 'GET',
        url,
        remoteAddress: '198.51.100.7',
        headers: { 'if-none-match': etag },
      });
      assert.equal(edited.statusCode, 200);
      assert.notEqual(edited.headers.etag, etag);
      assert.equal(edited.json<{ name: string }>().name, 'Renamed League');
    });
  },
  { rateLimitPerMinute: LIMIT },
);

const sharedRedis = TARGETS[0];
const redisUrl = process.env.REDIS_URL;
const redisSkip = skipUnlessSet('REDIS_URL', 'Redis');

describeUnlessSkipped('two instances sharing one Redis enforce one limit', redisSkip, () => {
  const apps: App[] = [];
  const databases: DatabaseHandle[] = [];
  before(async () => {
    if (redisUrl === undefined || sharedRedis === undefined)
      throw new Error('REDIS_URL is not set');
    for (let index = 0; index < 2; index += 1) {
      const database = await sharedRedis.open();
      databases.push(database);
      apps.push(
        await buildApp(
          {
            config: testConfig({ redisUrl, rateLimitPerMinute: LIMIT }),
            database,
            now: () => new Date(),
          },
          { logger: false },
        ),
      );
    }
  });
  after(async () => {
    for (const app of apps) await app.close();
    for (const database of databases) await database.close();
  });

  void test('requests alternate between instances and the fourth is refused', async () => {
    const remoteAddress = `10.${randomBytes(3).join('.')}`;
    const statuses: number[] = [];
    for (let index = 0; index <= LIMIT; index += 1) {
      const app = apps[index % 2];
      assert.ok(app);
      const response = await app.inject({
        method: 'GET',
        url: '/api/public/v1/orgs/nowhere/event-series',
        remoteAddress,
      });
      statuses.push(response.statusCode);
    }
    assert.deepEqual(statuses, [404, 404, 404, 429]);
  });
});
