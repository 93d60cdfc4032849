import assert from 'node:assert/strict';
import { test } from 'node:test';
import { buildApp } from '../src/app.js';
import { TARGETS } from './support/databases.js';
import { testConfig } from './support/harness.js';
import { listen } from './support/wire.js';

void test('building and starting the app emits no process warning (no deprecated option)', async () => {
  const warnings: string[] = [];
  const onWarning = (warning: Error & { code?: string }) => {
    warnings.push(`${warning.code ?? warning.name}: ${warning.message}`);
  };
  process.on('warning', onWarning);
  const [target] = TARGETS;
  assert.ok(target !== undefined);
  const database = await target.open();
  try {
    const app = await buildApp(
      { config: testConfig(), database, now: () => new Date() },
      { logger: false },
    );
    try {
      const ready = await fetch(`${await listen(app)}/readyz`);
      assert.equal(ready.status, 200);
    } finally {
      await app.close();
    }
    // Warnings are emitted on the next turn of the event loop.
    await new Promise((resolve) => setImmediate(resolve));
  } finally {
    process.off('warning', onWarning);
    await database.close();
  }
  assert.deepEqual(warnings, []);
});
