import { buildApp } from './app.js';
import { ConfigError, loadConfig, type Config } from './config.js';
import { migrateToLatest } from './db/migrate.js';
import { openConfiguredDatabase } from './db/open.js';
import { DEMO_INVITE_TOKEN, DEMO_ORG_SLUG, seedDemo } from './services/demo-data.js';

const SHUTDOWN_DEADLINE_MS = 10_000;

function readConfig(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`Configuration error: ${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
}

async function main(): Promise<void> {
  const config = readConfig();
  const database = await openConfiguredDatabase(config);
  await migrateToLatest(database.db);
  const app = await buildApp({ config, database, now: () => new Date() });

  const isEmpty =
    (await database.db.selectFrom('orgs').select('id').limit(1).executeTakeFirst()) === undefined;
  if (database.kind === 'pglite' && config.demoData && isEmpty) {
    await seedDemo(database.db, new Date());
    app.log.info(
      `embedded database was empty: demo organization "${DEMO_ORG_SLUG}" created; ` +
        `its partner invite: /api/public/v1/event-series-invites/${DEMO_INVITE_TOKEN}`,
    );
  }

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    const deadline = setTimeout(() => {
      app.log.error('shutdown deadline passed; exiting');
      process.exit(1);
    }, SHUTDOWN_DEADLINE_MS);
    deadline.unref();
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGTERM', (signal) => void stop(signal));
  process.on('SIGINT', (signal) => void stop(signal));

  await app.listen({ port: config.port, host: config.host });
}

main().catch((error: unknown) => {
  process.stderr.write(
    `Clubhouse failed to start: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  if (error instanceof Error && error.cause instanceof Error) {
    process.stderr.write(`  caused by: ${error.cause.message}\n`);
  }
  process.exit(1);
});
