import type { Config } from '../../src/config.js';
import { TARGETS } from './databases.js';
import { describeOnEachDatabase, startHarness, type Harness } from './harness.js';
import { listen } from './wire.js';

/** A harness whose app also listens on a free local port, for clients that speak HTTP. */
export interface ListeningHarness extends Harness {
  /** `http://127.0.0.1:<port>` */
  origin: string;
}

/** Makes the harness's app listen on a port the kernel picks. */
export async function listening(harness: Harness): Promise<ListeningHarness> {
  return { ...harness, origin: await listen(harness.app) };
}

/** Starts the app on the embedded database (PGlite) and listens on a port the kernel picks. */
export async function startListening(
  configOverrides: Partial<Config> = {},
): Promise<ListeningHarness> {
  const target = TARGETS[0];
  if (target === undefined) throw new Error('no test database');
  return listening(await startHarness(target, configOverrides));
}

/**
 * Runs the same suite once per database kind (PGlite always; PostgreSQL when configured),
 * each on a fresh database with an app that listens on a free port, for tests over sockets.
 */
export function describeListening(
  name: string,
  body: (harness: () => ListeningHarness) => void,
  configOverrides: Partial<Config> = {},
): void {
  describeOnEachDatabase(
    name,
    async (target) => listening(await startHarness(target, configOverrides)),
    body,
  );
}
