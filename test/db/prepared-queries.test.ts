import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { sql } from 'kysely';
import type { DatabaseHandle } from '../../src/db/connection.js';
import { preparedQuery, preparedQueryShapes, preparedSql } from '../../src/db/prepared-queries.js';
import { StatementCounter } from '../../src/db/statement-count.js';
import { TARGETS } from '../support/databases.js';
import { describeUnlessSkipped } from '../support/harness.js';

const orgSlugs = preparedQueryShapes(
  (shape: { newestFirst: boolean }) => String(shape.newestFirst),
  (db, shape, values: { prefix: string; limit: number }) =>
    db
      .selectFrom('orgs')
      .select('slug')
      .where('slug', 'like', values.prefix)
      .orderBy('slug', shape.newestFirst ? 'desc' : 'asc')
      .limit(values.limit),
);

/**
 * A prepared read is built and compiled once per shape, then bound to each call's values:
 * the values must reach the statement, every time, and the shape must decide the text.
 */
for (const target of TARGETS) {
  describeUnlessSkipped(`prepared reads [${target.name}]`, target.skip, () => {
    let database: DatabaseHandle;
    before(async () => {
      database = await target.open();
      await database.db
        .insertInto('orgs')
        .values([
          ...['prep-a', 'prep-b', 'prep-c', 'other-a'].map((slug) => ({
            slug,
            name: slug,
            timezone: 'UTC',
          })),
          { slug: 'quoted', name: "Club d'Or", timezone: 'UTC' },
        ])
        .execute();
    });
    after(async () => {
      await database.close();
    });

    void test("each call binds its own values to the shape's one text", async () => {
      const read = async (newestFirst: boolean, prefix: string, limit: number) =>
        (await orgSlugs(database.db, { newestFirst }, { prefix, limit })).map(({ slug }) => slug);
      assert.deepEqual(await read(false, 'prep-%', 2), ['prep-a', 'prep-b']);
      assert.deepEqual(await read(false, 'prep-%', 3), ['prep-a', 'prep-b', 'prep-c']);
      assert.deepEqual(await read(false, 'other-%', 3), ['other-a']);
      assert.deepEqual(await read(true, 'prep-%', 2), ['prep-c', 'prep-b']);
      assert.deepEqual(await read(false, 'prep-%', 1), ['prep-a']);
    });

    void test("a shape's constants are written into its text, escaped; only a call's values are bound", async () => {
      const named = preparedQuery((db, values: { pattern: string }) =>
        db
          .selectFrom('orgs')
          .select('slug')
          .where('name', 'in', ["Club d'Or", 'prep-a', 'other-a'])
          .where('slug', 'like', values.pattern)
          .orderBy('slug')
          .limit(2),
      );
      await database.db.connection().execute(async (connection) => {
        const slugs = async (pattern: string) =>
          (await named(connection, { pattern })).map(({ slug }) => slug);
        assert.deepEqual(await slugs('%'), ['other-a', 'prep-a']);
        assert.deepEqual(await slugs('q%'), ['quoted']);
        const texts = (
          await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(
            connection,
          )
        ).rows.map(({ statement }) => statement);
        const text = texts.find((statement) => statement.includes("'Club d''Or'"));
        assert.ok(text !== undefined, `prepared: ${texts.join('\n')}`);
        assert.match(text, / in \('Club d''Or', 'prep-a', 'other-a'\)/);
        assert.match(text, / limit 2$/);
        assert.ok(text.includes('$1') && !text.includes('$2'), text);
      });
    });

    void test('a statement written in SQL is prepared once: its constants in its text, a list as one array', async () => {
      const namedLike = preparedSql(
        (values: { slugs: readonly string[] }) => sql<{ slug: string }>`
          select slug from orgs
          where name in (${sql.join(["Club d'Or", 'prep-b', 'prep-c'])})
            and slug = any(${values.slugs}::text[])
          order by slug`,
      );
      await database.db.connection().execute(async (connection) => {
        const slugs = async (wanted: readonly string[]) =>
          (await namedLike(connection, { slugs: wanted })).map(({ slug }) => slug);
        assert.deepEqual(await slugs(['prep-a', 'prep-b', 'quoted']), ['prep-b', 'quoted']);
        assert.deepEqual(await slugs(['prep-c']), ['prep-c']);
        assert.deepEqual(await slugs([]), []);
        const texts = (
          await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(
            connection,
          )
        ).rows
          .map(({ statement }) => statement)
          .filter((statement) => statement.includes('any($1::text[])'));
        assert.equal(texts.length, 1, `prepared: ${texts.join('\n')}`);
        assert.match(texts[0] ?? '', / in \('Club d''Or', 'prep-b', 'prep-c'\)/);
        assert.ok(!(texts[0] ?? '').includes('$2'), texts[0]);
      });
    });

    void test('plugins see every run, once, though the text is compiled only the first time', async () => {
      const counter = new StatementCounter();
      const counted = database.db.withPlugin(counter);
      const bySlug = preparedQuery((db, values: { slug: string }) =>
        db.selectFrom('orgs').select('name').where('slug', '=', values.slug),
      );
      assert.deepEqual(await bySlug(counted, { slug: 'prep-b' }), [{ name: 'prep-b' }]);
      assert.deepEqual(await bySlug(counted, { slug: 'prep-c' }), [{ name: 'prep-c' }]);
      assert.deepEqual(counter.read(), { statements: 2, roundTrips: 2 });
    });
  });
}

/**
 * On PostgreSQL a prepared read runs as a statement prepared once per connection under a name
 * of its own, and only such statements are: the text carries the mark, no registry kept by
 * the process does.
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

  void test('a prepared read prepares its text once per connection; other statements are not', async () => {
    const read = preparedQuery((db, values: { id: number }) =>
      db.selectFrom('orgs').select('slug').where('id', '=', values.id),
    );
    await database.db.connection().execute(async (connection) => {
      const prepared = async () =>
        (
          await sql<{ name: string }>`select name from pg_prepared_statements`.execute(connection)
        ).rows.map(({ name }) => name);
      const before = await prepared();
      await connection.selectFrom('orgs').select('id').where('slug', '=', 'nobody').execute();
      assert.deepEqual(await prepared(), before, 'a plain query is not prepared');
      await read(connection, { id: 1 });
      const after = await prepared();
      const added = after.filter((name) => !before.includes(name));
      assert.equal(added.length, 1, `prepared: ${after.join(', ')}`);
      assert.match(added[0] ?? '', /^clubhouse_[0-9a-f]{24}$/);
      await read(connection, { id: 2 });
      assert.deepEqual(await prepared(), after, 'the second run reuses the prepared statement');
    });
  });
});
