import { writeFile } from 'node:fs/promises';
import { buildApp, PUBLIC_BASE_PATH } from '../app.js';
import { loadConfig } from '../config.js';
import { openPGlite } from '../db/connection.js';
import { OPENAPI_PATH } from '../http/openapi.js';

/** Where the committed copy of the public OpenAPI document lives. */
export const OPENAPI_FILE = 'docs/openapi.json';

/** The document as committed: the served JSON, indented, with a final newline. */
export function formatOpenApiDocument(document: unknown): string {
  return `${JSON.stringify(document, null, 2)}\n`;
}

/** Builds the app on a throwaway in-memory database and writes the document it serves. */
export async function writeOpenApiDocument(file: string): Promise<string> {
  const database = await openPGlite();
  try {
    const app = await buildApp(
      { config: loadConfig({ LOG_LEVEL: 'silent' }), database, now: () => new Date() },
      { logger: false },
    );
    try {
      const response = await app.inject({ url: `${PUBLIC_BASE_PATH}${OPENAPI_PATH}` });
      await writeFile(file, formatOpenApiDocument(response.json()));
      return `wrote ${file}`;
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
  }
}
