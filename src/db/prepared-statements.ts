import { createHash } from 'node:crypto';
import type { PostgresPool, PostgresPoolClient } from 'kysely';
import type pg from 'pg';

/**
 * Statement texts the store runs often and never varies (the public reads): on PostgreSQL
 * each is prepared once per connection under a name and then only bound and executed, so
 * the server neither parses nor plans it again. The store registers a text when it runs it
 * (`prepareStatement`); only fixed texts may be registered, since each stays prepared on
 * every connection for the connection's life.
 */
const names = new Map<string, string>();

/** Marks `text` to be run as a named prepared statement; returns the text unchanged. */
export function prepareStatement(text: string): string {
  if (!names.has(text)) {
    names.set(text, `clubhouse_${createHash('sha256').update(text).digest('hex').slice(0, 24)}`);
  }
  return text;
}

/**
 * A pg pool as Kysely sees it, whose clients run registered texts as named statements
 * (pg's `name`: parsed and planned once per connection) and every other text as before.
 */
export function preparingPool(pool: pg.Pool): PostgresPool {
  const wrapped = new WeakMap<pg.PoolClient, PostgresPoolClient>();
  const wrap = (client: pg.PoolClient): PostgresPoolClient => {
    const existing = wrapped.get(client);
    if (existing !== undefined) return existing;
    const preparing = {
      query(text: unknown, values?: ReadonlyArray<unknown>) {
        if (typeof text !== 'string') return client.query(text as pg.Submittable);
        const name = names.get(text);
        return client.query(
          name === undefined
            ? { text, values: values as unknown[] }
            : { name, text, values: values as unknown[] },
        );
      },
      release: () => client.release(),
    } as unknown as PostgresPoolClient;
    wrapped.set(client, preparing);
    return preparing;
  };
  return {
    connect: async () => wrap(await pool.connect()),
    end: () => pool.end(),
  };
}
