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
import { classified } from './errors.js';

async function classifying<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw classified(error);
  }
}

class ClassifyingConnection implements DatabaseConnection {
  constructor(readonly inner: DatabaseConnection) {}

  executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    return classifying(() => this.inner.executeQuery<R>(query));
  }

  async *streamQuery<R>(query: CompiledQuery, chunkSize?: number) {
    try {
      yield* this.inner.streamQuery<R>(query, chunkSize);
    } catch (error) {
      throw classified(error);
    }
  }
}

function innerOf(connection: DatabaseConnection): DatabaseConnection {
  if (!(connection instanceof ClassifyingConnection)) throw new Error('unwrapped connection');
  return connection.inner;
}

class ClassifyingDriver implements Driver {
  constructor(private readonly inner: Driver) {}

  init(): Promise<void> {
    return classifying(() => this.inner.init());
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    return new ClassifyingConnection(await classifying(() => this.inner.acquireConnection()));
  }

  beginTransaction(connection: DatabaseConnection, settings: TransactionSettings) {
    return classifying(() => this.inner.beginTransaction(innerOf(connection), settings));
  }

  commitTransaction(connection: DatabaseConnection) {
    return classifying(() => this.inner.commitTransaction(innerOf(connection)));
  }

  rollbackTransaction(connection: DatabaseConnection) {
    return classifying(() => this.inner.rollbackTransaction(innerOf(connection)));
  }

  releaseConnection(connection: DatabaseConnection): Promise<void> {
    return this.inner.releaseConnection(innerOf(connection));
  }

  destroy(): Promise<void> {
    return this.inner.destroy();
  }
}

/**
 * Wraps a dialect so that every failure to reach the database, whatever the driver calls
 * it, surfaces as one error class (`DatabaseUnavailableError`), which the HTTP edge maps
 * to 503 in one place. Other failures pass through unchanged.
 */
export class ConnectionFailureDialect implements Dialect {
  constructor(private readonly inner: Dialect) {}

  createAdapter(): DialectAdapter {
    return this.inner.createAdapter();
  }

  createDriver(): Driver {
    return new ClassifyingDriver(this.inner.createDriver());
  }

  createQueryCompiler(): QueryCompiler {
    return this.inner.createQueryCompiler();
  }

  createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return this.inner.createIntrospector(db);
  }
}
