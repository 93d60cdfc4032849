import type { Compilable, Kysely } from 'kysely';
import { asPrepared } from './prepared-statements.js';
import type { Database } from './schema.js';

/** A database or an open transaction: every store function runs on either. */
export type Executor = Kysely<Database>;

/**
 * Runs a query whose text never varies (fixed shape, values as parameters) as a prepared
 * statement: on PostgreSQL it is parsed and planned once per connection.
 */
export async function runPrepared<R>(db: Executor, query: Compilable<R>): Promise<R[]> {
  return (await db.executeQuery(asPrepared(query.compile()))).rows;
}
