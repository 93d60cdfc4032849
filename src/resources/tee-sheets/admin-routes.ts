import type { App, AppContext } from '../../http/context.js';
import { resolveEventId } from '../events/service.js';
import { EventRefParams } from '../../http/schemas/common.js';
import { ADMIN_FAILURES, NO_CONTENT, json } from '../../http/schemas/responses.js';
import { ADMIN_TEE_SHEET_EXAMPLE } from './examples.js';
import { AdminTeeSheet, GenerateTeeSheetBody, TeeSheetBody } from './schema.js';
import { generateEventTeeSheet, putTeeSheet, removeTeeSheet } from './service.js';

/** Admin writes of a league night's tee sheet (decisions §12): set, drawn from the field, removed. */
export function adminTeeSheetRoutes(context: AppContext) {
  const db = context.database.db;
  return async function register(app: App): Promise<void> {
    app.put(
      '/orgs/:orgSlug/events/:id/tee-sheet',
      {
        config: { access: 'org' },
        schema: {
          operationId: 'putTeeSheet',
          tags: ['Tee sheets'],
          summary: 'Set an event’s tee sheet',
          params: EventRefParams,
          body: TeeSheetBody,
          response: {
            200: json(AdminTeeSheet, 'The tee sheet as stored.', ADMIN_TEE_SHEET_EXAMPLE),
            ...ADMIN_FAILURES,
          },
        },
      },
      async (request) =>
        putTeeSheet(db, {
          orgSlug: request.params.orgSlug,
          eventId: await resolveEventId(db, request.params.orgSlug, request.params.id),
          sheet: request.body,
        }),
    );

    app.post(
      '/orgs/:orgSlug/events/:id/tee-sheet/generate',
      {
        config: { access: 'org' },
        schema: {
          operationId: 'generateTeeSheet',
          tags: ['Tee sheets'],
          summary: 'Draw an event’s tee sheet from its field',
          params: EventRefParams,
          body: GenerateTeeSheetBody,
          response: {
            200: json(AdminTeeSheet, 'The tee sheet as stored.', ADMIN_TEE_SHEET_EXAMPLE),
            ...ADMIN_FAILURES,
          },
        },
      },
      async (request) =>
        generateEventTeeSheet(db, {
          orgSlug: request.params.orgSlug,
          eventId: await resolveEventId(db, request.params.orgSlug, request.params.id),
          generate: request.body,
        }),
    );

    app.delete(
      '/orgs/:orgSlug/events/:id/tee-sheet',
      {
        config: { access: 'org' },
        schema: {
          operationId: 'deleteTeeSheet',
          tags: ['Tee sheets'],
          summary: 'Remove an event’s tee sheet',
          params: EventRefParams,
          response: { ...NO_CONTENT, ...ADMIN_FAILURES },
        },
      },
      async (request, reply) => {
        await removeTeeSheet(db, {
          orgSlug: request.params.orgSlug,
          eventId: await resolveEventId(db, request.params.orgSlug, request.params.id),
        });
        return reply.code(204).send(null);
      },
    );
  };
}
