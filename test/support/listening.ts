import type { Config } from '../../src/config.js';
import { TARGETS } from './databases.js';
import { startHarness, type Harness } from './harness.js';

/** A harness whose app also listens on a free local port, for clients that speak HTTP. */
export interface ListeningHarness extends Harness {
  /** `http://127.0.0.1:<port>` */
  origin: string;
}

/** Starts the app on the embedded database (PGlite) and listens on a port the kernel picks. */
export async function startListening(
  configOverrides: Partial<Config> = {},
): Promise<ListeningHarness> {
  const target = TARGETS[0];
  if (target === undefined) throw new Error('no test database');
  const harness = await startHarness(target, configOverrides);
  const origin = await harness.app.listen({ port: 0, host: '127.0.0.1' });
  return { ...harness, origin };
}
