import { buildApp } from './app.js';
import { ConfigError, loadConfig, type Config } from './config.js';
import { describeError } from './db/errors.js';
import { migrateToLatest } from './db/migrate.js';
import { openConfiguredDatabase } from './db/open.js';
import { createApiKey } from './resources/api-keys/service.js';
import { rebuildDerivedState } from './resources/transaction.js';
import {
  DEMO_INVITE_TOKEN,
  DEMO_LIVE_NIGHT_SLUG,
  DEMO_ORG_SLUG,
  seedDemo,
} from './cli/seed-demo.js';

const SHUTDOWN_DEADLINE_MS = 10_000;
/** How often a stopping server closes the keep-alive connections that have gone idle. */
const IDLE_SWEEP_MS = 50;

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
  await migrateToLatest(database.db, database.schema);
  await rebuildDerivedState(database.db);
  const app = await buildApp({ config, database, now: () => new Date() });

  const isEmpty =
    (await database.db.selectFrom('orgs').select('id').limit(1).executeTakeFirst()) === undefined;
  if (database.kind === 'pglite' && config.demoData && isEmpty) {
    await seedDemo(database.db, new Date());
    app.log.info(
      `embedded database was empty: demo organization "${DEMO_ORG_SLUG}" created; ` +
        `its live board: /api/public/v1/orgs/${DEMO_ORG_SLUG}/events/${DEMO_LIVE_NIGHT_SLUG}/leaderboard/stream`,
    );
    // The log masks invite tokens; the demo's token is public by design, so it is printed here.
    process.stdout.write(
      `Demo partner invite: /api/public/v1/event-series-invites/${DEMO_INVITE_TOKEN}\n`,
    );
    // A first-time organizer needs a key before the console is any use; the demo club's is
    // printed once, when the demo is made, as a club's operator would hand one over.
    if (config.adminToken !== undefined) {
      const { key } = await createApiKey(
        database.db,
        DEMO_ORG_SLUG,
        { name: 'Demo organizer (printed at the first start)', role: 'organizer' },
        new Date(),
      );
      process.stdout.write(`Console: /console, with the demo club's organizer key ${key}\n`);
    }
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
    // New connections are refused at once; a keep-alive connection is closed as soon as it
    // is idle, which for one with a request in flight is right after its answer.
    const closed = app.close();
    const sweep = setInterval(() => app.server.closeIdleConnections(), IDLE_SWEEP_MS);
    try {
      await closed;
      await database.close();
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed; exiting');
      process.exit(1);
    } finally {
      clearInterval(sweep);
    }
    process.exit(0);
  };
  process.on('SIGTERM', (signal) => void stop(signal));
  process.on('SIGINT', (signal) => void stop(signal));

  await app.listen({ port: config.port, host: config.host });
}

main().catch((error: unknown) => {
  process.stderr.write(`Clubhouse failed to start: ${describeError(error)}\n`);
  process.exit(1);
});
