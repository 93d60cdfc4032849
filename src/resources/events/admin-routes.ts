import type { App, AppContext } from '../../http/context.js';
import { EventEntryParams, EventRefParams, OrgParams } from '../../http/schemas/common.js';
import { ADMIN_FAILURES, NO_CONTENT, json } from '../../http/schemas/responses.js';
import {
  ADMIN_EVENT_DETAIL_EXAMPLE,
  ADMIN_EVENT_EXAMPLE,
  ADMIN_EVENT_LIST_EXAMPLE,
  EVENT_ENTRY_EXAMPLE,
} from './examples.js';
import { presentAdminEvent, presentAdminEventDetail } from './presenter.js';
import {
  AdminEvent,
  AdminEventDetail,
  AdminEventList,
  AdminEventListQuery,
  CreateEventBody,
  EventEntryBody,
  PatchEventBody,
} from './schema.js';
import {
  addEventEntry,
  createEvent,
  getAdminEventDetail,
  listAdminEvents,
  patchEvent,
  removeEventEntry,
  resolveEventId,
} from './service.js';

/** Admin reads and writes of events, their league links and own entries. */
export function adminEventRoutes(context: AppContext) {
  const db = context.database.db;
  return async function register(app: App): Promise<void> {
    app.get(
      '/orgs/:orgSlug/events',
      {
        config: { access: 'org' },
        schema: {
          operationId: 'listEvents',
          tags: ['Events'],
          summary: 'List the organization’s events, every status, with the public list’s filters',
          params: OrgParams,
          querystring: AdminEventListQuery,
          response: {
            200: json(AdminEventList, 'A page of events.', ADMIN_EVENT_LIST_EXAMPLE),
            ...ADMIN_FAILURES,
          },
        },
      },
      async (request) => {
        const { eventSeries, tag, ...query } = request.query;
        const found = await listAdminEvents(db, {
          ...query,
          tags: tag === undefined ? undefined : [tag],
          orgSlug: request.params.orgSlug,
          leagueSlug: eventSeries,
          now: context.now(),
        });
        return { count: found.count, events: found.events.map(presentAdminEvent) };
      },
    );

    app.get(
      '/orgs/:orgSlug/events/:id',
      {
        config: { access: 'org' },
        schema: {
          operationId: 'getEvent',
          tags: ['Events'],
          summary: 'An event of any status, with its field, their cards and its tee sheet',
          params: EventRefParams,
          response: {
            200: json(
              AdminEventDetail,
              'The event, its field with cards, and its tee sheet (null without one).',
              ADMIN_EVENT_DETAIL_EXAMPLE,
            ),
            ...ADMIN_FAILURES,
          },
        },
      },
      async (request) =>
        presentAdminEventDetail(
          await getAdminEventDetail(
            db,
            request.params.orgSlug,
            await resolveEventId(db, request.params.orgSlug, request.params.id),
          ),
        ),
    );

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
          params: EventRefParams,
          body: PatchEventBody,
          response: {
            200: json(AdminEvent, 'The event as stored.', ADMIN_EVENT_EXAMPLE),
            ...ADMIN_FAILURES,
          },
        },
      },
      async (request) =>
        presentAdminEvent(
          await patchEvent(
            db,
            request.params.orgSlug,
            await resolveEventId(db, request.params.orgSlug, request.params.id),
            request.body,
          ),
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
          params: EventRefParams,
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
          eventId: await resolveEventId(db, request.params.orgSlug, request.params.id),
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
          eventId: await resolveEventId(db, request.params.orgSlug, request.params.id),
          userId: request.params.userId,
        });
        return reply.code(204).send(null);
      },
    );
  };
}
