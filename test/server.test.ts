import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import {
  EXIT_LIMIT_MS,
  STARTUP_LIMIT_MS,
  get,
  kill,
  killAll,
  startServer,
  waitUntilHealthy,
  within,
  type ServerProcess,
} from './support/processes.js';
import { eventually } from './support/eventually.js';

const DEMO_ORG = 'demo-golf-club';
const PUBLIC_STATUSES = ['active', 'completed', 'open'];

async function temporaryDir(): Promise<string> {
  return mkdtemp(join(tmpdir(), 'clubhouse-server-test-'));
}

interface ListedLeague {
  slug: string;
  status: string;
  memberCount: number;
}

after(killAll);

void describe('bad configuration', () => {
  const dirs: string[] = [];
  after(async () => {
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  });

  const cases: [string, Record<string, string>][] = [
    ['PORT', { PORT: 'abc' }],
    ['TRUST_PROXY', { TRUST_PROXY: '0.0.0.0/0' }],
    ['DATABASE_URL', { DATABASE_URL: 'mysql://x' }],
  ];
  for (const [variable, env] of cases) {
    void test(`${variable}=${Object.values(env).join('')} stops the process with one line naming ${variable}`, async () => {
      const parent = await temporaryDir();
      dirs.push(parent);
      const dataDir = join(parent, 'data');
      const server = await startServer({ DATA_DIR: dataDir, ...env });
      // The process must start (module loading included) before it can refuse: the start-up limit.
      const exit = await within(server.exited, STARTUP_LIMIT_MS, 'exit on bad configuration');

      assert.notEqual(exit.code, 0, 'non-zero exit');
      assert.notEqual(exit.code, null, 'exits by itself, not by a signal');
      const lines = server
        .stderr()
        .split('\n')
        .filter((line) => line.trim() !== '');
      assert.equal(lines.length, 1, `exactly one line on stderr, got:\n${server.stderr()}`);
      assert.match(lines[0] ?? '', new RegExp(`\\b${variable}\\b`));
      assert.doesNotMatch(server.stderr(), /\n\s+at /, 'no stack trace');
      assert.equal(
        existsSync(dataDir),
        false,
        'nothing is created before the configuration is valid',
      );
    });
  }
});

void describe('start on an empty embedded database with demo data', () => {
  let dataDir = '';
  let first: ServerProcess | undefined;
  let firstList: ListedLeague[] = [];

  before(async () => {
    dataDir = join(await temporaryDir(), 'data');
    first = await startServer({ DATA_DIR: dataDir, LOG_LEVEL: 'debug' });
    await waitUntilHealthy(first);
  });

  after(async () => {
    if (first !== undefined) await kill(first);
    await rm(join(dataDir, '..'), { recursive: true, force: true });
  });

  const server = (): ServerProcess => {
    if (first === undefined) throw new Error('the server did not start');
    return first;
  };

  void test('/healthz answers on the configured port', async () => {
    const response = await get(server(), '/healthz');
    assert.equal(response.status, 200);
  });

  void test('/readyz answers 200: the embedded database is up and migrated', async () => {
    const response = await get(server(), '/readyz');
    assert.equal(response.status, 200);
  });

  void test('the demo organization lists its open, active and completed leagues only', async () => {
    const response = await get(server(), `/api/public/v1/orgs/${DEMO_ORG}/event-series`);
    assert.equal(response.status, 200);
    const leagues = (await response.json()) as ListedLeague[];
    firstList = leagues;
    const statuses = new Set(leagues.map((league) => league.status));
    for (const status of PUBLIC_STATUSES) assert.ok(statuses.has(status), `a ${status} league`);
    assert.deepEqual([...statuses].sort(), PUBLIC_STATUSES, 'no draft or private league');
    const slugs = leagues.map((league) => league.slug);
    assert.ok(!slugs.includes('winter-simulator-league'), 'the draft demo league is hidden');
    assert.ok(!slugs.includes('board-invitational'), 'the private demo league is hidden');
    assert.ok(
      leagues.some((league) => league.memberCount > 0),
      'the demo leagues have golfers on their rosters',
    );
  });

  void test('hidden demo leagues are 404 by slug', async () => {
    for (const slug of ['winter-simulator-league', 'board-invitational']) {
      const response = await get(server(), `/api/public/v1/orgs/${DEMO_ORG}/event-series/${slug}`);
      assert.equal(response.status, 404, slug);
    }
  });

  void test('the request log never records an invite token', async () => {
    const token = 'sEcReTiNvItEtOkEn_0123456789abcdef';
    const response = await get(server(), `/api/public/v1/event-series-invites/${token}`);
    assert.equal(response.status, 404);
    // Let the log line reach the pipe.
    await eventually('the request is logged', () => server().stdout().includes('[redacted]'), {
      everyMs: 100,
    });
    assert.ok(server().stdout().includes('[redacted]'), 'the request is logged, redacted');
    assert.ok(!server().stdout().includes(token), 'the token is not in stdout');
    assert.ok(!server().stderr().includes(token), 'the token is not in stderr');
  });

  void test('SIGTERM stops the process with exit code 0', async () => {
    const live = server();
    assert.equal((await get(live, '/healthz')).status, 200);
    live.child.kill('SIGTERM');
    const exit = await within(live.exited, EXIT_LIMIT_MS, 'exit after SIGTERM');
    assert.deepEqual(exit, { code: 0, signal: null });
  });

  void test('a second start on the same DATA_DIR does not seed twice', async () => {
    assert.ok(firstList.length > 0, 'the first start listed the demo leagues');
    const second = await startServer({ DATA_DIR: dataDir });
    try {
      await waitUntilHealthy(second);
      const response = await get(second, `/api/public/v1/orgs/${DEMO_ORG}/event-series`);
      assert.equal(response.status, 200);
      assert.deepEqual(await response.json(), firstList);
    } finally {
      second.child.kill('SIGINT');
      const exit = await within(second.exited, EXIT_LIMIT_MS, 'exit after SIGINT').finally(() =>
        kill(second),
      );
      assert.deepEqual(exit, { code: 0, signal: null }, 'SIGINT also stops the process cleanly');
    }
  });
});

void describe('start with DEMO_DATA=off', () => {
  let dataDir = '';
  let server: ServerProcess | undefined;

  before(async () => {
    dataDir = join(await temporaryDir(), 'data');
    server = await startServer({ DATA_DIR: dataDir, DEMO_DATA: 'off' });
    await waitUntilHealthy(server);
  });

  after(async () => {
    if (server !== undefined) await kill(server);
    await rm(join(dataDir, '..'), { recursive: true, force: true });
  });

  void test('the demo organization does not exist', async () => {
    if (server === undefined) throw new Error('the server did not start');
    const response = await get(server, `/api/public/v1/orgs/${DEMO_ORG}/event-series`);
    assert.equal(response.status, 404);
    assert.equal(response.headers.get('content-type'), 'text/plain; charset=utf-8');
  });

  void test('SIGTERM stops it with exit code 0', async () => {
    if (server === undefined) throw new Error('the server did not start');
    server.child.kill('SIGTERM');
    const exit = await within(server.exited, EXIT_LIMIT_MS, 'exit after SIGTERM');
    assert.deepEqual(exit, { code: 0, signal: null });
  });
});

void describe('the command-line tool', () => {
  let parent = '';
  let dataDir = '';

  before(async () => {
    parent = await temporaryDir();
    dataDir = join(parent, 'data');
  });

  after(async () => {
    await rm(parent, { recursive: true, force: true });
  });

  async function cli(args: string[], env: Record<string, string> = {}) {
    const run = await startServer({ DATA_DIR: dataDir, ...env }, 'src/cli/main.ts', args);
    const exit = await within(run.exited, STARTUP_LIMIT_MS, `clubhouse-cli ${args.join(' ')}`);
    const lines = (text: string) => text.split('\n').filter((line) => line.trim() !== '');
    return { exit, stdout: lines(run.stdout()), stderr: lines(run.stderr()) };
  }

  void test('without a known command it prints the usage on one line and fails', async () => {
    for (const args of [[], ['frobnicate']]) {
      const result = await cli(args);
      assert.notEqual(result.exit.code, 0);
      assert.equal(result.stderr.length, 1, result.stderr.join('\n'));
      assert.match(result.stderr[0] ?? '', /usage/i);
      assert.match(result.stderr[0] ?? '', /migrate/);
    }
    assert.equal(existsSync(dataDir), false, 'no database is opened for a bad command');
  });

  void test('bad configuration fails with one line naming the variable', async () => {
    const result = await cli(['migrate'], { LOG_LEVEL: 'loud' });
    assert.notEqual(result.exit.code, 0);
    assert.equal(result.stderr.length, 1, result.stderr.join('\n'));
    assert.match(result.stderr[0] ?? '', /LOG_LEVEL/);
  });

  void test('migrate applies the migrations once, then reports the schema up to date', async () => {
    const firstRun = await cli(['migrate']);
    assert.equal(firstRun.exit.code, 0, firstRun.stderr.join('\n'));
    assert.equal(firstRun.stdout.length, 1);
    assert.match(firstRun.stdout[0] ?? '', /applied/);

    const again = await cli(['migrate']);
    assert.equal(again.exit.code, 0, again.stderr.join('\n'));
    assert.match(again.stdout[0] ?? '', /up to date/);
  });

  void test('seed-demo creates the demo organization once, and only once', async () => {
    const firstRun = await cli(['seed-demo']);
    assert.equal(firstRun.exit.code, 0, firstRun.stderr.join('\n'));
    assert.match(firstRun.stdout[0] ?? '', /created/);

    const again = await cli(['seed-demo']);
    assert.equal(again.exit.code, 0, again.stderr.join('\n'));
    assert.match(again.stdout[0] ?? '', /already exists/);
    assert.doesNotMatch(again.stdout[0] ?? '', /created/);
  });

  void test('the server starts on the seeded database and serves the demo leagues once', async () => {
    const server = await startServer({ DATA_DIR: dataDir });
    try {
      await waitUntilHealthy(server);
      const response = await get(server, `/api/public/v1/orgs/${DEMO_ORG}/event-series`);
      assert.equal(response.status, 200);
      const slugs = ((await response.json()) as ListedLeague[]).map((league) => league.slug);
      assert.equal(new Set(slugs).size, slugs.length, 'no league is listed twice');
      assert.ok(slugs.includes('tuesday-night-league'));
    } finally {
      server.child.kill('SIGTERM');
      await within(server.exited, EXIT_LIMIT_MS, 'exit after SIGTERM').finally(() => kill(server));
    }
  });
});
