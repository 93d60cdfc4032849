import type { Static } from 'typebox';
import type {
  AdminEvent,
  AdminEventDetail,
  AdminEventList,
  EventDetail,
  EventEntryBody,
  EventField,
  EventList,
} from './schema.js';

/** The demo's sixth league night, as both APIs show it. */

export const WEEK_6 = {
  id: 6,
  slug: 'tuesday-night-6',
  title: 'Tuesday Night League — Week 6',
  eventType: 'league-night',
  status: 'published',
  startDate: '2026-06-16T22:30:00.000Z',
} as const;

export const EVENT_ITEM_EXAMPLE: EventList['events'][number] = {
  ...WEEK_6,
  tags: ['league-night'],
  totalPlayers: 6,
  courseListSummary: 'Demo Golf Club, front nine',
};

export const EVENT_LIST_EXAMPLE: EventList = {
  count: 12,
  oldestYear: 2026,
  events: [EVENT_ITEM_EXAMPLE],
};
export const EVENT_EXAMPLE: EventDetail = {
  ...EVENT_ITEM_EXAMPLE,
  eventSeries: { id: 1, slug: 'tuesday-night-league', name: 'Tuesday Night League' },
};
export const FIELD_EXAMPLE: EventField = {
  count: 2,
  players: [
    { name: 'Ava Palmer', teamName: null },
    { name: 'Ben Hogan-Reyes', teamName: null },
  ],
};
export const ADMIN_EVENT_EXAMPLE: AdminEvent = {
  ...WEEK_6,
  startDate: '2026-06-16T17:30:00-05:00',
  endDate: null,
  localDate: '2026-06-16',
  tags: ['league-night'],
  eventSeriesId: 1,
  entryCount: 0,
  courseName: 'Demo Golf Club, front nine',
  pars: [4, 4, 3, 5, 4, 4, 3, 5, 4],
  strokeIndex: [3, 5, 9, 1, 7, 4, 8, 2, 6],
  netScoring: true,
};
export const EVENT_ENTRY_EXAMPLE: Static<typeof EventEntryBody> = {
  userId: 1,
  teamName: 'Bogey Free',
};
export const ADMIN_EVENT_LIST_EXAMPLE: AdminEventList = {
  count: 12,
  events: [ADMIN_EVENT_EXAMPLE],
};
export const ADMIN_EVENT_DETAIL_EXAMPLE: AdminEventDetail = {
  ...ADMIN_EVENT_EXAMPLE,
  field: [
    {
      userId: 1,
      name: 'Ava Palmer',
      teamId: null,
      teamName: null,
      holes: [4, 5, 3, 5, 4, null, null, null, null],
    },
    { userId: 2, name: 'Ben Hogan-Reyes', teamId: null, teamName: null, holes: null },
  ],
  teeSheet: {
    format: 'shotgun',
    groups: [{ startTime: '2026-06-16T17:30:00-05:00', startingHole: 1, userIds: [1, 2] }],
  },
};
