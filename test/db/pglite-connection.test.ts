import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { PGliteConnection } from '../../src/db/pglite-connection.js';
import { preparedText, preparingPool } from '../../src/db/prepared-statements.js';

/**
 * pg's connection to the embedded database hands PGlite each statement's messages at once,
 * and PGlite's answers reach pg as a socket's would: rows, errors, and a session that goes on.
 */
let pglite: PGlite;
let pool: pg.Pool;
/** The times PGlite was handed messages. */
let handOvers = 0;

before(async () => {
  pglite = await PGlite.create();
  const execProtocolStream = pglite.execProtocolStream.bind(pglite);
  pglite.execProtocolStream = (...args) => {
    handOvers += 1;
    return execProtocolStream(...args);
  };
  const config: pg.PoolConfig & { connection: unknown } = {
    connection: new PGliteConnection(pglite),
    max: 1,
    idleTimeoutMillis: 0,
  };
  pool = new pg.Pool(config);
  await pool.query('create table cards (id int primary key, strokes int not null)');
});

after(async () => {
  await pool.end();
  await pglite.close();
});

/** Runs `work` with a client of the pool that prepares marked texts, and counts hand-overs. */
async function counted(work: (client: pg.PoolClient) => Promise<void>): Promise<number> {
  const client = (await preparingPool(pool).connect()) as unknown as pg.PoolClient;
  try {
    const before = handOvers;
    await work(client);
    return handOvers - before;
  } finally {
    client.release();
  }
}

void test('each statement is one hand-over: parsed, bound, described and run alike', async () => {
  const insert = preparedText('insert into cards (id, strokes) values ($1, $2) returning id');
  const read = preparedText('select id, strokes from cards where id = $1');
  const statements = await counted(async (client) => {
    for (const id of [1, 2, 3]) {
      assert.deepEqual((await client.query(insert, [id, id + 3])).rows, [{ id }]);
      assert.deepEqual((await client.query(read, [id])).rows, [{ id, strokes: id + 3 }]);
    }
    assert.deepEqual((await client.query('select count(*)::int as n from cards')).rows, [{ n: 3 }]);
  });
  // Six prepared runs (the first of each also parsed and described) and one plain query.
  assert.equal(statements, 7);
});

void test('an error inside a statement’s messages fails that statement only', async () => {
  const divide = preparedText('select 12 / $1::int as quotient');
  const statements = await counted(async (client) => {
    // The parse fails: PostgreSQL skips the bind and execute that came with it.
    await assert.rejects(client.query(preparedText('select from nowhere where'), []), /syntax/);
    await assert.rejects(client.query(divide, [0]), /division by zero/);
    assert.deepEqual((await client.query(divide, [4])).rows, [{ quotient: 3 }]);
  });
  assert.equal(statements, 3);
});

void test('a transaction that fails rolls back, and the session goes on', async () => {
  const insert = preparedText('insert into cards (id, strokes) values ($1, $2)');
  await counted(async (client) => {
    await client.query('begin');
    await client.query(insert, [10, 4]);
    await assert.rejects(client.query(insert, [10, 5]), /duplicate key/);
    await assert.rejects(client.query(insert, [11, 5]), /current transaction is aborted/);
    await client.query('rollback');
    const { rows } = await client.query('select id from cards where id >= 10');
    assert.deepEqual(rows, []);
    await client.query(insert, [10, 6]);
    assert.deepEqual((await client.query('select strokes from cards where id = 10')).rows, [
      { strokes: 6 },
    ]);
  });
});
