import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { PGlite } from '@electric-sql/pglite';
import type { PostgresPool } from 'kysely';
import pg from 'pg';
import { PGliteConnection } from '../../src/db/pglite-connection.js';
import { preparedText, preparingPool } from '../../src/db/prepared-statements.js';
import { TARGETS, type TestTarget } from '../support/databases.js';
import { describeUnlessSkipped } from '../support/harness.js';

/** A pg pool on the target, with no schema of ours: the statements below read no table. */
async function openPool(target: TestTarget): Promise<{ pool: pg.Pool; close(): Promise<void> }> {
  if (target.name === 'postgres') {
    const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 2 });
    return { pool, close: () => pool.end() };
  }
  const pglite = await PGlite.create();
  const config: pg.PoolConfig & { connection: unknown } = {
    connection: new PGliteConnection(pglite),
    max: 1,
  };
  const pool = new pg.Pool(config);
  return {
    pool,
    async close() {
      await pool.end();
      await pglite.close();
    },
  };
}

const ROW = preparedText(
  `select $1::int as id, $2::text as name, null::text as note,
          timestamptz '2026-11-27 10:00:00+00' as at, date '2026-11-27' as day`,
);
const EXPECTED = (id: number, name: string) => ({
  id,
  name,
  note: null,
  at: new Date('2026-11-27T10:00:00Z'),
  day: new Date(2026, 10, 27),
});

/**
 * A marked statement's rows are described by the server on its first run on a connection
 * only; later runs parse their rows with the shape learnt then, and a failed run leaves the
 * connection usable.
 */
for (const target of TARGETS) {
  describeUnlessSkipped(`rows described once [${target.name}]`, target.skip, () => {
    let opened: Awaited<ReturnType<typeof openPool>>;
    let pool: PostgresPool;
    /** RowDescription messages each connection has received. */
    const descriptions = new Map<pg.Client, number>();
    before(async () => {
      opened = await openPool(target);
      opened.pool.on('connect', (client) => {
        const counted = client as pg.Client;
        descriptions.set(counted, 0);
        counted.connection.on('rowDescription', () => {
          descriptions.set(counted, (descriptions.get(counted) ?? 0) + 1);
        });
      });
      pool = preparingPool(opened.pool);
    });
    after(async () => {
      await opened.close();
    });

    void test('each run gets its own values, parsed alike, and only the first is described', async () => {
      descriptions.clear();
      const client = await pool.connect();
      try {
        for (const [id, name] of [
          [1, 'first'],
          [2, 'second'],
          [3, 'third'],
        ] as const) {
          const result = await client.query<unknown>(ROW, [id, name]);
          assert.deepEqual(result.rows, [EXPECTED(id, name)]);
          assert.equal(result.command, 'SELECT');
        }
        const plain = await client.query<unknown>('select 1 as one', []);
        assert.deepEqual(plain.rows, [{ one: 1 }]);
      } finally {
        client.release();
      }
      // The marked statement once, the plain one on its own run.
      assert.deepEqual([...descriptions.values()], [2]);
    });

    void test('a run that fails, before or in the database, leaves the connection usable', async () => {
      const client = await pool.connect();
      const divide = preparedText('select 10 / $1::int as quotient');
      try {
        assert.deepEqual((await client.query<unknown>(divide, [2])).rows, [{ quotient: 5 }]);
        await assert.rejects(client.query<unknown>(divide, [0]), /division by zero/);
        const unbindable = {
          toPostgres() {
            throw new Error('this value cannot be sent');
          },
        };
        await assert.rejects(client.query<unknown>(divide, [unbindable]), /cannot be sent/);
        assert.deepEqual((await client.query<unknown>(divide, [5])).rows, [{ quotient: 2 }]);
      } finally {
        client.release();
      }
    });

    void test('a statement that returns no rows runs again and again', async () => {
      const client = await pool.connect();
      const empty = preparedText('select $1::int as id where false');
      const nothing = preparedText('do $$ begin end $$');
      try {
        for (let run = 0; run < 3; run += 1) {
          assert.deepEqual((await client.query<unknown>(empty, [run])).rows, []);
          assert.deepEqual((await client.query<unknown>(nothing, [])).rows, []);
        }
      } finally {
        client.release();
      }
    });

    if (target.name === 'postgres') {
      void test('each connection learns the shape from its own first run', async () => {
        descriptions.clear();
        const clients = [await pool.connect(), await pool.connect()];
        try {
          for (let run = 0; run < 2; run += 1) {
            await Promise.all(
              clients.map(async (client, index) => {
                const result = await client.query<unknown>(ROW, [index, `client ${index}`]);
                assert.deepEqual(result.rows, [EXPECTED(index, `client ${index}`)]);
              }),
            );
          }
        } finally {
          for (const client of clients) client.release();
        }
        // The first connection ran it in an earlier test; the second, new one, describes it once.
        assert.deepEqual([...descriptions.values()], [1]);
      });
    }
  });
}
