import { createHash, randomBytes } from 'node:crypto';
import { readFile, readdir, rename, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { openPGlite, openPostgres, type DatabaseHandle } from '../../src/db/connection.js';
import { migrateToLatest } from '../../src/db/migrate.js';

/** A kind of database the suites run on; `open` gives a fresh, migrated database. */
export interface TestTarget {
  name: 'pglite' | 'postgres';
  /** Why the target's suites are skipped, when they are. */
  skip: string | false;
  open(): Promise<DatabaseHandle>;
}

const migrationsDir = new URL('../../src/db/migrations/', import.meta.url);
/** What `migrateToLatest` builds besides the migrations. */
const changeAnnouncements = new URL('../../src/db/change-announcements.ts', import.meta.url);

/** A migrated empty database, archived once per migration set and reused by every test process. */
async function pgliteTemplate(): Promise<Blob> {
  const files = (await readdir(migrationsDir)).sort();
  const hash = createHash('sha256');
  for (const file of files) hash.update(file).update(await readFile(new URL(file, migrationsDir)));
  hash.update(await readFile(changeAnnouncements));
  const path = join(tmpdir(), `clubhouse-pglite-${hash.digest('hex').slice(0, 16)}.tar`);
  try {
    return new Blob([await readFile(path)]);
  } catch {
    const database = await openPGlite();
    await migrateToLatest(database.db, database.schema);
    const dump = await database.dumpDataDir?.();
    await database.close();
    if (dump === undefined) throw new Error('the embedded database cannot be archived');
    const partial = `${path}.${process.pid}.partial`;
    await writeFile(partial, Buffer.from(await dump.arrayBuffer()));
    await rename(partial, path);
    return dump;
  }
}

let template: Promise<Blob> | undefined;

const pgliteTarget: TestTarget = {
  name: 'pglite',
  skip: false,
  async open() {
    template ??= pgliteTemplate();
    return openPGlite({ loadDataDir: await template });
  },
};

/**
 * Why a suite that needs the service named by environment `variable` is skipped, or false
 * when it runs. In CI it always runs: a missing service fails its tests instead.
 */
export function skipUnlessSet(variable: string, suite: string): string | false {
  const value = process.env[variable];
  if ((value !== undefined && value !== '') || process.env.CI === 'true') return false;
  return `${suite} suite skipped: ${variable} is not set`;
}

function postgresTarget(): TestTarget {
  const url = process.env.DATABASE_URL;
  if (url === undefined || url === '') {
    return {
      name: 'postgres',
      skip: skipUnlessSet('DATABASE_URL', 'PostgreSQL'),
      open: () => Promise.reject(new Error('CI=true but DATABASE_URL is not set')),
    };
  }
  return {
    name: 'postgres',
    skip: false,
    async open() {
      const [database] = await openPostgresInstances(url, 1);
      if (database === undefined) throw new Error('no database opened');
      return database;
    },
  };
}

/**
 * An advisory lock that test processes sharing one PostgreSQL database hold while they
 * migrate (shared) or drop (exclusive) a test schema: the migrator reads the tables of
 * every schema, and a schema dropped by another process in the middle of that read fails
 * it ("schema ... does not exist").
 */
const SCHEMA_DDL_LOCK = 0x636c7562; // "club"

/** Drops a test schema under the exclusive DDL lock, so that no migration is reading it. */
export async function dropTestSchema(url: string, schema: string): Promise<void> {
  const cleanup = new pg.Client({ connectionString: url });
  await cleanup.connect();
  try {
    await cleanup.query('select pg_advisory_lock($1)', [SCHEMA_DDL_LOCK]);
    await cleanup.query(`drop schema if exists ${schema} cascade`);
  } finally {
    // Ending the session releases its advisory lock.
    await cleanup.end();
  }
}

/**
 * Runs `work` holding the shared DDL lock, so that no test schema is dropped meanwhile: for
 * a test whose own child process migrates (a server or the CLI), which takes no lock itself.
 */
export async function withSchemasKept<T>(url: string, work: () => Promise<T>): Promise<T> {
  const holder = new pg.Client({ connectionString: url });
  await holder.connect();
  try {
    await holder.query('select pg_advisory_lock_shared($1)', [SCHEMA_DDL_LOCK]);
    return await work();
  } finally {
    await holder.end();
  }
}

/**
 * `count` handles on one fresh, migrated schema, as separate service instances would hold
 * (each its own pool and change feed); the schema is dropped when the last one closes.
 */
export async function openPostgresInstances(url: string, count: number): Promise<DatabaseHandle[]> {
  const schema = `test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  await admin.connect();
  const dropSchema = () => dropTestSchema(url, schema);
  const databases: DatabaseHandle[] = [];
  try {
    await admin.query(`create schema ${schema}`);
    await admin.query('select pg_advisory_lock_shared($1)', [SCHEMA_DDL_LOCK]);
    for (let index = 0; index < count; index += 1) {
      databases.push(openPostgres({ url, schema, maxConnections: 5 }));
    }
    const first = databases[0];
    if (first !== undefined) await migrateToLatest(first.db, schema);
  } catch (error) {
    for (const database of databases) await database.close();
    await admin.end();
    await dropSchema();
    throw error;
  }
  await admin.end();
  let open = count;
  return databases.map((database) => ({
    ...database,
    async close() {
      await database.close();
      open -= 1;
      if (open === 0) await dropSchema();
    },
  }));
}

export const TARGETS: TestTarget[] = [pgliteTarget, postgresTarget()];
