import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { PrivateCluster, privateClusterSkip } from '../support/postgres-cluster.js';
import {
  get,
  killAll,
  sleep,
  startServer,
  waitUntilHealthy,
  type ServerProcess,
} from '../support/processes.js';

/**
 * The real server on a PostgreSQL of this suite's own, which is stopped as a crash would
 * stop it (`-m immediate`) while requests keep coming, and started again: the process
 * lives through it, answers 503 while the database is away and 200 once it is back.
 */

const ADMIN_TOKEN = 'resilience-admin-token-0123456789';
const ADMIN = '/admin/v1';
const PUBLIC = '/api/public/v1';
/** Generous: the service itself is back within a few seconds of the database. */
const RECOVERY_LIMIT_MS = 60_000;

async function send(
  server: ServerProcess,
  method: string,
  path: string,
  body?: unknown,
): Promise<Response> {
  return fetch(`http://127.0.0.1:${server.port}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${ADMIN_TOKEN}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    signal: AbortSignal.timeout(15_000),
  });
}

/** Polls `check` until it holds; fails with `what` after `ms`. */
async function eventually(what: string, ms: number, check: () => boolean | Promise<boolean>) {
  const deadline = Date.now() + ms;
  while (
    !(await Promise.resolve()
      .then(check)
      .catch(() => false))
  ) {
    if (Date.now() > deadline) assert.fail(`${what}: not within ${ms} ms`);
    await sleep(100);
  }
}

async function cacheHits(server: ServerProcess): Promise<number> {
  const metrics = await (await get(server, '/metrics')).text();
  return metrics
    .split('\n')
    .filter((line) => line.startsWith('clubhouse_response_cache_total{result="hit"'))
    .reduce((sum, line) => sum + Number(line.split(' ').at(-1)), 0);
}

void describe('a PostgreSQL restart under load', { skip: privateClusterSkip }, () => {
  let cluster: PrivateCluster | undefined;
  let server: ServerProcess | undefined;
  const league = { path: '', publicPath: '' };

  before(async () => {
    cluster = await PrivateCluster.create();
    server = await startServer({
      DATABASE_URL: cluster.url,
      ADMIN_TOKEN,
      LOG_LEVEL: 'error',
      RATE_LIMIT_PER_MINUTE: '1000000000',
      ADMIN_RATE_LIMIT_PER_MINUTE: '0',
    });
    await waitUntilHealthy(server);
    const org = await send(server, 'POST', `${ADMIN}/orgs`, {
      slug: 'restart-club',
      name: 'Restart Club',
      timezone: 'America/Chicago',
    });
    assert.equal(org.status, 201, await org.text());
    const created = await send(server, 'POST', `${ADMIN}/orgs/restart-club/event-series`, {
      slug: 'restart-league',
      name: 'Restart League',
      seasonLabel: '2026 Season',
      status: 'open',
      feeMembersCents: 1000,
      entrySize: 1,
    });
    const body = await created.text();
    assert.equal(created.status, 201, body);
    const { id } = JSON.parse(body) as { id: number };
    league.path = `${ADMIN}/orgs/restart-club/event-series/${id}`;
    league.publicPath = `${PUBLIC}/orgs/restart-club/event-series/restart-league`;
  });

  after(async () => {
    await killAll();
    await cluster?.drop();
  });

  void test('the process lives through an immediate stop, answers 503 meanwhile and 200 after', async () => {
    assert.ok(server !== undefined && cluster !== undefined);
    const live = server;
    const statuses = new Map<number, number>();
    const failures: string[] = [];
    let loading = true;
    let round = 0;
    // Reads and writes in turn: each write drops the kept answers, so reads reach the database.
    const worker = async () => {
      while (loading) {
        round += 1;
        try {
          const response =
            round % 2 === 0
              ? await send(live, 'PATCH', league.path, { name: `Round ${round}` })
              : await get(live, league.publicPath);
          await response.arrayBuffer();
          statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
        } catch (error) {
          failures.push(error instanceof Error ? error.message : String(error));
        }
      }
    };
    const workers = [worker(), worker(), worker(), worker()];
    try {
      await eventually('requests succeed under load', 30_000, () => (statuses.get(200) ?? 0) >= 20);
      await cluster.stop('immediate');
      await eventually(
        'requests answer 503 while PostgreSQL is down',
        30_000,
        () => (statuses.get(503) ?? 0) >= 10,
      );
      const ready = await get(live, '/readyz');
      assert.equal(ready.status, 503);
      assert.equal(ready.headers.get('retry-after'), '5');
      await cluster.start();
      const okBefore = statuses.get(200) ?? 0;
      await eventually('reads and writes answer 200 again', RECOVERY_LIMIT_MS, async () => {
        const read = await get(live, league.publicPath);
        const ready = await get(live, '/readyz');
        return read.status === 200 && ready.status === 200 && (statuses.get(200) ?? 0) > okBefore;
      });
    } finally {
      loading = false;
      await Promise.all(workers);
    }
    assert.equal(live.hasExited(), false, `the process is still running:\n${live.stderr()}`);
    assert.deepEqual(failures, [], 'every request got an answer');
    assert.deepEqual(
      [...statuses.keys()].sort(),
      [200, 503],
      'answers were 200 or 503, never a 500',
    );
    assert.doesNotMatch(
      live.stderr(),
      /Error|uncaught|unhandled|already executing a query/i,
      'no crash, no error, no overlapping queries on one connection',
    );
    // The change feed listens again: a repeated read is answered from the cache.
    await eventually('kept answers are used again', RECOVERY_LIMIT_MS, async () => {
      const hits = await cacheHits(live);
      await get(live, league.publicPath);
      await get(live, league.publicPath);
      return (await cacheHits(live)) > hits;
    });
  });
});
