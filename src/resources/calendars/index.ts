import { PUBLIC_BASE_PATH } from '../../http/base-paths.js';
import type { Resource } from '../resource.js';
import { calendarRoutes } from './public-routes.js';

/**
 * Calendars: iCalendar views of the events resource's schedules, in a folder of their own
 * because they are a format of their own (ical-generator), read through the events' and
 * leagues' services.
 */
export const calendars: Resource = {
  name: 'calendars',
  public: {
    tag: {
      name: 'Calendars',
      description: 'iCalendar (`.ics`) schedules to subscribe to in a phone’s calendar.',
    },
    routes: calendarRoutes,
  },
  async crawl(db, orgSlug) {
    const org = `${PUBLIC_BASE_PATH}/orgs/${orgSlug}`;
    const rows = await db.selectFrom('event_series').select('slug').execute();
    return [
      `${org}/events/calendar.ics`,
      ...rows.map(({ slug }) => `${org}/event-series/${slug}/calendar.ics`),
    ];
  },
};
