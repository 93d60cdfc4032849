import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { sql } from 'kysely';
import type { DatabaseHandle } from '../../src/db/connection.js';
import { runPrepared } from '../../src/db/executor.js';
import { TARGETS } from '../support/databases.js';
import { describeUnlessSkipped } from '../support/harness.js';

/**
 * On PostgreSQL a statement run through `runPrepared` is prepared once per connection under
 * a name of its own, and only such statements are: the text carries the mark, no registry
 * kept by the process does.
 */
const postgres = TARGETS.find((target) => target.name === 'postgres');
if (postgres === undefined) throw new Error('no PostgreSQL target');

describeUnlessSkipped('named prepared statements [postgres]', postgres.skip, () => {
  let database: DatabaseHandle;
  before(async () => {
    database = await postgres.open();
  });
  after(async () => {
    await database.close();
  });

  void test('runPrepared prepares its text once per connection; other statements are not', async () => {
    await database.db.connection().execute(async (connection) => {
      const prepared = async () =>
        (
          await sql<{ name: string }>`select name from pg_prepared_statements`.execute(connection)
        ).rows.map(({ name }) => name);
      const before = await prepared();
      await connection.selectFrom('orgs').select('id').where('slug', '=', 'nobody').execute();
      assert.deepEqual(await prepared(), before, 'a plain query is not prepared');
      const read = connection.selectFrom('orgs').select('slug').where('id', '=', 1);
      await runPrepared(connection, read);
      const after = await prepared();
      const added = after.filter((name) => !before.includes(name));
      assert.equal(added.length, 1, `prepared: ${after.join(', ')}`);
      assert.match(added[0] ?? '', /^clubhouse_[0-9a-f]{24}$/);
      await runPrepared(connection, read);
      assert.deepEqual(await prepared(), after, 'the second run reuses the prepared statement');
    });
  });
});
