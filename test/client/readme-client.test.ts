import assert from 'node:assert/strict';
import { readFile, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { pathToFileURL } from 'node:url';
import { seedDemo } from '../../src/cli/seed-demo.js';
import { NO_LIMITS, stopHarness } from '../support/harness.js';
import { startListening, type ListeningHarness } from '../support/listening.js';

/**
 * The README's TypeScript example runs as written against a server with the demo data: only
 * its import specifiers are resolved from the repository (the client's source, not its build),
 * and its address is the test server's. Its `console` and `setTimeout` are the test's, so
 * that what it prints is checked and its stream is closed when the test ends.
 */

const README = new URL('../../README.md', import.meta.url);
const MARKER = 'test/client/readme-client.test.ts runs it';
const CLIENT_SOURCE = new URL('../../clients/typescript/src/index.ts', import.meta.url);
const DEADLINE_MS = 20_000;

/** The one TypeScript block after the marker. */
async function readmeExample(): Promise<string> {
  const markdown = await readFile(README, 'utf8');
  const marker = markdown.indexOf(MARKER);
  assert.ok(marker !== -1, `README.md has no block marked "${MARKER}"`);
  const block = /```ts\n([\s\S]*?)\n```/.exec(markdown.slice(marker));
  assert.ok(block?.[1] !== undefined, 'no ```ts block after the marker');
  return block[1];
}

let server: ListeningHarness | undefined;
let folder = '';
before(async () => {
  server = await startListening(NO_LIMITS);
  await seedDemo(server.database.db, server.clock.now);
  folder = await mkdtemp(join(tmpdir(), 'clubhouse-readme-client-'));
});
after(async () => {
  if (server !== undefined) await stopHarness(server);
  if (folder !== '') await rm(folder, { recursive: true, force: true });
});

interface Harnessed {
  printed: unknown[][];
  timers: (() => void)[];
}

void test('the README’s client example lists the demo leagues and receives the live board', async () => {
  assert.ok(server !== undefined);
  const example = (await readmeExample())
    .replace("from '@clubhouse/client'", `from '${CLIENT_SOURCE.href}'`)
    .replace("from 'eventsource'", `from '${import.meta.resolve('eventsource')}'`)
    .replace("'http://localhost:3000'", `'${server.origin}'`);
  assert.ok(!example.includes('localhost:3000'), example);
  const harnessed: Harnessed = { printed: [], timers: [] };
  (globalThis as { readmeHarness?: Harnessed }).readmeHarness = harnessed;
  const prelude =
    'const { printed, timers } = (globalThis as any).readmeHarness;\n' +
    'const console = { log: (...values: unknown[]) => printed.push(values) };\n' +
    'const setTimeout = (stop: () => void) => timers.push(stop);\n';
  const file = join(folder, 'example.mts');
  await writeFile(file, prelude + example);
  await import(pathToFileURL(file).href);
  try {
    const lines = harnessed.printed[0]?.[0];
    assert.ok(Array.isArray(lines) && lines.length > 1, JSON.stringify(lines));
    for (const line of lines) assert.match(String(line), /^.+: (\d+|no cap) spots$/);
    assert.ok(lines.includes('Tuesday Night League: 42 spots'), JSON.stringify(lines));
    const deadline = Date.now() + DEADLINE_MS;
    while (harnessed.printed.length < 2) {
      assert.ok(Date.now() < deadline, 'the live board never arrived');
      await sleep(50);
    }
    const leader = harnessed.printed[1]?.[0] as { name?: unknown } | undefined;
    assert.equal(typeof leader?.name, 'string');
    assert.equal(harnessed.timers.length, 1);
  } finally {
    for (const stop of harnessed.timers) stop();
  }
});
