import { writeFile } from 'node:fs/promises';
import { buildApp } from '../app.js';
import { ADMIN_BASE_PATH, PUBLIC_BASE_PATH } from '../http/base-paths.js';
import { loadConfig } from '../config.js';
import { openPGlite } from '../db/connection.js';
import { OPENAPI_PATH, RELATIVE_SERVER, withServer } from '../http/openapi.js';

/** Where the committed copies of the OpenAPI documents live. */
export const OPENAPI_FILE = 'docs/openapi.json';
export const ADMIN_OPENAPI_FILE = 'docs/openapi-admin.json';

/** The served path of each committed document. */
export const DOCUMENTS = [
  { file: OPENAPI_FILE, url: `${PUBLIC_BASE_PATH}${OPENAPI_PATH}` },
  { file: ADMIN_OPENAPI_FILE, url: `${ADMIN_BASE_PATH}${OPENAPI_PATH}` },
];

/**
 * The document as committed: the served JSON with the relative server instead of the origin
 * it was read from, indented, with a final newline.
 */
export function formatOpenApiDocument(document: Record<string, unknown>): string {
  return `${JSON.stringify(withServer(document, RELATIVE_SERVER), null, 2)}\n`;
}

/**
 * Builds the app, admin API on, on a throwaway in-memory database and writes the documents
 * it serves; with `file`, only the public one, there.
 */
export async function writeOpenApiDocuments(file?: string): Promise<string> {
  const targets = file === undefined ? DOCUMENTS : [{ file, url: DOCUMENTS[0]?.url ?? '' }];
  const database = await openPGlite();
  try {
    const app = await buildApp(
      {
        config: loadConfig({ LOG_LEVEL: 'silent', ADMIN_TOKEN: 'documents-only-token' }),
        database,
        now: () => new Date(),
      },
      { logger: false },
    );
    try {
      for (const target of targets) {
        const response = await app.inject({ url: target.url });
        await writeFile(
          target.file,
          formatOpenApiDocument(response.json<Record<string, unknown>>()),
        );
      }
      return `wrote ${targets.map((target) => target.file).join(', ')}`;
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
  }
}
