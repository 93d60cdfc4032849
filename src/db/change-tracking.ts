import type {
  CompiledQuery,
  DatabaseConnection,
  DatabaseIntrospector,
  Dialect,
  DialectAdapter,
  Driver,
  Kysely,
  QueryCompiler,
  QueryResult,
  TransactionSettings,
} from 'kysely';
import type { DataVersion } from './data-version.js';

/** Tells other processes that this one committed a change. */
export interface ChangePublisher {
  /**
   * Runs on the writing connection (inside a transaction it takes effect on commit) and
   * returns the announcement's ticket.
   */
  announce(connection: DatabaseConnection): Promise<string>;
  /** Resolves once the announcement is known to have gone out to every listener. */
  delivered(ticket: string): Promise<void>;
}

/** Anything but a plain read counts as a write: a spurious one only costs kept answers. */
function isWrite(query: CompiledQuery): boolean {
  const node = query.query;
  if (node.kind === 'SelectQueryNode') {
    // A data-modifying CTE (`with x as (update …) select …`) writes.
    return (node.with?.expressions ?? []).some((cte) => cte.expression.kind !== 'SelectQueryNode');
  }
  return !(node.kind === 'RawNode' && /^\s*select\b[^;]*$/i.test(query.sql));
}

class TrackedConnection implements DatabaseConnection {
  inTransaction = false;
  wrote = false;

  constructor(
    readonly inner: DatabaseConnection,
    private readonly onAutocommitWrite: (connection: DatabaseConnection) => Promise<void>,
  ) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const result = await this.inner.executeQuery<R>(query);
    if (isWrite(query)) {
      if (this.inTransaction) this.wrote = true;
      else await this.onAutocommitWrite(this.inner);
    }
    return result;
  }

  streamQuery<R>(query: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    return this.inner.streamQuery<R>(query, chunkSize);
  }
}

function trackedOf(connection: DatabaseConnection): TrackedConnection {
  if (!(connection instanceof TrackedConnection)) throw new Error('untracked connection');
  return connection;
}

function innerOf(connection: DatabaseConnection): DatabaseConnection {
  return trackedOf(connection).inner;
}

class TrackingDriver implements Driver {
  constructor(
    private readonly inner: Driver,
    private readonly version: DataVersion,
    private readonly publisher: ChangePublisher | undefined,
  ) {}

  private async announce(connection: DatabaseConnection): Promise<string | undefined> {
    return this.publisher === undefined ? undefined : this.publisher.announce(connection);
  }

  private async committed(ticket: string | undefined): Promise<void> {
    this.version.bump();
    if (ticket !== undefined) await this.publisher?.delivered(ticket);
  }

  /**
   * After a write that committed on its own: this process knows at once; the others are
   * told. The write stands whatever happens to the announcement, so a failure to announce
   * is not the write's failure: other instances then keep their answers for one second
   * at most, the life of a kept answer.
   */
  private async autocommitted(connection: DatabaseConnection): Promise<void> {
    this.version.bump();
    try {
      const ticket = await this.announce(connection);
      if (ticket !== undefined) await this.publisher?.delivered(ticket);
    } catch {
      return;
    }
  }

  async init(): Promise<void> {
    await this.inner.init();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const inner = await this.inner.acquireConnection();
    return new TrackedConnection(inner, (connection) => this.autocommitted(connection));
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings) {
    await this.inner.beginTransaction(innerOf(connection), settings);
    const tracked = trackedOf(connection);
    tracked.inTransaction = true;
    tracked.wrote = false;
  }

  async commitTransaction(connection: DatabaseConnection) {
    const tracked = trackedOf(connection);
    const inner = innerOf(connection);
    tracked.inTransaction = false;
    if (!tracked.wrote) return this.inner.commitTransaction(inner);
    // Announced inside the transaction, so that listeners hear of it exactly on commit.
    const ticket = await this.announce(inner);
    await this.inner.commitTransaction(inner);
    await this.committed(ticket);
  }

  async rollbackTransaction(connection: DatabaseConnection) {
    await this.inner.rollbackTransaction(innerOf(connection));
    trackedOf(connection).inTransaction = false;
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    await this.inner.releaseConnection(innerOf(connection));
  }

  async destroy(): Promise<void> {
    await this.inner.destroy();
  }
}

/**
 * Wraps a dialect so that every committed write moves `version` (and is announced through
 * `publisher` to other processes), whichever code made it: services, CLI or migrations.
 */
export class ChangeTrackingDialect implements Dialect {
  constructor(
    private readonly inner: Dialect,
    private readonly version: DataVersion,
    private readonly publisher?: ChangePublisher,
  ) {}

  createAdapter(): DialectAdapter {
    return this.inner.createAdapter();
  }

  createDriver(): Driver {
    return new TrackingDriver(this.inner.createDriver(), this.version, this.publisher);
  }

  createQueryCompiler(): QueryCompiler {
    return this.inner.createQueryCompiler();
  }

  createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return this.inner.createIntrospector(db);
  }
}
