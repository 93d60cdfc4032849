import { mkdir } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { PostgresChangeFeed } from './change-feed.js';
import { ChangeTrackingDialect } from './change-tracking.js';
import { DataVersion } from './data-version.js';
import { PGliteDialect, type PoolUse } from './pglite-dialect.js';
import type { Database } from './schema.js';

export type DatabaseKind = 'pglite' | 'postgres';

/** An open database; `close` releases the pool or the embedded instance. */
export interface DatabaseHandle {
  db: Kysely<Database>;
  kind: DatabaseKind;
  /** Moves on every committed change, this process's or (PostgreSQL) another's. */
  version: DataVersion;
  close(): Promise<void>;
  poolUse(): PoolUse;
  /** The embedded database as an archive that `openPGlite({ loadDataDir })` starts from. */
  dumpDataDir?: () => Promise<Blob>;
}

const DATE_OID = 1082;
const INT8_OID = 20;
const NUMERIC_OID = 1700;

/** Dates stay `YYYY-MM-DD` strings (no local-time shift); counts and points become numbers. */
const parsers: Record<number, (value: string) => unknown> = {
  [DATE_OID]: (value) => value,
  [INT8_OID]: (value) => Number(value),
  [NUMERIC_OID]: (value) => Number(value),
};

const builtInParser = pg.types.getTypeParser as (
  oid: number,
  format: 'text' | 'binary',
) => (value: string) => unknown;

const postgresTypes = {
  getTypeParser: (oid: number, format: 'text' | 'binary' = 'text') =>
    parsers[oid] ?? builtInParser(oid, format),
};

export interface PostgresOptions {
  url: string;
  /** Schema to work in (tests use one schema per database). */
  schema?: string;
  maxConnections?: number;
}

/** Connects to PostgreSQL through a pool. */
export function openPostgres(options: PostgresOptions): DatabaseHandle {
  const pool = new pg.Pool({
    connectionString: options.url,
    max: options.maxConnections ?? 10,
    connectionTimeoutMillis: 5000,
    ...(options.schema === undefined ? {} : { options: `-c search_path=${options.schema}` }),
    types: postgresTypes,
  });
  // Unreliable until the change feed listens: changes by other processes would go unheard.
  const version = new DataVersion(false);
  const feed = new PostgresChangeFeed({ connectionString: options.url }, version);
  const db = new Kysely<Database>({
    dialect: new ChangeTrackingDialect(new PostgresDialect({ pool }), version, feed),
  });
  return {
    db,
    kind: 'postgres',
    version,
    close: async () => {
      await feed.close();
      await db.destroy();
    },
    poolUse: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
  };
}

export interface PGliteOptions {
  /** Folder of the database files; absent keeps the database in memory. */
  dataDir?: string;
  /** A `dumpDataDir` archive to start from (much faster than a fresh initdb). */
  loadDataDir?: Blob;
}

/** Opens the embedded database, creating its folder on first use. */
export async function openPGlite(options: PGliteOptions = {}): Promise<DatabaseHandle> {
  if (options.dataDir !== undefined) await mkdir(options.dataDir, { recursive: true });
  const pglite = await PGlite.create({
    ...(options.dataDir === undefined ? {} : { dataDir: options.dataDir }),
    ...(options.loadDataDir === undefined ? {} : { loadDataDir: options.loadDataDir }),
    parsers,
  });
  const dialect = new PGliteDialect(pglite);
  // Only this process opens the embedded database, so its own writes are all there are.
  const version = new DataVersion();
  const db = new Kysely<Database>({ dialect: new ChangeTrackingDialect(dialect, version) });
  return {
    db,
    kind: 'pglite',
    version,
    close: () => db.destroy(),
    poolUse: () => dialect.poolUse(),
    dumpDataDir: () => pglite.dumpDataDir('none'),
  };
}

/** Whether the database answers a trivial query. */
export async function isReachable(db: Kysely<Database>): Promise<boolean> {
  try {
    await sql`select 1`.execute(db);
    return true;
  } catch {
    return false;
  }
}
