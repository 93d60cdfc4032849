import type { Static } from 'typebox';
import Type from 'typebox';
import type { Event } from '../../db/schema.js';
import { addEventEntry, createEvent, patchEvent, removeEventEntry } from '../../services/events.js';
import type { App, AppContext } from '../context.js';
import { AdminEvent, CreateEventBody, EventEntryBody, PatchEventBody } from '../schemas/admin.js';
import { EventEntryParams, LeagueIdParams, OrgParams } from '../schemas/common.js';
import { adminFailures } from './failures.js';

function presentAdminEvent(result: { event: Event; tags: string[] }): Static<typeof AdminEvent> {
  const { event, tags } = result;
  return {
    id: event.id,
    slug: event.slug,
    title: event.title,
    eventType: event.event_type,
    status: event.status,
    startDate: event.start_at.toISOString(),
    endDate: event.end_at?.toISOString() ?? null,
    localDate: event.local_date,
    tags,
    eventSeriesId: event.event_series_id,
    entryCount: event.entry_count,
    courseName: event.course_name,
    pars: event.pars,
  };
}

/** Admin writes of events, their league links and own entries. */
export function adminEventRoutes(context: AppContext) {
  const db = context.database.db;
  return async function register(app: App): Promise<void> {
    app.post(
      '/orgs/:orgSlug/events',
      {
        schema: {
          params: OrgParams,
          body: CreateEventBody,
          response: { 201: AdminEvent, ...adminFailures },
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
        schema: {
          params: LeagueIdParams,
          body: PatchEventBody,
          response: { 200: AdminEvent, ...adminFailures },
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
        schema: {
          params: LeagueIdParams,
          body: EventEntryBody,
          response: { 201: EventEntryBody, ...adminFailures },
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
      { schema: { params: EventEntryParams, response: { 204: Type.Null(), ...adminFailures } } },
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
