import assert from 'node:assert/strict';
import { test } from 'node:test';
import { PUBLIC, describeOnDatabases, type Harness } from '../support/harness.js';

const LIMIT = 2;
const LIST_ROUTE = `${PUBLIC}/orgs/:orgSlug/event-series`;

/** The value of one sample of the exposition, or undefined when it is absent. */
function sample(body: string, name: string, labels: string): number | undefined {
  const prefix = labels === '' ? `${name} ` : `${name}{${labels}} `;
  const line = body.split('\n').find((candidate) => candidate.startsWith(prefix));
  return line === undefined ? undefined : Number(line.slice(prefix.length));
}

async function metrics(h: Harness): Promise<string> {
  const response = await h.inject({ url: '/metrics' });
  assert.equal(response.statusCode, 200);
  assert.match(String(response.headers['content-type']), /^text\/plain; version=0\.0\.4/);
  assert.equal(response.headers['cache-control'], 'no-store');
  return response.body;
}

describeOnDatabases(
  '/metrics',
  (harness) => {
    void test('counts requests by route and status, their latency and the 429s', async () => {
      const h = harness();
      const org = await h.org();
      const before = await metrics(h);
      const ok = `method="GET",route="${LIST_ROUTE}",status="200"`;
      const refused = `method="GET",route="${LIST_ROUTE}",status="429"`;
      const okBefore = sample(before, 'clubhouse_http_requests_total', ok) ?? 0;
      const refusedBefore = sample(before, 'clubhouse_http_requests_total', refused) ?? 0;
      const rejectionsBefore =
        sample(before, 'clubhouse_rate_limit_rejections_total', 'scope="public"') ?? 0;
      const latencyBefore =
        sample(
          before,
          'clubhouse_http_request_duration_seconds_count',
          `method="GET",route="${LIST_ROUTE}"`,
        ) ?? 0;

      const remoteAddress = '192.0.2.77';
      const statuses: number[] = [];
      for (let index = 0; index <= LIMIT; index += 1) {
        const response = await h.inject({
          url: `${PUBLIC}/orgs/${org.slug}/event-series`,
          remoteAddress,
        });
        statuses.push(response.statusCode);
      }
      assert.deepEqual(statuses, [200, 200, 429]);

      const after = await metrics(h);
      assert.equal(sample(after, 'clubhouse_http_requests_total', ok), okBefore + 2);
      assert.equal(sample(after, 'clubhouse_http_requests_total', refused), refusedBefore + 1);
      assert.equal(
        sample(after, 'clubhouse_rate_limit_rejections_total', 'scope="public"'),
        rejectionsBefore + 1,
      );
      assert.equal(
        sample(
          after,
          'clubhouse_http_request_duration_seconds_count',
          `method="GET",route="${LIST_ROUTE}"`,
        ),
        latencyBefore + 3,
      );
      assert.ok(
        sample(
          after,
          'clubhouse_http_request_duration_seconds_bucket',
          `le="+Inf",method="GET",route="${LIST_ROUTE}"`,
        ) !== undefined,
        'the latency histogram has buckets',
      );
    });

    void test('reports the Redis fallback gauge and the database pool', async () => {
      const h = harness();
      // A query just before, so that the pool holds a connection (idle ones close in time).
      await h.org();
      const body = await metrics(h);
      assert.equal(sample(body, 'clubhouse_rate_limit_redis_fallback', ''), 0);
      const total = sample(body, 'clubhouse_db_pool_connections', 'state="total"');
      const idle = sample(body, 'clubhouse_db_pool_connections', 'state="idle"');
      const waiting = sample(body, 'clubhouse_db_pool_connections', 'state="waiting"');
      assert.ok(total !== undefined && total >= 1, `total ${String(total)}`);
      assert.ok(idle !== undefined && idle >= 0 && idle <= total, `idle ${String(idle)}`);
      assert.equal(waiting, 0);
    });
  },
  { rateLimitPerMinute: LIMIT },
);
