import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { InjectOptions } from 'fastify';
import { buildApp, type App } from '../../src/app.js';
import { openPostgres, type DatabaseHandle } from '../../src/db/connection.js';
import { DatabaseUnavailableError, isConnectionFailure } from '../../src/db/errors.js';
import { migrateToLatest } from '../../src/db/migrate.js';
import { PLAIN_TEXT } from '../support/assertions.js';
import { ADMIN, ADMIN_TOKEN, NO_LIMITS, PUBLIC, testConfig } from '../support/harness.js';
import { PrivateCluster, privateClusterSkip } from '../support/postgres-cluster.js';
import { sleep } from '../support/processes.js';

/** Generous: the service is back within a few seconds of the database. */
const RECOVERY_LIMIT_MS = 60_000;

function withCode(message: string, code: string): Error {
  return Object.assign(new Error(message), { code });
}

void describe('connection failures are told apart from other database errors', () => {
  const unavailable: [string, unknown][] = [
    ['refused', withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED')],
    ['refused on every address', new AggregateError([withCode('', 'ECONNREFUSED')], '')],
    ['reset', withCode('read ECONNRESET', 'ECONNRESET')],
    ['unknown host', withCode('getaddrinfo ENOTFOUND db', 'ENOTFOUND')],
    ['lost mid-query', new Error('Connection terminated unexpectedly')],
    ['pool connect timeout', new Error('timeout exceeded when trying to connect')],
    ['connect timeout', new Error('Connection terminated due to connection timeout')],
    ['broken client', new Error('Client has encountered a connection error and is not queryable')],
    ['admin shutdown', withCode('terminating connection due to administrator command', '57P01')],
    ['crash shutdown', withCode('terminating connection due to crash', '57P02')],
    ['starting up', withCode('the database system is starting up', '57P03')],
    ['too many connections', withCode('sorry, too many clients already', '53300')],
    ['connection exception', withCode('connection failure', '08006')],
    ['wrapped', new Error('migration failed', { cause: withCode('', 'ECONNREFUSED') })],
  ];
  const other: [string, unknown][] = [
    ['unique violation', withCode('duplicate key value', '23505')],
    ['syntax error', withCode('syntax error at or near "x"', '42601')],
    ['statement timeout', withCode('canceling statement due to statement timeout', '57014')],
    ['plain error', new Error('something else')],
    ['not an error', 'ECONNREFUSED'],
  ];
  for (const [name, error] of unavailable) {
    void test(`${name}: unavailable`, () => assert.equal(isConnectionFailure(error), true));
  }
  for (const [name, error] of other) {
    void test(`${name}: not a connection failure`, () => {
      assert.equal(isConnectionFailure(error), false);
    });
  }
});

void describe('while PostgreSQL is stopped', { skip: privateClusterSkip }, () => {
  let cluster: PrivateCluster | undefined;
  let database: DatabaseHandle | undefined;
  let app: App | undefined;
  let leaguePath = '';

  before(async () => {
    cluster = await PrivateCluster.create();
    database = openPostgres({ url: cluster.url, schema: 'public' });
    await migrateToLatest(database.db, database.schema);
    app = await buildApp(
      { config: testConfig(NO_LIMITS), database, now: () => new Date('2026-06-16T18:00:00Z') },
      { logger: false },
    );
    const org = await admin('POST', '/orgs', {
      slug: 'away-club',
      name: 'Away Club',
      timezone: 'America/Chicago',
    });
    assert.equal(org.statusCode, 201, org.body);
    const league = await admin('POST', '/orgs/away-club/event-series', {
      slug: 'away-league',
      name: 'Away League',
      seasonLabel: '2026 Season',
      status: 'open',
      feeMembersCents: 1000,
      entrySize: 1,
    });
    assert.equal(league.statusCode, 201, league.body);
    leaguePath = `/orgs/away-club/event-series/${league.json<{ id: number }>().id}`;
  });

  after(async () => {
    await app?.close();
    await database?.close();
    await cluster?.drop();
  });

  function inject(options: InjectOptions) {
    if (app === undefined) throw new Error('the app did not start');
    return app.inject(options);
  }

  function admin(method: 'POST' | 'PATCH', path: string, payload: Record<string, unknown>) {
    return inject({
      method,
      url: `${ADMIN}${path}`,
      headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
      payload,
    });
  }

  /** Every route kind that needs the database: public reads, admin writes, readiness. */
  const routes = () => [
    () => inject({ url: `${PUBLIC}/orgs/away-club/event-series` }),
    () => inject({ url: `${PUBLIC}/orgs/away-club/event-series/away-league` }),
    () => admin('PATCH', leaguePath, { name: 'Renamed' }),
    () => admin('POST', '/orgs', { slug: 'new-club', name: 'New', timezone: 'America/Chicago' }),
    () => inject({ url: '/readyz' }),
  ];

  async function statuses(): Promise<number[]> {
    const answers = [];
    for (const route of routes()) answers.push((await route()).statusCode);
    return answers;
  }

  void test('every route that needs it answers 503 in plain text with Retry-After: 5, then recovers', async () => {
    assert.ok(cluster !== undefined && database !== undefined);
    // Read once, so that an answer is kept: it must not be served while the data is unknown.
    assert.equal((await routes()[1]?.())?.statusCode, 200);
    // An administrator's shutdown: every session is told 57P01 and dropped.
    await cluster.stop('fast');
    for (const route of routes()) {
      const response = await route();
      assert.equal(response.statusCode, 503, response.body);
      assert.equal(response.headers['content-type'], PLAIN_TEXT);
      assert.equal(response.headers['retry-after'], '5');
      assert.doesNotMatch(response.body, /ECONN|57P0|terminat|postgres|pg\b|at \//i);
    }
    const widget = await inject({ url: '/embed/leagues?org=away-club' });
    assert.equal(widget.statusCode, 503, 'a widget page is the busy notice, not bare text');
    assert.equal(widget.headers['content-type'], 'text/html; charset=utf-8');
    assert.equal(widget.headers['retry-after'], '5');
    assert.match(widget.body, /data-retry-after="5"/);
    assert.match(widget.body, /Busy right now/);
    assert.doesNotMatch(widget.body, /ECONN|57P0|terminat|postgres|pg\b|at \//i);
    const health = await inject({ url: '/healthz' });
    assert.equal(health.statusCode, 200, 'the process itself is alive');

    await cluster.start();
    const deadline = Date.now() + RECOVERY_LIMIT_MS;
    let answers = await statuses();
    while (answers.some((status) => status === 503) && Date.now() < deadline) {
      await sleep(200);
      answers = await statuses();
    }
    assert.deepEqual(answers, [200, 200, 200, 201, 200]);
  });

  void test('a query on a stopped database fails with DatabaseUnavailableError', async () => {
    assert.ok(cluster !== undefined && database !== undefined);
    const db = database.db;
    await cluster.stop('immediate');
    try {
      await assert.rejects(
        db.selectFrom('orgs').select('id').execute(),
        (error) => error instanceof DatabaseUnavailableError,
      );
      await assert.rejects(
        db.transaction().execute((trx) => trx.selectFrom('orgs').select('id').execute()),
        (error) => error instanceof DatabaseUnavailableError,
      );
    } finally {
      await cluster.start();
    }
  });
});
