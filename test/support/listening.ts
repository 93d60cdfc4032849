import { after, before } from 'node:test';
import type { Config } from '../../src/config.js';
import { openPostgresInstances, TARGETS } from './databases.js';
import {
  describeOnEachDatabase,
  harnessOn,
  NO_LIMITS,
  startHarness,
  stopHarness,
  type Harness,
} from './harness.js';
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

/**
 * Instances of the app on one PostgreSQL, each listening on a free port, for a suite's tests:
 * started before them and stopped after them (the list is filled in by then).
 */
export function postgresInstances(url: string, count: number): ListeningHarness[] {
  const instances: ListeningHarness[] = [];
  before(async () => {
    for (const database of await openPostgresInstances(url, count)) {
      instances.push(await listening(await harnessOn(database, NO_LIMITS)));
    }
  });
  after(async () => {
    for (const instance of instances) await stopHarness(instance);
  });
  return instances;
}
