import type { AddressInfo } from 'node:net';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { StatementCounter } from '../src/db/statement-count.js';
import { openMigrated, type DatabaseSpec } from './database.js';
import { serveChild } from './ipc.js';

export interface ClubhouseInput {
  database: DatabaseSpec;
  rateLimitPerMinute: number;
  /** What kept answers may count as, in bytes; absent, the service's own setting. */
  responseCacheMaxBytes?: number;
  /** Further settings by their environment name, e.g. the admin token or stream caps. */
  settings?: Record<string, string>;
}

/**
 * The real service in a child process: opens the generated database, migrates, builds the app
 * as `src/server.ts` does (without logs or demo data) and listens on a free loopback port. It
 * counts the statements it sends (its `tally`), so the bench can tell what a miss costs.
 */
serveChild(async (input) => {
  const {
    database: spec,
    rateLimitPerMinute,
    settings,
    responseCacheMaxBytes,
  } = input as ClubhouseInput;
  const config = loadConfig({
    HOST: '127.0.0.1',
    PORT: '0',
    LOG_LEVEL: 'silent',
    DEMO_DATA: 'off',
    RATE_LIMIT_PER_MINUTE: String(rateLimitPerMinute),
    ...(spec.kind === 'postgres' ? { DATABASE_URL: spec.url } : { DATA_DIR: spec.dataDir }),
    ...settings,
  });
  const database = await openMigrated(spec);
  const counter = new StatementCounter();
  try {
    const app = await buildApp(
      {
        config,
        database: { ...database, db: database.db.withPlugin(counter) },
        now: () => new Date(),
      },
      {
        logger: false,
        ...(responseCacheMaxBytes === undefined ? {} : { responseCacheMaxBytes }),
      },
    );
    await app.listen({ host: config.host, port: config.port });
    return {
      port: (app.server.address() as AddressInfo).port,
      async close() {
        await app.close();
        await database.close();
      },
      tally: () => counter.read(),
    };
  } catch (error) {
    await database.close();
    throw error;
  }
});
