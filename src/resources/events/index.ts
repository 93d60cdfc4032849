import { PUBLIC_BASE_PATH } from '../../http/base-paths.js';
import type { Resource } from '../resource.js';
import { adminEventRoutes } from './admin-routes.js';
import { eventDetailWidget } from './event-detail-widget.js';
import { fieldWidget } from './field-widget.js';
import { eventRoutes } from './public-routes.js';
import { scheduleWidget } from './schedule-widget.js';

export const events: Resource = {
  name: 'events',
  public: {
    tag: { name: 'Events', description: 'Events, and a league’s schedule (`eventSeries`).' },
    routes: eventRoutes,
  },
  admin: {
    tag: { name: 'Events', description: 'Events, their course and their entries.' },
    routes: adminEventRoutes,
  },
  widgets: [scheduleWidget, eventDetailWidget, fieldWidget],
  async crawl(db, orgSlug) {
    const org = `${PUBLIC_BASE_PATH}/orgs/${orgSlug}`;
    const leagues = await db.selectFrom('event_series').select('slug').execute();
    const events = await db.selectFrom('events').select('slug').execute();
    return [
      `${org}/events?filter=all&limit=100`,
      `${org}/events?filter=upcoming`,
      `${org}/events?filter=completed`,
      `/embed/schedule?org=${orgSlug}&actions=1`,
      ...leagues.flatMap(({ slug }) => [
        `${org}/events?filter=all&eventSeries=${slug}`,
        `/embed/schedule?org=${orgSlug}&league=${slug}&actions=1`,
      ]),
      ...events.flatMap(({ slug }) => [
        `${org}/events/${slug}`,
        `${org}/events/${slug}/field`,
        `/embed/event-detail?org=${orgSlug}&event=${slug}`,
        `/embed/field?org=${orgSlug}&event=${slug}`,
      ]),
    ];
  },
};
