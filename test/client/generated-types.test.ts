import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { test } from 'node:test';
import { GENERATED, typesOf } from '../../clients/typescript/scripts/generate.js';

void test('the client’s generated types are those of the committed documents (run `npm run generate -w @clubhouse/client` after `npm run openapi`)', async () => {
  assert.equal(GENERATED.length, 2);
  for (const { document, types } of GENERATED) {
    const committed = await readFile(types, 'utf8');
    assert.ok(committed.includes('export interface paths'), fileURLToPath(types));
    assert.equal(await typesOf(document), committed, fileURLToPath(types));
  }
});
