import Type, { type Static } from 'typebox';
import { HOLE_COUNTS, MAX_HOLES, MAX_PAR, MIN_PAR } from '../../domain/course.js';
import { FIRST_YEAR, LAST_YEAR } from '../../domain/dates.js';
import {
  DEFAULT_EVENT_LIMIT,
  EVENT_LIST_FILTERS,
  EVENT_STATUSES,
  MAX_EVENT_LIMIT,
  PUBLIC_EVENT_STATUSES,
} from '../../domain/events.js';
import {
  AdminDateTime,
  Id,
  Nullable,
  Slug,
  SLUG_PATTERN,
  SLUG_RULE,
  Text,
  ZonedDateTime,
} from '../../http/schemas/common.js';
import { AdminTeeSheet } from '../tee-sheets/schema.js';

const Tag = Slug;

/** Course fields of the admin event create and patch bodies. */

export const courseFields = {
  courseName: Type.Optional(Nullable(Type.String({ minLength: 1, maxLength: 200 }))),
  pars: Type.Optional(
    Nullable(
      Type.Array(Type.Integer({ minimum: MIN_PAR, maximum: MAX_PAR }), {
        minItems: Math.min(...HOLE_COUNTS),
        maxItems: MAX_HOLES,
        description: `The par of each hole: ${HOLE_COUNTS.join(' or ')} of them.`,
      }),
    ),
  ),
  strokeIndex: Type.Optional(
    Nullable(
      Type.Array(Type.Integer({ minimum: 1, maximum: MAX_HOLES }), {
        minItems: Math.min(...HOLE_COUNTS),
        maxItems: MAX_HOLES,
        description:
          'Each hole’s stroke index, hole 1 first: every number from 1 to the number of holes ' +
          'once, 1 the hardest. Net scoring gives extra strokes on the lowest. Null: holes in order.',
      }),
    ),
  ),
  netScoring: Type.Optional(
    Type.Boolean({
      description:
        'Adds a net board after the individual one; a team league’s night then scores its ' +
        'teams best net ball.',
    }),
  ),
};
/** Course fields of the admin event answer. */

export const courseAnswerFields = {
  courseName: Nullable(Type.String()),
  pars: Nullable(Type.Array(Type.Integer())),
  strokeIndex: Nullable(Type.Array(Type.Integer())),
  netScoring: Type.Boolean(),
};
export const eventFields = {
  slug: Slug,
  title: Text(200),
  eventType: Type.String({
    pattern: SLUG_PATTERN,
    errorMessage: SLUG_RULE,
    maxLength: 50,
    description: 'e.g. league-night, tournament',
  }),
  status: Type.Enum(EVENT_STATUSES),
  startDate: AdminDateTime('When the event starts.'),
  endDate: Type.Optional(Nullable(AdminDateTime('When the event ends.'))),
  tags: Type.Optional(Type.Array(Tag, { maxItems: 20 })),
  eventSeriesId: Type.Optional(Nullable(Id)),
  ...courseFields,
};

export const EventItem = Type.Object({
  id: Type.Integer(),
  slug: Type.String(),
  title: Type.String(),
  eventType: Type.String(),
  status: Type.Enum(PUBLIC_EVENT_STATUSES),
  startDate: Type.String({ format: 'date-time' }),
  endDate: Type.Optional(Type.String({ format: 'date-time' })),
  tags: Type.Array(Type.String()),
  totalPlayers: Type.Integer({
    description: 'A league night’s field is the league’s live roster.',
  }),
  courseListSummary: Type.Union([Type.String(), Type.Null()], {
    description: 'The course the event is played on, or null.',
  }),
});
export type EventItem = Static<typeof EventItem>;
export const EventList = Type.Object(
  {
    count: Type.Integer({ description: 'Matching events before paging.' }),
    oldestYear: Type.Integer(),
    events: Type.Array(EventItem),
  },
  { additionalProperties: false },
);
export type EventList = Static<typeof EventList>;
export const EventListQuery = Type.Object({
  filter: Type.Optional(
    Type.Enum(EVENT_LIST_FILTERS, {
      default: 'all',
      description:
        '`upcoming`: not yet over, soonest first; `completed`: over, newest first; `all`: both.',
    }),
  ),
  eventSeries: Type.Optional(
    Type.String({
      ...Slug,
      description:
        'A league’s slug: only the events linked to that league (its schedule). Absent: ' +
        'events of every league and none. A slug naming no public league is a 404.',
    }),
  ),
  tag: Type.Optional(
    Type.String({ ...Slug, description: 'Only events with this tag. Absent: any tag.' }),
  ),
  year: Type.Optional(
    Type.Integer({
      minimum: FIRST_YEAR,
      maximum: LAST_YEAR,
      description: 'Only events starting in this year (the organization’s time zone). Absent: any.',
    }),
  ),
  limit: Type.Optional(
    Type.Integer({
      minimum: 1,
      maximum: MAX_EVENT_LIMIT,
      default: DEFAULT_EVENT_LIMIT,
      description: 'Events per page.',
    }),
  ),
  offset: Type.Optional(
    Type.Integer({
      minimum: 0,
      maximum: 1000000,
      default: 0,
      description: 'Matching events to skip before the page.',
    }),
  ),
});
export const EventDetail = Type.Object(
  {
    ...EventItem.properties,
    eventSeries: Type.Optional(
      Type.Object({ id: Type.Integer(), slug: Type.String(), name: Type.String() }),
    ),
  },
  { additionalProperties: false },
);
export type EventDetail = Static<typeof EventDetail>;
export const EventField = Type.Object(
  {
    count: Type.Integer(),
    players: Type.Array(
      Type.Object({ name: Type.String(), teamName: Type.Union([Type.String(), Type.Null()]) }),
    ),
  },
  { additionalProperties: false },
);
export type EventField = Static<typeof EventField>;
export const CreateEventBody = Type.Object(eventFields, { additionalProperties: false });
export const PatchEventBody = Type.Partial(Type.Object(eventFields), {
  additionalProperties: false,
  minProperties: 1,
});
export const AdminEvent = Type.Object({
  id: Type.Integer(),
  slug: Type.String(),
  title: Type.String(),
  eventType: Type.String(),
  status: Type.String(),
  startDate: ZonedDateTime,
  endDate: Nullable(ZonedDateTime),
  localDate: Type.String(),
  tags: Type.Array(Type.String()),
  eventSeriesId: Nullable(Type.Integer()),
  entryCount: Type.Integer(),
  ...courseAnswerFields,
});
export type AdminEvent = Static<typeof AdminEvent>;
export const AdminEventList = Type.Object({
  count: Type.Integer({ description: 'Matching events, every status, before paging.' }),
  events: Type.Array(AdminEvent),
});
export type AdminEventList = Static<typeof AdminEventList>;
export const AdminEventListQuery = Type.Object({
  ...EventListQuery.properties,
  eventSeries: Type.Optional(
    Type.String({
      ...Slug,
      description:
        'A league’s slug, any status: only the events linked to that league. A slug naming ' +
        'no league of the organization is a 404.',
    }),
  ),
});
export const AdminEventDetail = Type.Object({
  ...AdminEvent.properties,
  field: Type.Array(
    Type.Object({
      userId: Type.Integer(),
      name: Type.String(),
      teamId: Nullable(Type.Integer()),
      teamName: Nullable(Type.String()),
      holes: Nullable(
        Type.Array(Nullable(Type.Integer()), {
          description: 'The golfer’s card, hole 1 first; null without one.',
        }),
      ),
    }),
    {
      description:
        'Who plays, in registration order (a league night’s field is its league’s active roster), with their cards.',
    },
  ),
  teeSheet: Nullable(AdminTeeSheet),
});
export type AdminEventDetail = Static<typeof AdminEventDetail>;
export const EventEntryBody = Type.Object(
  { userId: Id, teamName: Type.Optional(Text(100)) },
  { additionalProperties: false },
);
