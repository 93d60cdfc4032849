import { mkdir } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { CHANGE_CHANNEL, announcementIn } from './change-announcements.js';
import { PostgresChangeFeed } from './change-feed.js';
import { ConnectionFailureDialect } from './connection-failure-dialect.js';
import { DataVersion } from './data-version.js';
import { PGliteConnection } from './pglite-connection.js';
import { preparingPool } from './prepared-statements.js';
import type { Database } from './schema.js';

export type DatabaseKind = 'pglite' | 'postgres';

/** Connections of a database, for the pool metrics. */
export interface PoolUse {
  total: number;
  idle: number;
  waiting: number;
}

/** The embedded database keeps everything in PostgreSQL's default schema. */
const PGLITE_SCHEMA = 'public';

/** An open database; `close` releases the pool or the embedded instance. */
export interface DatabaseHandle {
  db: Kysely<Database>;
  kind: DatabaseKind;
  /** The schema that holds every table and the migration bookkeeping. */
  schema: string;
  /**
   * Moves on every committed change, this process's (before the write resolves) or, with
   * PostgreSQL, another's (once its announcement is heard).
   */
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

/** pg's pool awaits `onConnect` before it hands a new connection out (its types say void). */
interface PoolConfig extends Omit<pg.PoolConfig, 'onConnect'> {
  onConnect(client: pg.ClientBase): Promise<void>;
}

export interface PostgresOptions {
  url: string;
  /** The schema that holds every table and the migration bookkeeping. */
  schema: string;
  maxConnections?: number;
}

/**
 * Connects to PostgreSQL through a pool, and hears of changes through the change feed. No
 * failure of the database ends the process: a lost idle connection is dropped by the pool,
 * and a query on a lost one fails with DatabaseUnavailableError.
 */
export function openPostgres(options: PostgresOptions): DatabaseHandle {
  const { schema } = options;
  // Unreliable until the change feed listens: changes by other processes would go unheard.
  const version = new DataVersion(false);
  const feed = new PostgresChangeFeed({ connectionString: options.url }, schema, version);
  const poolConfig: PoolConfig = {
    connectionString: options.url,
    max: options.maxConnections ?? 10,
    connectionTimeoutMillis: 5000,
    options: `-c search_path=${schema}`,
    types: postgresTypes,
    onConnect: async (client) => {
      // A connection that breaks while checked out but between queries: its next query
      // fails, and the pool drops it when it comes back.
      client.on('error', () => undefined);
      await feed.watch(client);
    },
  };
  const pool = new pg.Pool(poolConfig);
  // An idle connection the server ended (a restart, an idle timeout): the pool has already
  // dropped it and opens another when one is needed.
  pool.on('error', () => undefined);
  const db = new Kysely<Database>({
    dialect: new ConnectionFailureDialect(new PostgresDialect({ pool: preparingPool(pool) })),
  });
  return {
    db,
    kind: 'postgres',
    schema,
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

/**
 * The embedded database's page cache, inside its WebAssembly heap. PGlite's default, 128 MB,
 * is resident once a day of reads has touched the data and is never given back; 32 MB
 * holds the public reads' working set (the pages further out come from the operating
 * system's file cache), and RSS falls by about 100 MiB. See docs/benchmarks.md.
 */
const PGLITE_SHARED_BUFFERS = '32MB';

/** Opens the embedded database, creating its folder on first use. */
export async function openPGlite(options: PGliteOptions = {}): Promise<DatabaseHandle> {
  if (options.dataDir !== undefined) await mkdir(options.dataDir, { recursive: true });
  const pglite = await PGlite.create({
    startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`],
    ...(options.dataDir === undefined ? {} : { dataDir: options.dataDir }),
    ...(options.loadDataDir === undefined ? {} : { loadDataDir: options.loadDataDir }),
  });
  // Only this process opens the embedded database, so its own changes are all there are;
  // PGlite hands their notifications over before the committing statement returns.
  const version = new DataVersion();
  await pglite.listen(CHANGE_CHANNEL, (payload) => {
    const touched = announcementIn(PGLITE_SCHEMA, payload);
    if (touched !== undefined) version.bump(touched);
  });
  // One driver for both databases: PGlite's adapter for pg speaks the wire protocol to the
  // embedded session, so marked texts run as named prepared statements here too, parsed and
  // planned once. Its one session is a pool of one: a transaction holds it from BEGIN to
  // COMMIT, and the pool queues the others in request order (and counts them). Kept open while
  // idle, since every client of the pool shares the one session.
  const session: pg.PoolConfig & { connection: unknown } = {
    // pg's client takes a connection object in place of a socket; its types do not say so.
    connection: new PGliteConnection(pglite),
    max: 1,
    idleTimeoutMillis: 0,
    types: postgresTypes,
  };
  const pool = new pg.Pool(session);
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: preparingPool(pool) }) });
  return {
    db,
    kind: 'pglite',
    schema: PGLITE_SCHEMA,
    version,
    close: async () => {
      await db.destroy();
      await pglite.close();
    },
    poolUse: () => ({ total: 1, idle: pool.idleCount, waiting: pool.waitingCount }),
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
