import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, describe, test } from 'node:test';
import pg from 'pg';
import { loadConfig } from '../../src/config.js';
import { migrateToLatest } from '../../src/db/migrate.js';
import { openConfiguredDatabase } from '../../src/db/open.js';
import { createOrg } from '../../src/resources/orgs/service.js';
import { dropTestSchema, withSchemasKept } from '../support/databases.js';
import { freePort } from '../support/ports.js';
import { STARTUP_LIMIT_MS, killAll, startServer, within } from '../support/processes.js';

/**
 * `DATABASE_SCHEMA`: deployments (and test runs) that share one PostgreSQL database, each
 * in a schema of its own with its own migration bookkeeping and its own change feed.
 */

const databaseUrl = process.env.DATABASE_URL ?? '';
const skip =
  databaseUrl === '' && process.env.CI !== 'true'
    ? 'PostgreSQL suite skipped: DATABASE_URL is not set'
    : false;

async function onDatabase<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

async function tablesOf(schema: string): Promise<string[]> {
  return onDatabase(async (client) => {
    const { rows } = await client.query<{ name: string }>(
      'select table_name as name from information_schema.tables where table_schema = $1',
      [schema],
    );
    return rows.map((row) => row.name).sort();
  });
}

/** Runs `clubhouse-cli migrate` with the environment given; returns its output lines. */
async function migrateCommand(env: Record<string, string>) {
  // The command migrates while this process keeps every test schema from being dropped.
  const { run, exit } = await withSchemasKept(databaseUrl, async () => {
    const started = await startServer(env, 'src/cli/main.ts', ['migrate']);
    return {
      run: started,
      exit: await within(started.exited, STARTUP_LIMIT_MS, 'clubhouse-cli migrate'),
    };
  });
  const lines = (text: string) => text.split('\n').filter((line) => line.trim() !== '');
  return { code: exit.code, stdout: lines(run.stdout()), stderr: lines(run.stderr()) };
}

void describe('DATABASE_SCHEMA on a shared PostgreSQL', { skip }, () => {
  const schemas: string[] = [];
  const newSchema = () => {
    const schema = `schema_test_${randomBytes(5).toString('hex')}`;
    schemas.push(schema);
    return schema;
  };

  after(async () => {
    await killAll();
    for (const schema of schemas) await dropTestSchema(databaseUrl, schema);
  });

  const open = (schema: string) =>
    openConfiguredDatabase(loadConfig({ DATABASE_URL: databaseUrl, DATABASE_SCHEMA: schema }));

  void test('two schemas of one database are migrated side by side', async () => {
    const [first, second] = [newSchema(), newSchema()];
    for (const schema of [first, second]) {
      const database = await open(schema);
      try {
        const applied = await withSchemasKept(databaseUrl, () =>
          migrateToLatest(database.db, database.schema),
        );
        assert.ok(applied.length > 0, `${schema}: migrations applied`);
      } finally {
        await database.close();
      }
    }
    const tables = await tablesOf(first);
    assert.ok(tables.includes('orgs') && tables.includes('kysely_migration'), tables.join());
    assert.deepEqual(await tablesOf(second), tables);
  });

  void test('a change in one schema does not move the version of another', async () => {
    const [quiet, busy] = [newSchema(), newSchema()];
    const quietDatabase = await open(quiet);
    const busyDatabase = await open(busy);
    try {
      await withSchemasKept(databaseUrl, () => migrateToLatest(quietDatabase.db, quiet));
      await withSchemasKept(databaseUrl, () => migrateToLatest(busyDatabase.db, busy));
      const deadline = Date.now() + 10_000;
      while (!quietDatabase.version.reliable && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      assert.ok(quietDatabase.version.reliable, 'the quiet schema listens');
      /** A change in the quiet schema from outside, once heard: every earlier one was. */
      const quietChange = async (slug: string) => {
        let stop = (): void => undefined;
        const heard = new Promise<void>((resolve) => {
          stop = quietDatabase.version.onChange((touched) => {
            if (touched !== 'all' && touched.some((org) => org.slug === slug)) resolve();
          });
        });
        try {
          await onDatabase((client) =>
            client.query(
              `insert into ${quiet}.orgs (slug, name, timezone) values ($1, $1, 'UTC')`,
              [slug],
            ),
          );
          await within(heard, 10_000, `the quiet schema's change ${slug}`);
        } finally {
          stop();
        }
      };
      // Notifications of the migrations may still be on their way to the feed's connection;
      // they arrive in commit order, so a change heard after them leaves none behind.
      await quietChange('first');
      const version = quietDatabase.version.current;
      await createOrg(busyDatabase.db, { slug: 'busy', name: 'Busy', timezone: 'UTC' });
      // A change in the quiet schema, heard after the busy one: it proves the busy one
      // would have been heard by now.
      await quietChange('second');
      assert.equal(quietDatabase.version.current, version + 1, 'moved once: its own change');
    } finally {
      await quietDatabase.close();
      await busyDatabase.close();
    }
  });

  void test('npm run migrate works in the schema it is given, once', async () => {
    const schema = newSchema();
    const env = { DATABASE_URL: databaseUrl, DATABASE_SCHEMA: schema };
    const first = await migrateCommand(env);
    assert.equal(first.code, 0, first.stderr.join('\n'));
    assert.match(first.stdout[0] ?? '', /^applied /);
    assert.ok((await tablesOf(schema)).includes('event_series'));
    const again = await migrateCommand(env);
    assert.equal(again.code, 0, again.stderr.join('\n'));
    assert.match(again.stdout[0] ?? '', /up to date/);
  });

  void test('a failed migration is reported with its cause on one line', async () => {
    const schema = newSchema();
    await onDatabase(async (client) => {
      await client.query(`create schema ${schema}`);
      await client.query(`create table ${schema}.orgs (id int)`);
    });
    const result = await migrateCommand({ DATABASE_URL: databaseUrl, DATABASE_SCHEMA: schema });
    assert.notEqual(result.code, 0);
    assert.equal(result.stderr.length, 1, result.stderr.join('\n'));
    assert.match(result.stderr[0] ?? '', /^migration 001-leagues failed: .*"orgs" already exists/);
  });

  void test('a database that cannot be reached is named as the cause, not "(unknown)"', async () => {
    const nowhere = `postgres://postgres@127.0.0.1:${await freePort()}/nowhere`;
    const result = await migrateCommand({ DATABASE_URL: nowhere });
    assert.notEqual(result.code, 0);
    assert.equal(result.stderr.length, 1, result.stderr.join('\n'));
    assert.match(result.stderr[0] ?? '', /ECONNREFUSED/);
    assert.doesNotMatch(result.stderr[0] ?? '', /unknown/);
  });
});
