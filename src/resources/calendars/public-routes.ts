import Type from 'typebox';
import type { App, AppContext } from '../../http/context.js';
import { LeagueSlugParams, OrgParams, Slug } from '../../http/schemas/common.js';
import { BAD_QUERY, publicReadAs } from '../../http/schemas/responses.js';
import { CALENDAR_EXAMPLE } from './examples.js';
import { leagueCalendar, orgCalendar } from './service.js';

const CALENDAR_TYPE = 'text/calendar; charset=utf-8';
const answer = (description: string) =>
  publicReadAs('text/calendar', Type.String(), description, CALENDAR_EXAMPLE);

const CalendarQuery = Type.Object({
  tag: Type.Optional(
    Type.String({ ...Slug, description: 'Only events with this tag. Absent: every event.' }),
  ),
});

/** iCalendar documents a phone's calendar subscribes to (decisions §16). */
export function calendarRoutes(context: AppContext) {
  const db = context.database.db;
  return async function register(app: App): Promise<void> {
    app.get(
      '/orgs/:orgSlug/event-series/:slug/calendar.ics',
      {
        schema: {
          operationId: 'getLeagueCalendar',
          tags: ['Calendars'],
          summary: 'A public league’s nights as an iCalendar (RFC 5545)',
          description:
            'One VEVENT per night: stable UID, canceled nights as STATUS:CANCELLED, and ' +
            'SEQUENCE and LAST-MODIFIED moving when a night changes. A hidden league is a 404.',
          params: LeagueSlugParams,
          response: answer('The league’s calendar.'),
        },
      },
      async (request, reply) => {
        const { orgSlug, slug } = request.params;
        const body = await leagueCalendar(db, orgSlug, slug, context.now());
        return reply.type(CALENDAR_TYPE).send(body);
      },
    );

    app.get(
      '/orgs/:orgSlug/events/calendar.ics',
      {
        schema: {
          operationId: 'getEventsCalendar',
          tags: ['Calendars'],
          summary: 'The organization’s public events as an iCalendar (RFC 5545)',
          params: OrgParams,
          querystring: CalendarQuery,
          response: { ...answer('The organization’s calendar.'), ...BAD_QUERY },
        },
      },
      async (request, reply) => {
        const body = await orgCalendar(
          db,
          request.params.orgSlug,
          request.query.tag,
          context.now(),
        );
        return reply.type(CALENDAR_TYPE).send(body);
      },
    );
  };
}
