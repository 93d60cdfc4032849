import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import {
  openPGlite,
  openPostgres,
  type DatabaseHandle,
  type DatabaseKind,
} from '../src/db/connection.js';
import { migrateToLatest } from '../src/db/migrate.js';

/** Where the bench database lives; plain data, so it can be handed to a server child. */
export type DatabaseSpec =
  { kind: 'pglite'; dataDir: string } | { kind: 'postgres'; url: string; schema: string };

/** Opens the database and brings its schema up to date. */
export async function openMigrated(spec: DatabaseSpec): Promise<DatabaseHandle> {
  const database =
    spec.kind === 'pglite'
      ? await openPGlite({ dataDir: spec.dataDir })
      : openPostgres({ url: spec.url, schema: spec.schema });
  try {
    await migrateToLatest(database.db, database.schema);
  } catch (error) {
    await database.close();
    throw error;
  }
  return database;
}

/** A fresh, empty place for the bench data, and how to get rid of it. */
export interface BenchDatabase {
  kind: DatabaseKind;
  spec: DatabaseSpec;
  /** Deletes the temp folder or drops the schema. */
  dispose(): Promise<void>;
}

async function onPostgres(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** A temp folder for PGlite, or a new schema when `databaseUrl` names a PostgreSQL server. */
export async function createBenchDatabase(databaseUrl: string | undefined): Promise<BenchDatabase> {
  if (databaseUrl === undefined) {
    const dataDir = await mkdtemp(join(tmpdir(), 'clubhouse-bench-'));
    return {
      kind: 'pglite',
      spec: { kind: 'pglite', dataDir },
      dispose: () => rm(dataDir, { recursive: true, force: true }),
    };
  }
  const schema = `bench_${randomBytes(6).toString('hex')}`;
  await onPostgres(databaseUrl, `create schema ${schema}`);
  return {
    kind: 'postgres',
    spec: { kind: 'postgres', url: databaseUrl, schema },
    dispose: () => onPostgres(databaseUrl, `drop schema if exists ${schema} cascade`),
  };
}
