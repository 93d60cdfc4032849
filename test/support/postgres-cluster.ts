import { execFile, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { promisify } from 'node:util';
import pg from 'pg';
import { freePort } from './ports.js';
import { sleep } from './processes.js';

const run = promisify(execFile);
const CONFIG_ROOT = '/etc/postgresql';

function installedVersion(): string | undefined {
  try {
    return readdirSync(CONFIG_ROOT).sort().at(-1);
  } catch {
    return undefined;
  }
}

const found = spawnSync('pg_createcluster', ['--help'], { stdio: 'ignore' }).error === undefined;
const version = installedVersion();

/**
 * Why the suites that stop a PostgreSQL of their own are skipped, or false. In CI they
 * never skip: a missing tool fails them instead.
 */
export const privateClusterSkip: string | false =
  (found && version !== undefined) || process.env.CI === 'true'
    ? false
    : 'skipped: PostgreSQL server tools (pg_createcluster, /etc/postgresql) are not installed';

/**
 * A PostgreSQL cluster of a test's own, on a free port, that the test may stop and start
 * at will (the shared one must never be stopped). Trust authentication on 127.0.0.1 only.
 */
export class PrivateCluster {
  readonly name = `clubhouse_test_${randomBytes(4).toString('hex')}`;
  private created = false;

  private constructor(
    readonly port: number,
    private readonly version: string,
  ) {}

  /** Creates and starts a new cluster; resolves once it accepts connections. */
  static async create(): Promise<PrivateCluster> {
    if (version === undefined) throw new Error(`no PostgreSQL under ${CONFIG_ROOT}`);
    const cluster = new PrivateCluster(await freePort(), version);
    await run('pg_createcluster', [
      '--start-conf=manual',
      '-p',
      String(cluster.port),
      cluster.version,
      cluster.name,
      '--',
      '--auth=trust',
    ]);
    cluster.created = true;
    await cluster.start();
    return cluster;
  }

  get url(): string {
    return `postgres://postgres@127.0.0.1:${this.port}/postgres`;
  }

  private async control(...args: string[]): Promise<void> {
    await run('pg_ctlcluster', ['--skip-systemctl-redirect', this.version, this.name, ...args]);
  }

  /** Starts the cluster and waits until it answers a query (at most 30 s). */
  async start(): Promise<void> {
    await this.control('start');
    const deadline = Date.now() + 30_000;
    for (;;) {
      const client = new pg.Client({ connectionString: this.url, connectionTimeoutMillis: 2000 });
      client.on('error', () => undefined);
      try {
        await client.connect();
        await client.query('select 1');
        return;
      } catch (error) {
        if (Date.now() > deadline) throw error;
      } finally {
        await client.end().catch(() => undefined);
      }
      await sleep(100);
    }
  }

  /**
   * Stops the cluster: `immediate` as a crash would (connections simply drop), `fast` as an
   * administrator's shutdown (sessions are told 57P01 first).
   */
  async stop(mode: 'immediate' | 'fast'): Promise<void> {
    await this.control('stop', '-m', mode);
  }

  /** Stops and removes the cluster, its data and its configuration. */
  async drop(): Promise<void> {
    if (!this.created) return;
    await run('pg_dropcluster', ['--stop', this.version, this.name]);
    this.created = false;
  }
}
