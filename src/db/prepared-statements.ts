import { createHash } from 'node:crypto';
import type { PostgresPool, PostgresPoolClient } from 'kysely';
import type pg from 'pg';
import { queryDescribedOnce } from './described-once-query.js';

/**
 * Statement texts the store runs often and never varies (the public reads, a score write's
 * statements): each is prepared once per connection under a name (on PGlite, once for its
 * one session) and then only bound and executed, so the database neither parses nor plans
 * it again. The text itself says so, by this opening comment (plain SQL to the server's
 * log), so nothing is registered on the side. Only fixed texts may carry it, since each
 * stays prepared on every connection for the connection's life.
 */
const PREPARED = '/* prepared */ ';

/**
 * The statement's text, marked to be run as a named prepared statement. A shape marks its
 * text once and keeps it, so that each call hands the pool the same string, whose hash the
 * engine keeps for the name lookup, instead of joining a new one.
 */
export function preparedText(text: string): string {
  return PREPARED + text;
}

/**
 * A pg pool as Kysely sees it, whose clients run marked texts as named statements
 * (pg's `name`: parsed and planned once per connection, their rows described once, see
 * `queryDescribedOnce`) and every other text as before.
 */
export function preparingPool(pool: pg.Pool): PostgresPool {
  const wrapped = new WeakMap<pg.PoolClient, PostgresPoolClient>();
  /** The statement name of each marked text run so far: its hash, worked out once. */
  const names = new Map<string, string>();
  const nameOf = (text: string): string | undefined => {
    if (!text.startsWith(PREPARED)) return undefined;
    let name = names.get(text);
    if (name === undefined) {
      name = `clubhouse_${createHash('sha256').update(text).digest('hex').slice(0, 24)}`;
      names.set(text, name);
    }
    return name;
  };
  const wrap = (client: pg.PoolClient): PostgresPoolClient => {
    const existing = wrapped.get(client);
    if (existing !== undefined) return existing;
    const preparing = {
      query(text: unknown, values?: ReadonlyArray<unknown>) {
        if (typeof text !== 'string') return client.query(text as pg.Submittable);
        const name = nameOf(text);
        return name === undefined
          ? // The text and values apart: pg copies a config object slowly (see `queryDescribedOnce`).
            client.query(text, values as unknown[])
          : queryDescribedOnce(client, name, text, values);
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
