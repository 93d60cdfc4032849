import type { App, AppContext } from '../../http/context.js';
import { EventSlugParams } from '../../http/schemas/common.js';
import { publicRead } from '../../http/schemas/responses.js';
import { requirePublicEvent } from '../events/service.js';
import { TEE_SHEET_EXAMPLE } from './examples.js';
import { PublicTeeSheet } from './schema.js';
import { getTeeSheet } from './service.js';

/** An event's tee sheet, names only (decisions §12). */
export function teeSheetRoutes(context: AppContext) {
  const db = context.database.db;
  return async function register(app: App): Promise<void> {
    app.get(
      '/orgs/:orgSlug/events/:eventSlug/tee-sheet',
      {
        schema: {
          operationId: 'getEventTeeSheet',
          tags: ['Tee sheets'],
          summary: 'An event’s tee sheet: groups, start times and holes, players by name',
          params: EventSlugParams,
          response: publicRead(
            PublicTeeSheet,
            'The tee sheet; `format` null when there is none.',
            TEE_SHEET_EXAMPLE,
          ),
        },
      },
      async (request) => {
        const { orgSlug, eventSlug } = request.params;
        return getTeeSheet(db, await requirePublicEvent(db, orgSlug, eventSlug));
      },
    );
  };
}
