import { readFile } from 'node:fs/promises';
import Type from 'typebox';
import { getCrest } from './service.js';
import type { App, AppContext } from '../../http/context.js';
import { STOCK_CREST_PATH } from '../leagues/presenter.js';

const STOCK_CREST_FILE = new URL('../../../assets/stock-crest.svg', import.meta.url);
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Crests: the stock one shipped with the service, and uploads stored by content hash. */
export function mediaRoutes(context: AppContext) {
  const db = context.database.db;
  return async function register(app: App): Promise<void> {
    const stockCrest = await readFile(STOCK_CREST_FILE);
    app.get(STOCK_CREST_PATH, async (_request, reply) =>
      reply.type('image/svg+xml').header('cache-control', 'public, max-age=86400').send(stockCrest),
    );

    app.get(
      '/media/crests/:file',
      {
        schema: {
          params: Type.Object({
            file: Type.String({ pattern: '^[0-9a-f]{64}\\.(png|jpg|webp)$' }),
          }),
        },
      },
      async (request, reply) => {
        const media = await getCrest(db, request.params.file);
        const hash = request.params.file.slice(0, 64);
        return reply
          .type(media.contentType)
          .header('cache-control', IMMUTABLE)
          .header('etag', `"${hash}"`)
          .send(Buffer.from(media.bytes));
      },
    );
  };
}
