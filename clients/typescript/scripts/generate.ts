import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import openapiTS, { COMMENT_HEADER, astToString } from 'openapi-typescript';

/** Each committed OpenAPI document of the repository, and the types generated from it. */
export const GENERATED = [
  {
    document: new URL('../../../docs/openapi.json', import.meta.url),
    types: new URL('../src/generated/public.ts', import.meta.url),
  },
  {
    document: new URL('../../../docs/openapi-admin.json', import.meta.url),
    types: new URL('../src/generated/admin.ts', import.meta.url),
  },
];

/** The TypeScript types of an OpenAPI document, as openapi-typescript writes them. */
export async function typesOf(document: URL): Promise<string> {
  const parsed = JSON.parse(await readFile(document, 'utf8')) as Parameters<typeof openapiTS>[0];
  return COMMENT_HEADER + astToString(await openapiTS(parsed));
}

async function main(): Promise<void> {
  for (const { document, types } of GENERATED) {
    await writeFile(types, await typesOf(document));
    process.stdout.write(`wrote ${fileURLToPath(types)}\n`);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main();
