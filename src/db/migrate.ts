import { Migrator, type Kysely } from 'kysely';
import { announceChangesOfEveryTable } from './change-announcements.js';
import { describeError } from './errors.js';
import { migrations } from './migrations/index.js';
import type { Database } from './schema.js';

/** A failed migration run; the message names the migration, if one was reached, and why. */
export class MigrationError extends Error {}

/**
 * Brings `schema` up to date; returns the names of the migrations it applied. The
 * bookkeeping tables live in `schema` too: Kysely would otherwise take another schema's
 * for this one's and fail on the first migration.
 */
export async function migrateToLatest(db: Kysely<Database>, schema: string): Promise<string[]> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: () => Promise.resolve(migrations) },
    migrationTableSchema: schema,
  });
  const { error, results = [] } = await migrator.migrateToLatest();
  if (error !== undefined) {
    const failed = results.find((result) => result.status === 'Error');
    const what = failed === undefined ? 'migrations' : `migration ${failed.migrationName}`;
    throw new MigrationError(`${what} failed: ${describeError(error)}`, { cause: error });
  }
  await announceChangesOfEveryTable(db, schema);
  return results.map((result) => result.migrationName);
}
