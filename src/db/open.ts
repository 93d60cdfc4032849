import type { Config } from '../config.js';
import { openPGlite, openPostgres, type DatabaseHandle } from './connection.js';

/** Opens the configured database: PostgreSQL when `DATABASE_URL` is set, else embedded. */
export async function openConfiguredDatabase(config: Config): Promise<DatabaseHandle> {
  return config.databaseUrl === undefined
    ? openPGlite({ dataDir: config.dataDir })
    : openPostgres({ url: config.databaseUrl, schema: config.databaseSchema });
}
