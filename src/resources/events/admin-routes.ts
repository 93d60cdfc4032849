import type { App, AppContext } from '../../http/context.js';
import { EventEntryParams, EventIdParams, OrgParams } from '../../http/schemas/common.js';
import { ADMIN_FAILURES, NO_CONTENT, json } from '../../http/schemas/responses.js';
import { ADMIN_EVENT_EXAMPLE, EVENT_ENTRY_EXAMPLE } from './examples.js';
import { presentAdminEvent } from './presenter.js';
import { AdminEvent, CreateEventBody, EventEntryBody, PatchEventBody } from './schema.js';
import { addEventEntry, createEvent, patchEvent, removeEventEntry } from './service.js';

/** Admin writes of events, their league links and own entries. */
export function adminEventRoutes(context: AppContext) {
  const db = context.database.db;
  return async function register(app: App): Promise<void> {
    app.post(
      '/orgs/:orgSlug/events',
      {
        config: { access: 'org' },
        schema: {
          operationId: 'createEvent',
          tags: ['Events'],
          summary: 'Create an event',
          params: OrgParams,
          body: CreateEventBody,
          response: {
            201: json(AdminEvent, 'The event as stored.', ADMIN_EVENT_EXAMPLE),
            ...ADMIN_FAILURES,
          },
        },
      },
      async (request, reply) =>
        reply
          .code(201)
          .send(presentAdminEvent(await createEvent(db, request.params.orgSlug, request.body))),
    );

    app.patch(
      '/orgs/:orgSlug/events/:id',
      {
        config: { access: 'org' },
        schema: {
          operationId: 'updateEvent',
          tags: ['Events'],
          summary: 'Change some fields of an event',
          params: EventIdParams,
          body: PatchEventBody,
          response: {
            200: json(AdminEvent, 'The event as stored.', ADMIN_EVENT_EXAMPLE),
            ...ADMIN_FAILURES,
          },
        },
      },
      async (request) =>
        presentAdminEvent(
          await patchEvent(db, request.params.orgSlug, request.params.id, request.body),
        ),
    );

    app.post(
      '/orgs/:orgSlug/events/:id/entries',
      {
        config: { access: 'org' },
        schema: {
          operationId: 'addEventEntry',
          tags: ['Events'],
          summary: 'Enter a golfer in an event',
          params: EventIdParams,
          body: EventEntryBody,
          response: {
            201: json(EventEntryBody, 'The entry.', EVENT_ENTRY_EXAMPLE),
            ...ADMIN_FAILURES,
          },
        },
      },
      async (request, reply) => {
        await addEventEntry(db, {
          orgSlug: request.params.orgSlug,
          eventId: request.params.id,
          ...request.body,
        });
        return reply.code(201).send(request.body);
      },
    );

    app.delete(
      '/orgs/:orgSlug/events/:id/entries/:userId',
      {
        config: { access: 'org' },
        schema: {
          operationId: 'removeEventEntry',
          tags: ['Events'],
          summary: 'Remove a golfer’s entry from an event',
          params: EventEntryParams,
          response: { ...NO_CONTENT, ...ADMIN_FAILURES },
        },
      },
      async (request, reply) => {
        await removeEventEntry(db, {
          orgSlug: request.params.orgSlug,
          eventId: request.params.id,
          userId: request.params.userId,
        });
        return reply.code(204).send(null);
      },
    );
  };
}
