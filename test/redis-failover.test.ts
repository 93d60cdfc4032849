import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { Redis } from 'ioredis';
import { connect } from 'node:net';
import { after, before, test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import type { App } from '../src/app.js';
import { buildApp } from '../src/app.js';
import type { DatabaseHandle } from '../src/db/connection.js';
import { TARGETS } from './support/databases.js';
import { describeUnlessSkipped, testConfig } from './support/harness.js';
import { freePort } from './support/ports.js';

/**
 * The rate limiter's Redis fallback, against a real redis-server this suite starts, kills,
 * freezes and restarts: shared counting while Redis is up, per-instance counting (and no
 * failed request, and no request sent to Redis once the fallback is on) while it is down,
 * shared counting again once it is back. Nothing here measures how long a request took: a
 * loaded machine makes every request slow. What a request sent to Redis is read back from
 * Redis itself, whose keys name the client that counted.
 */

const LIMIT = 3;
const WINDOW_MS = 60_000;
const URL_NOWHERE = '/api/public/v1/orgs/nowhere/event-series';
const FALLBACK_GAUGE = 'clubhouse_rate_limit_redis_fallback';
const FALLBACK_LOG = 'Redis unreachable: rate limits are counted per instance until it is back';
const RECOVERED_LOG = 'Redis is back: rate limits are shared again';
/** Generous bounds for conditions to come true on a loaded machine. */
const REDIS_START_LIMIT_MS = 30_000;
const RECOVERY_LIMIT_MS = 30_000;
const REDIS_BIN = 'redis-server';

const redisFound = spawnSync(REDIS_BIN, ['--version'], { stdio: 'ignore' }).error === undefined;
const redisSkip = redisFound
  ? false
  : process.env.CI === 'true'
    ? false
    : `Redis failover suite skipped: the ${REDIS_BIN} binary is not on PATH`;

/** True when a Redis on `port` answers PING with PONG. */
async function pong(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    let reply = '';
    const finish = (answer: boolean) => {
      socket.destroy();
      resolve(answer);
    };
    socket.setTimeout(500, () => finish(false));
    socket.on('connect', () => socket.write('PING\r\n'));
    socket.on('data', (chunk: Buffer) => {
      reply += chunk.toString('latin1');
      if (reply.includes('\r\n')) finish(reply.startsWith('+PONG'));
    });
    socket.on('error', () => finish(false));
  });
}

/** A redis-server child process on a port of its own, with its output kept for diagnostics. */
class RedisServer {
  private child: ChildProcess | undefined;
  private output = '';

  constructor(readonly port: number) {}

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  private running(): boolean {
    return (
      this.child !== undefined && this.child.exitCode === null && this.child.signalCode === null
    );
  }

  /** Starts the server and resolves once it answers PING. */
  async start(): Promise<void> {
    if (this.running()) throw new Error('redis-server is already running');
    this.output = '';
    const child = spawn(
      REDIS_BIN,
      ['--save', '', '--appendonly', 'no', '--bind', '127.0.0.1', '--port', String(this.port)],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    this.child = child;
    const keep = (chunk: Buffer) => {
      this.output = (this.output + chunk.toString('utf8')).slice(-4000);
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    let spawnError: Error | undefined;
    child.once('error', (error) => {
      spawnError = error;
    });
    const deadline = Date.now() + REDIS_START_LIMIT_MS;
    for (;;) {
      if (spawnError !== undefined) throw new Error(`${REDIS_BIN}: ${spawnError.message}`);
      if (!this.running()) {
        throw new Error(`${REDIS_BIN} exited before it answered:\n${this.output}`);
      }
      if (await pong(this.port)) return;
      if (Date.now() > deadline) {
        throw new Error(
          `${REDIS_BIN} did not answer PING within ${REDIS_START_LIMIT_MS} ms:\n${this.output}`,
        );
      }
      await sleep(50);
    }
  }

  /** Kills the server with SIGKILL (no clean shutdown) and resolves once it has exited. */
  async kill(): Promise<void> {
    const child = this.child;
    if (child === undefined || !this.running()) return;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill('SIGCONT');
    child.kill('SIGKILL');
    await exited;
  }

  /** Freezes (SIGSTOP) or thaws (SIGCONT) the server: connected, but not answering. */
  freeze(frozen: boolean): void {
    this.child?.kill(frozen ? 'SIGSTOP' : 'SIGCONT');
  }

  /** For a test process that ends abruptly: no redis-server is left behind. */
  killNow(): void {
    if (!this.running()) return;
    this.child?.kill('SIGCONT');
    this.child?.kill('SIGKILL');
  }
}

/** Log lines of one app, parsed from the JSON the logger writes. */
class LogCapture {
  readonly lines: { level: number; msg?: string }[] = [];

  readonly stream = {
    write: (line: string) => {
      for (const part of line.split('\n')) {
        if (part.trim() !== '')
          this.lines.push(JSON.parse(part) as { level: number; msg?: string });
      }
    },
  };

  count(level: number, msg: string): number {
    return this.lines.filter((line) => line.level === level && line.msg === msg).length;
  }
}

const WARN = 40;
const INFO = 30;

interface Instance {
  app: App;
  logs: LogCapture;
}

let clientSequence = 0;

/** A client IP no other request of this suite used, so each step counts from zero. */
function freshClient(): string {
  clientSequence += 1;
  return `198.18.${Math.floor(clientSequence / 256)}.${clientSequence % 256}`;
}

/**
 * Counting windows are fixed minutes. A step whose counts must fall in one window is run
 * again (with fresh clients) when a window boundary passed while it ran, however slowly.
 */
async function inOneWindow<T>(step: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    const window = Math.floor(Date.now() / WINDOW_MS);
    const result = await step();
    if (Math.floor(Date.now() / WINDOW_MS) === window) return result;
    assert.ok(attempt < 3, 'three attempts in a row straddled a counting window');
  }
}

/** One public request; asserts it is not a server error. */
async function request(instance: Instance, remoteAddress: string): Promise<number> {
  const response = await instance.app.inject({ method: 'GET', url: URL_NOWHERE, remoteAddress });
  assert.ok(response.statusCode < 500, `answered ${response.statusCode}: ${response.body}`);
  return response.statusCode;
}

/** The clients among `clients` that Redis holds a rate-limit counter for. */
async function countedInRedis(url: string, clients: string[]): Promise<string[]> {
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1 });
  try {
    await redis.connect();
    // Keys are `clubhouse:rl:<scope>:<client>:<window start>`.
    const keys = await redis.keys('clubhouse:rl:*');
    const counted = new Set(keys.map((key) => key.split(':').at(-2)));
    return clients.filter((client) => counted.has(client));
  } finally {
    redis.disconnect();
  }
}

async function fallbackGauge(instance: Instance): Promise<number> {
  const response = await instance.app.inject({ method: 'GET', url: '/metrics' });
  assert.equal(response.statusCode, 200);
  const match = new RegExp(`^${FALLBACK_GAUGE} (\\S+)$`, 'm').exec(response.body);
  assert.ok(match?.[1] !== undefined, `${FALLBACK_GAUGE} is not in /metrics`);
  return Number(match[1]);
}

describeUnlessSkipped('rate limits survive Redis going away and coming back', redisSkip, () => {
  const target = TARGETS[0];
  const instances: Instance[] = [];
  const databases: DatabaseHandle[] = [];
  let redis: RedisServer | undefined;
  const killOnExit = () => redis?.killNow();

  function pair(): [Instance, Instance] {
    const [first, second] = instances;
    if (first === undefined || second === undefined) throw new Error('the apps did not start');
    return [first, second];
  }

  function server(): RedisServer {
    if (redis === undefined) throw new Error('redis-server did not start');
    return redis;
  }

  /**
   * Requests from one fresh client alternating between the two apps, in one counting window:
   * asserts the apps share one limit (the request over it is refused wherever it lands), and
   * returns the client.
   */
  async function sharedLimit(): Promise<string> {
    const [first, second] = pair();
    const { client, statuses } = await inOneWindow(async () => {
      const remoteAddress = freshClient();
      const answered: number[] = [];
      for (let index = 0; index <= LIMIT; index += 1) {
        answered.push(await request(index % 2 === 0 ? first : second, remoteAddress));
      }
      return { client: remoteAddress, statuses: answered };
    });
    assert.deepEqual(statuses, [...Array<number>(LIMIT).fill(404), 429], 'one shared limit');
    return client;
  }

  /**
   * Sends a request to each app every 100 ms (recovery is noticed by requests) until both
   * report the gauge at 0 and have logged their recovery `times` times.
   */
  async function recovery(times: number): Promise<void> {
    const [first, second] = pair();
    const deadline = Date.now() + RECOVERY_LIMIT_MS;
    for (;;) {
      const client = freshClient();
      await request(first, client);
      await request(second, client);
      const gauges = [await fallbackGauge(first), await fallbackGauge(second)];
      const logged = [first, second].map((instance) => instance.logs.count(INFO, RECOVERED_LOG));
      if (gauges.every((gauge) => gauge === 0) && logged.every((count) => count === times)) return;
      assert.ok(
        Date.now() < deadline,
        `not recovered within ${RECOVERY_LIMIT_MS} ms: gauges ${gauges.join(', ')}, recovery logged ${logged.join(' and ')} times`,
      );
      await sleep(100);
    }
  }

  /** Clients whose requests were made while Redis was dead. */
  const clientsWhileDead: string[] = [];

  before(async () => {
    if (!redisFound) throw new Error(`CI=true but the ${REDIS_BIN} binary is not on PATH`);
    if (target === undefined) throw new Error('no embedded database target');
    redis = new RedisServer(await freePort());
    process.once('exit', killOnExit);
    await redis.start();
    for (let index = 0; index < 2; index += 1) {
      const database = await target.open();
      databases.push(database);
      const logs = new LogCapture();
      const app = await buildApp(
        {
          config: testConfig({ redisUrl: redis.url, rateLimitPerMinute: LIMIT, logLevel: 'info' }),
          database,
          now: () => new Date(),
        },
        { logStream: logs.stream },
      );
      instances.push({ app, logs });
    }
  });

  after(async () => {
    try {
      for (const instance of instances) await instance.app.close();
      for (const database of databases) await database.close();
    } finally {
      await redis?.kill();
      process.off('exit', killOnExit);
    }
  });

  void test('while Redis is up, alternating requests share one limit, counted in Redis', async () => {
    const [first, second] = pair();
    const client = await sharedLimit();
    assert.deepEqual(await countedInRedis(server().url, [client]), [client]);
    for (const instance of [first, second]) {
      assert.equal(await fallbackGauge(instance), 0);
      assert.equal(instance.logs.count(WARN, FALLBACK_LOG), 0);
    }
  });

  void test('with Redis killed, every request is answered and each app counts on its own', async () => {
    const [first, second] = pair();
    await server().kill();

    const perInstance = [...Array<number>(LIMIT).fill(404), 429];
    const counted = await inOneWindow(async () => {
      const remoteAddress = freshClient();
      clientsWhileDead.push(remoteAddress);
      const statuses = new Map<Instance, number[]>();
      for (const instance of [first, second]) {
        const answered: number[] = [];
        for (let index = 0; index <= LIMIT; index += 1) {
          answered.push(await request(instance, remoteAddress));
        }
        statuses.set(instance, answered);
      }
      return statuses;
    });
    assert.deepEqual(counted.get(first), perInstance, 'the first app counts on its own');
    assert.deepEqual(counted.get(second), perInstance, 'the second app counts on its own');

    // Many more requests over more than one reconnection attempt (every ≤1 s), each of
    // which meets the dead Redis: the warning is still logged once per app.
    const until = Date.now() + 1500;
    while (Date.now() < until) {
      const client = freshClient();
      clientsWhileDead.push(client);
      assert.equal(await request(first, client), 404);
      assert.equal(await request(second, client), 404);
      await sleep(50);
    }
    for (const [name, instance] of [
      ['first', first],
      ['second', second],
    ] as const) {
      assert.equal(await fallbackGauge(instance), 1, `the ${name} app reports the fallback`);
      assert.equal(
        instance.logs.count(WARN, FALLBACK_LOG),
        1,
        `the ${name} app warns once about the fallback`,
      );
      assert.equal(instance.logs.count(INFO, RECOVERED_LOG), 0);
    }
  });

  void test('with Redis back on the same port, the apps notice and share one limit again', async () => {
    const [first, second] = pair();
    await server().start();

    await recovery(1);

    const client = await sharedLimit();
    for (const instance of [first, second]) {
      assert.equal(await fallbackGauge(instance), 0);
      assert.equal(instance.logs.count(WARN, FALLBACK_LOG), 1, 'no new warning once back');
      assert.equal(instance.logs.count(INFO, RECOVERED_LOG), 1, 'recovery is logged once');
    }
    // Nothing made while Redis was dead was kept to be sent once it was back.
    assert.deepEqual(
      await countedInRedis(server().url, [...clientsWhileDead, client]),
      [client],
      'only the requests made since Redis is back are counted in it',
    );
  });

  void test('a Redis that stops answering is asked by one request per app, and by none after it', async () => {
    const [first, second] = pair();
    const asked: string[] = [];
    const notAsked: string[] = [];
    server().freeze(true);
    try {
      // The first request on each app sends its count to the frozen Redis; it is answered
      // once the command times out, and turns the fallback on.
      for (const instance of [first, second]) {
        const client = freshClient();
        asked.push(client);
        assert.equal(await request(instance, client), 404);
        assert.equal(await fallbackGauge(instance), 1, 'the fallback is reported');
      }
      // Every later request is counted by its app alone, without a word to Redis.
      for (let index = 0; index < 20; index += 1) {
        const client = freshClient();
        notAsked.push(client);
        for (const instance of [first, second]) {
          assert.equal(await request(instance, client), 404);
        }
      }
      for (const instance of [first, second]) {
        assert.equal(await fallbackGauge(instance), 1);
        assert.equal(instance.logs.count(WARN, FALLBACK_LOG), 2, 'one warning for this outage');
      }
    } finally {
      server().freeze(false);
    }

    await recovery(2);
    const client = await sharedLimit();
    // Redis runs each connection's commands in order, and the shared count above went
    // through both apps' connections: every command they sent while it was frozen has run.
    assert.deepEqual(
      await countedInRedis(server().url, [...asked, ...notAsked, client]),
      [...asked, client],
      'only the first request on each app asked the frozen Redis',
    );
  });
});
