/*
 * Why not Kysely's own PGlite dialect (Kysely 0.29 and later): those releases require
 * Node 22 (`engines`), while this service supports Node 20.6 and up. And that dialect
 * serializes its one connection with a lock inside Kysely's runtime driver, where nothing
 * can see how many queries wait for it, so the pool metrics (`waiting`) would be lost. This
 * small dialect keeps both: one session handed out in request order, transactions as plain
 * BEGIN/COMMIT on it, and the counts of holders and waiters.
 */
import type { PGlite } from '@electric-sql/pglite';
import {
  CompiledQuery,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';

/** Connections of a database, for the pool metrics. */
export interface PoolUse {
  total: number;
  idle: number;
  waiting: number;
}

/**
 * PGlite runs one session: a transaction must own it from BEGIN to COMMIT, so connections
 * are handed out one at a time, in request order.
 */
class ExclusiveSession {
  private tail: Promise<void> = Promise.resolve();
  /** Holders and waiters of the session right now. */
  pending = 0;

  async acquire(): Promise<() => void> {
    let release!: () => void;
    const previous = this.tail;
    this.pending += 1;
    this.tail = new Promise<void>((resolve) => {
      release = () => {
        this.pending -= 1;
        resolve();
      };
    });
    await previous;
    return release;
  }
}

class PGliteConnection implements DatabaseConnection {
  constructor(private readonly pglite: PGlite) {}

  async executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    const result = await this.pglite.query<R>(compiledQuery.sql, [...compiledQuery.parameters]);
    return {
      rows: result.rows,
      ...(result.affectedRows === undefined
        ? {}
        : { numAffectedRows: BigInt(result.affectedRows) }),
    };
  }

  // eslint-disable-next-line require-yield -- PGlite has no cursors; Kysely requires the method
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    await Promise.resolve();
    throw new Error('streaming is not supported by the embedded database');
  }
}

class PGliteDriver implements Driver {
  private readonly releases = new WeakMap<DatabaseConnection, () => void>();

  constructor(
    private readonly pglite: PGlite,
    private readonly session: ExclusiveSession,
  ) {}

  async init(): Promise<void> {
    await this.pglite.waitReady;
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const release = await this.session.acquire();
    const connection = new PGliteConnection(this.pglite);
    this.releases.set(connection, release);
    return connection;
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings) {
    const isolation = settings.isolationLevel ? ` isolation level ${settings.isolationLevel}` : '';
    await connection.executeQuery(CompiledQuery.raw(`begin${isolation}`));
  }

  async commitTransaction(connection: DatabaseConnection) {
    await connection.executeQuery(CompiledQuery.raw('commit'));
  }

  async rollbackTransaction(connection: DatabaseConnection) {
    await connection.executeQuery(CompiledQuery.raw('rollback'));
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    this.releases.get(connection)?.();
    this.releases.delete(connection);
    await Promise.resolve();
  }

  async destroy(): Promise<void> {
    await this.pglite.close();
  }
}

/** Kysely dialect over an in-process PGlite instance; destroying the Kysely closes PGlite. */
export class PGliteDialect implements Dialect {
  private readonly session = new ExclusiveSession();

  constructor(private readonly pglite: PGlite) {}

  /** The single session as a pool of one: in use or idle, and how many wait for it. */
  poolUse(): PoolUse {
    return {
      total: 1,
      idle: this.session.pending === 0 ? 1 : 0,
      waiting: Math.max(this.session.pending - 1, 0),
    };
  }

  createAdapter() {
    return new PostgresAdapter();
  }

  createDriver(): Driver {
    return new PGliteDriver(this.pglite, this.session);
  }

  createQueryCompiler() {
    return new PostgresQueryCompiler();
  }

  createIntrospector(db: Kysely<unknown>) {
    return new PostgresIntrospector(db);
  }
}
