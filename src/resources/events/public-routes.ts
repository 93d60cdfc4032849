import type { App, AppContext } from '../../http/context.js';
import { EventSlugParams, OrgParams } from '../../http/schemas/common.js';
import { BAD_QUERY, publicRead } from '../../http/schemas/responses.js';
import { EVENT_EXAMPLE, EVENT_LIST_EXAMPLE, FIELD_EXAMPLE } from './examples.js';
import { presentEventDetail, presentEventField, presentEventList } from './presenter.js';
import { EventDetail, EventField, EventList, EventListQuery } from './schema.js';
import { getEventField, getPublicEvent, listSchedule } from './service.js';

/** Events and league schedules. */
export function eventRoutes(context: AppContext) {
  const db = context.database.db;
  return async function register(app: App): Promise<void> {
    app.get(
      '/orgs/:orgSlug/events',
      {
        schema: {
          operationId: 'listEvents',
          tags: ['Events'],
          summary: 'List public events; with eventSeries, a league’s schedule',
          params: OrgParams,
          querystring: EventListQuery,
          response: {
            ...publicRead(
              EventList,
              'A page of events, with the count of all that match.',
              EVENT_LIST_EXAMPLE,
            ),
            ...BAD_QUERY,
          },
        },
      },
      async (request) => {
        const { eventSeries, tag, ...query } = request.query;
        return presentEventList(
          await listSchedule(db, {
            ...query,
            tags: tag === undefined ? undefined : [tag],
            orgSlug: request.params.orgSlug,
            leagueSlug: eventSeries,
            now: context.now(),
          }),
        );
      },
    );

    app.get(
      '/orgs/:orgSlug/events/:eventSlug',
      {
        schema: {
          operationId: 'getEvent',
          tags: ['Events'],
          summary: 'One public event, with its league link',
          params: EventSlugParams,
          response: publicRead(EventDetail, 'The event.', EVENT_EXAMPLE),
        },
      },
      async (request) =>
        presentEventDetail(
          await getPublicEvent(db, request.params.orgSlug, request.params.eventSlug),
        ),
    );

    app.get(
      '/orgs/:orgSlug/events/:eventSlug/field',
      {
        schema: {
          operationId: 'getEventField',
          tags: ['Events'],
          summary: 'The players of an event (a league night’s field is the league roster)',
          params: EventSlugParams,
          response: publicRead(EventField, 'The event’s players.', FIELD_EXAMPLE),
        },
      },
      async (request) =>
        presentEventField(
          await getEventField(db, request.params.orgSlug, request.params.eventSlug),
        ),
    );
  };
}
