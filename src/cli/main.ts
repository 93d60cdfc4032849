import { ConfigError, loadConfig } from '../config.js';
import { describeError } from '../db/errors.js';
import { migrateToLatest } from '../db/migrate.js';
import { openConfiguredDatabase } from '../db/open.js';
import { DEMO_ORG_SLUG, seedDemo } from './seed-demo.js';
import { findOrgBySlug } from '../resources/orgs/store.js';
import { writeOpenApiDocuments } from './openapi.js';

const USAGE = 'usage: clubhouse-cli <migrate|seed-demo|openapi [file]>';

async function run(command: string | undefined): Promise<string> {
  if (command === 'openapi') return writeOpenApiDocuments(process.argv[3]);
  if (command !== 'migrate' && command !== 'seed-demo') throw new ConfigError(USAGE);
  const database = await openConfiguredDatabase(loadConfig());
  try {
    const applied = await migrateToLatest(database.db, database.schema);
    const migrated =
      applied.length === 0 ? 'schema is up to date' : `applied ${applied.join(', ')}`;
    if (command === 'migrate') return migrated;
    if ((await findOrgBySlug(database.db, DEMO_ORG_SLUG)) !== undefined) {
      return `${migrated}; demo organization "${DEMO_ORG_SLUG}" already exists`;
    }
    await seedDemo(database.db, new Date());
    return `${migrated}; demo organization "${DEMO_ORG_SLUG}" created`;
  } finally {
    await database.close();
  }
}

run(process.argv[2]).then(
  (message) => process.stdout.write(`${message}\n`),
  (error: unknown) => {
    process.stderr.write(`${describeError(error)}\n`);
    process.exitCode = 1;
  },
);
