import assert from 'node:assert/strict';
import { test } from 'node:test';
import { sql } from 'kysely';
import { migrateToLatest } from '../../src/db/migrate.js';
import { describeOnDatabases, type Harness } from '../support/harness.js';

/** Tables of the harness's schema that have no change trigger, migration bookkeeping aside. */
async function tablesWithoutTrigger(h: Harness): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`
    select c.relname as name
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = ${h.database.schema} and c.relkind in ('r', 'p')
      and c.relname not like 'kysely\\_%'
      and not exists (
        select 1 from pg_trigger t
        where t.tgrelid = c.oid and t.tgname = 'clubhouse_announce_change'
      )
    order by 1`.execute(h.database.db);
  return rows.map((row) => row.name);
}

describeOnDatabases('changes announced by the database', (harness) => {
  void test('every table announces its changes', async () => {
    const h = harness();
    const { rows } = await sql<{ count: number }>`
      select count(*)::int as count from pg_class c
      join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = ${h.database.schema} and c.relkind = 'r'`.execute(h.database.db);
    assert.ok((rows[0]?.count ?? 0) > 5, 'the schema has its tables');
    assert.deepEqual(await tablesWithoutTrigger(h), []);
  });

  void test('a table added later announces its changes once migrations have run', async () => {
    const h = harness();
    const table = `later_${process.pid}`;
    await sql`create table ${sql.id(table)} (id int)`.execute(h.database.db);
    try {
      assert.deepEqual(await tablesWithoutTrigger(h), [table]);
      await migrateToLatest(h.database.db, h.database.schema);
      assert.deepEqual(await tablesWithoutTrigger(h), []);
      const version = h.database.version.current;
      await sql`insert into ${sql.id(table)} values (1)`.execute(h.database.db);
      assert.ok(h.database.version.current > version);
    } finally {
      await sql`drop table ${sql.id(table)}`.execute(h.database.db);
    }
  });

  void test('a write hidden in a function called by a select moves the version at once', async () => {
    const h = harness();
    const org = await h.org();
    const league = await h.league(org);
    // What no look at the statement can tell from a read.
    await h.database.db.connection().execute(async (connection) => {
      await sql`
        create function pg_temp.rename_league(league_id bigint) returns int
        language sql as $$ update event_series set name = 'Hidden' where id = league_id
        returning 1 $$`.execute(connection);
      const version = h.database.version.current;
      await sql`select pg_temp.rename_league(${league.id})`.execute(connection);
      assert.ok(h.database.version.current > version);
    });
  });

  void test('a rolled-back raw write moves nothing; a committed one moves it on commit', async () => {
    const h = harness();
    const org = await h.org();
    const league = await h.league(org);
    const version = h.database.version.current;
    const rename = sql`update event_series set name = 'Raw' where id = ${league.id}`;
    await assert.rejects(
      h.database.db.transaction().execute(async (trx) => {
        await rename.execute(trx);
        throw new Error('abandon');
      }),
      /abandon/,
    );
    assert.equal(h.database.version.current, version);
    await h.database.db.transaction().execute(async (trx) => {
      await rename.execute(trx);
      assert.equal(h.database.version.current, version, 'not before the commit');
    });
    assert.ok(h.database.version.current > version);
  });
});
