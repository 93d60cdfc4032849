import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { rm, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { test } from 'node:test';
import { ESLint } from 'eslint';

// The import boundaries are enforced by `npm run lint` (eslint.config.js): a file that
// crosses one, planted here for the length of a test, fails it.

const root = fileURLToPath(new URL('../../', import.meta.url));

/** Lints `source` as a file at `path` (relative to the repository) and removes it again. */
async function lintPlanted(path: string, source: string): Promise<string[]> {
  const file = `${root}${path}`;
  await writeFile(file, source);
  try {
    const [result] = await new ESLint({ cwd: root }).lintFiles([file]);
    return (result?.messages ?? []).map((message) => `${message.ruleId ?? ''}: ${message.message}`);
  } finally {
    await rm(file, { force: true });
  }
}

const suffix = randomBytes(4).toString('hex');

void test('src/domain may not import the database', async () => {
  const messages = await lintPlanted(
    `src/domain/planted-${suffix}.ts`,
    "import { openPGlite } from '../db/connection.js';\n\nexport const open = openPGlite;\n",
  );
  assert.ok(
    messages.some((message) => message.includes('no-restricted-imports')),
    messages.join('\n'),
  );
});

void test('a route file may not import a store', async () => {
  const messages = await lintPlanted(
    `src/resources/events/planted-${suffix}-routes.ts`,
    "import { findEventById } from './store.js';\n\nexport const find = findEventById;\n",
  );
  assert.ok(
    messages.some((message) => message.includes('no-restricted-imports')),
    messages.join('\n'),
  );
});

void test('a resource may not import another resource’s store, only its types', async () => {
  const value = await lintPlanted(
    `src/resources/standings/planted-${suffix}.ts`,
    "import { findUserById } from '../users/store.js';\n\nexport const find = findUserById;\n",
  );
  assert.ok(
    value.some((message) => message.includes('Another resource’s store is its own')),
    value.join('\n'),
  );
  const typeOnly = await lintPlanted(
    `src/resources/standings/planted-${suffix}.ts`,
    "import type { UserName } from '../users/store.js';\n\nexport type Name = UserName;\n",
  );
  assert.deepEqual(typeOnly, []);
});

void test('a service or a store may not import from HTTP, only its types', async () => {
  const path = `src/resources/events/planted-${suffix}-service.ts`;
  const value = await lintPlanted(
    path,
    "import { pageOf } from '../../http/schemas/common.js';\n\nexport const page = pageOf;\n",
  );
  assert.ok(
    value.some((message) => message.includes('do not depend on HTTP')),
    value.join('\n'),
  );
  const typeOnly = await lintPlanted(
    path,
    "import type { Page } from '../../http/schemas/common.js';\n\nexport type Window = Page;\n",
  );
  assert.deepEqual(typeOnly, []);
  // The rule between resources still holds for services.
  const store = await lintPlanted(
    path,
    "import { findUserById } from '../users/store.js';\n\nexport const find = findUserById;\n",
  );
  assert.ok(
    store.some((message) => message.includes('Another resource’s store is its own')),
    store.join('\n'),
  );
});

void test('a service may not open a transaction by hand', async () => {
  const messages = await lintPlanted(
    `src/resources/events/planted-${suffix}.ts`,
    [
      "import type { Executor } from '../../db/executor.js';",
      '',
      'export async function write(db: Executor): Promise<void> {',
      '  await db.transaction().execute(async () => undefined);',
      '}',
      '',
    ].join('\n'),
  );
  assert.ok(
    messages.some((message) => message.includes('no-restricted-syntax')),
    messages.join('\n'),
  );
});

void test('what the boundaries allow passes', async () => {
  const messages = await lintPlanted(
    `src/domain/planted-${suffix}.ts`,
    "import type { LeagueStatus } from '../db/schema.js';\n\nexport const open: LeagueStatus = 'open';\n",
  );
  assert.deepEqual(messages, []);
});
