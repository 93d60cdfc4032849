import { sql, type ExpressionBuilder, type Insertable, type Updateable } from 'kysely';
import type { Database, Event, EventsTable } from '../../db/schema.js';
import { PUBLIC_EVENT_STATUSES, type EventListFilter } from '../../domain/events.js';
import { LEAGUE_STATUSES, PUBLIC_LEAGUE_STATUSES } from '../../domain/visibility.js';
import type { Executor } from '../../db/executor.js';
import { preparedQuery, preparedQueryShapes } from '../../db/prepared-queries.js';
import type { UserName } from '../users/store.js';

export async function insertEvent(db: Executor, event: Insertable<EventsTable>): Promise<Event> {
  return db.insertInto('events').values(event).returningAll().executeTakeFirstOrThrow();
}

export async function updateEvent(
  db: Executor,
  id: number,
  patch: Updateable<EventsTable>,
): Promise<Event> {
  return db
    .updateTable('events')
    .set(patch)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

const eventOfOrgForUpdate = preparedQuery((db, values: { orgSlug: string; id: number }) =>
  db
    .selectFrom('events')
    .innerJoin('orgs', 'orgs.id', 'events.org_id')
    .selectAll('events')
    .where('orgs.slug', '=', values.orgSlug)
    .where('events.id', '=', values.id)
    .forUpdate('events'),
);

/**
 * Reads and locks the org's event of this id until the transaction ends, in one statement:
 * writes of one event's course, field, tee sheet, cards and boards queue here.
 */
export async function lockEventOfOrg(
  db: Executor,
  orgSlug: string,
  id: number,
): Promise<Event | undefined> {
  const [event] = await eventOfOrgForUpdate(db, { orgSlug, id });
  return event;
}

const eventIdBySlug = preparedQuery((db, values: { orgSlug: string; slug: string }) =>
  db
    .selectFrom('events')
    .innerJoin('orgs', 'orgs.id', 'events.org_id')
    .select('events.id')
    .where('orgs.slug', '=', values.orgSlug)
    .where('events.slug', '=', values.slug),
);

/** The id of the event with this slug in the org of `orgSlug`, in one statement. */
export async function findEventIdBySlug(
  db: Executor,
  orgSlug: string,
  slug: string,
): Promise<number | undefined> {
  const [row] = await eventIdBySlug(db, { orgSlug, slug });
  return row?.id;
}

export async function findEventById(
  db: Executor,
  orgId: number,
  id: number,
): Promise<Event | undefined> {
  return db
    .selectFrom('events')
    .selectAll()
    .where('org_id', '=', orgId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/**
 * Whether visitors may see an event: not a draft, and not a night of a hidden league (such
 * a night is as hidden as its league).
 */
function publiclyVisible(eb: ExpressionBuilder<Database, 'events'>) {
  return eb.and([
    eb('events.status', 'in', PUBLIC_EVENT_STATUSES),
    eb.or([
      eb('events.event_series_id', 'is', null),
      eb.exists(
        eb
          .selectFrom('event_series as league')
          .select('league.id')
          .whereRef('league.id', '=', 'events.event_series_id')
          .where('league.status', 'in', PUBLIC_LEAGUE_STATUSES),
      ),
    ]),
  ]);
}

/** What a listed event shows: read alone, since parsing every column cost a schedule miss. */
const LISTED_COLUMNS = [
  'events.id',
  'events.slug',
  'events.title',
  'events.event_type',
  'events.status',
  'events.start_at',
  'events.end_at',
  'events.course_name',
  'events.event_series_id',
] as const;

/**
 * What a calendar shows besides: the event's revision. Read only for calendars, since a
 * timestamp parsed on every row of every schedule was a measurable part of its miss.
 */
const REVISION_COLUMNS = ['events.sequence', 'events.updated_at'] as const;

/** A public event with its field size: a league night's field is the league's live roster. */
export type ListedEvent = Pick<
  Event,
  | 'id'
  | 'slug'
  | 'title'
  | 'event_type'
  | 'status'
  | 'start_at'
  | 'end_at'
  | 'course_name'
  | 'event_series_id'
> & { total_players: number };

/** An event's revision, which a subscribed calendar compares to update its copy. */
export type EventRevision = Pick<Event, 'sequence' | 'updated_at'>;

/** The field size of an event read with its league (`event_series`) left-joined. */
const TOTAL_PLAYERS = sql<number>`coalesce(event_series.member_count, events.entry_count)`.as(
  'total_players',
);

/** A public event, with the slug and name of its league when it is a league night. */
export type PublicEvent = Event & {
  total_players: number;
  league_slug: string | null;
  league_name: string | null;
};

export async function findPublicEventBySlug(
  db: Executor,
  orgId: number,
  slug: string,
): Promise<PublicEvent | undefined> {
  return db
    .selectFrom('events')
    .leftJoin('event_series', 'event_series.id', 'events.event_series_id')
    .selectAll('events')
    .select([TOTAL_PLAYERS, 'event_series.slug as league_slug', 'event_series.name as league_name'])
    .where('events.org_id', '=', orgId)
    .where('events.slug', '=', slug)
    .where(publiclyVisible)
    .executeTakeFirst();
}

export async function replaceEventTags(
  db: Executor,
  eventId: number,
  tags: string[],
): Promise<void> {
  await db.deleteFrom('event_tags').where('event_id', '=', eventId).execute();
  if (tags.length === 0) return;
  await db
    .insertInto('event_tags')
    .values(tags.map((tag) => ({ event_id: eventId, tag })))
    .execute();
}

/** Events of an org by id, in the order of `ids`. */
export async function findEventsByIds(
  db: Executor,
  orgId: number,
  ids: readonly number[],
): Promise<Event[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('events')
    .selectAll()
    .where('org_id', '=', orgId)
    .where('id', 'in', ids)
    .execute();
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** Tags of each event, sorted, keyed by event id. */
export async function tagsOfEvents(
  db: Executor,
  eventIds: number[],
): Promise<Map<number, string[]>> {
  const tags = new Map<number, string[]>(eventIds.map((id) => [id, []]));
  if (eventIds.length === 0) return tags;
  const rows = await db
    .selectFrom('event_tags')
    .select(['event_id', 'tag'])
    .where('event_id', 'in', eventIds)
    .orderBy('tag')
    .execute();
  for (const row of rows) tags.get(row.event_id)?.push(row.tag);
  return tags;
}

/** What a schedule read selects: an org's public events, or one public league's. */
export interface ScheduleRead {
  orgSlug: string;
  /** A public league of the org; its schedule only. */
  leagueSlug?: string | undefined;
  /** Events carrying any of these tags. */
  tags?: readonly string[] | undefined;
  /** Events and leagues of every status, drafts and hidden leagues included (the admin's). */
  everyStatus?: boolean | undefined;
  /** Each event's revision as well (`EventRevision`), for calendars. */
  revisions?: boolean | undefined;
  year?: number | undefined;
  filter: EventListFilter;
  now: Date;
  limit: number;
  offset: number;
  newestFirst: boolean;
}

/** A scheduled event with its tags, sorted. */
export type ScheduledEvent = ListedEvent & { tags: string[] };

/** A scheduled event with its revision, as a calendar reads it. */
export type RevisedEvent = ScheduledEvent & EventRevision;

/** One page of a schedule with the totals of the whole list. */
export interface ScheduleRows<E extends ScheduledEvent = ScheduledEvent> {
  timezone: string;
  /** Events matching before paging. */
  count: number;
  /** Year of the earliest public event of the league and tags, whatever the window. */
  oldestYear: number | null;
  events: E[];
}

/** Where the schedule's org and league ids come from: the one-row `scope` of the statement. */
const SCOPE_ORG = sql<number>`scope.org_id`;
const SCOPE_LEAGUE = sql<number>`scope.league_id`;

/** What decides the schedule statement's text: which filters are present, and the order. */
interface ScheduleShape {
  league: boolean;
  tags: 'none' | 'empty' | 'some';
  everyStatus: boolean;
  revisions: boolean;
  year: boolean;
  filter: EventListFilter;
  newestFirst: boolean;
}

/** The values the schedule statement binds. */
interface ScheduleValues {
  orgSlug: string;
  leagueSlug: string | undefined;
  tags: readonly string[] | undefined;
  year: number | undefined;
  now: Date;
  limit: number;
  offset: number;
}

function matching(shape: ScheduleShape, values: ScheduleValues) {
  return (eb: ExpressionBuilder<Database, 'events'>) => {
    // A league's nights: the scope found the league public and of this org, so its nights
    // are visible unless drafts, and the org and league checks need not run per event.
    const conditions = shape.league
      ? [eb('events.event_series_id', '=', SCOPE_LEAGUE)]
      : [eb('events.org_id', '=', SCOPE_ORG)];
    if (!shape.everyStatus) {
      conditions.push(
        shape.league ? eb('events.status', 'in', PUBLIC_EVENT_STATUSES) : publiclyVisible(eb),
      );
    }
    if (shape.tags === 'empty') conditions.push(eb.lit(false));
    if (shape.tags === 'some') {
      conditions.push(
        eb.exists(
          eb
            .selectFrom('event_tags')
            .select('event_tags.event_id')
            .whereRef('event_tags.event_id', '=', 'events.id')
            // One array parameter, not a list: the statement's text stays fixed.
            .where(sql<boolean>`event_tags.tag = any(${values.tags}::text[])`),
        ),
      );
    }
    return eb.and(conditions);
  };
}

function inWindow(shape: ScheduleShape, values: ScheduleValues) {
  return (eb: ExpressionBuilder<Database, 'events'>) => {
    const conditions = [matching(shape, values)(eb)];
    if (shape.year) conditions.push(eb('events.local_year', '=', values.year as number));
    const ends = sql<Date>`coalesce(events.end_at, events.start_at)`;
    if (shape.filter === 'upcoming') {
      conditions.push(eb('events.status', '<>', 'completed'), eb(ends, '>=', values.now));
    }
    if (shape.filter === 'completed') {
      conditions.push(
        eb.or([
          eb('events.status', '=', 'completed'),
          eb.and([eb('events.status', '=', 'published'), eb(ends, '<', values.now)]),
        ]),
      );
    }
    return eb.and(conditions);
  };
}

const scheduleRows = preparedQueryShapes(
  (shape: ScheduleShape) =>
    [
      shape.league,
      shape.tags,
      shape.everyStatus,
      shape.revisions,
      shape.year,
      shape.filter,
      shape.newestFirst,
    ].join(' '),
  (db, shape: ScheduleShape, values: ScheduleValues) => {
    const direction = shape.newestFirst ? 'desc' : 'asc';
    return (
      db
        .with(
          (cte) => cte('scope').materialized(),
          (qb) =>
            qb
              .selectFrom('orgs')
              .select((eb) => [
                'orgs.id as org_id',
                'orgs.timezone',
                shape.league
                  ? eb
                      .selectFrom('event_series')
                      .select('event_series.id')
                      .whereRef('event_series.org_id', '=', 'orgs.id')
                      .where('event_series.slug', '=', values.leagueSlug as string)
                      .where(
                        'event_series.status',
                        'in',
                        shape.everyStatus ? LEAGUE_STATUSES : PUBLIC_LEAGUE_STATUSES,
                      )
                      .as('league_id')
                  : sql<number | null>`null::integer`.as('league_id'),
              ])
              .where('orgs.slug', '=', values.orgSlug),
        )
        // Materialized, so that the count and the oldest year are computed once, not per row.
        .with(
          (cte) => cte('totals').materialized(),
          (qb) =>
            qb.selectFrom('scope').select((eb) => [
              eb
                .selectFrom('events')
                .select((inner) => inner.fn.countAll<number>().as('count'))
                .where(inWindow(shape, values) as never)
                .as('count'),
              eb
                .selectFrom('events')
                .select('events.local_year')
                .where(matching(shape, values) as never)
                .orderBy('events.start_at')
                .limit(1)
                .as('oldest_year'),
            ]),
        )
        .selectFrom(['scope', 'totals'])
        .leftJoinLateral(
          (eb) =>
            eb
              .selectFrom('events')
              .leftJoin('event_series', 'event_series.id', 'events.event_series_id')
              .select([
                ...LISTED_COLUMNS,
                ...(shape.revisions ? REVISION_COLUMNS : []),
                TOTAL_PLAYERS,
                sql<string[]>`array(
                  select event_tags.tag from event_tags
                  where event_tags.event_id = events.id order by event_tags.tag
                )`.as('tags'),
              ])
              .where(inWindow(shape, values) as never)
              .orderBy('events.start_at', direction)
              .orderBy('events.id', direction)
              .limit(values.limit)
              .offset(values.offset)
              .as('page'),
          (join) => join.onTrue(),
        )
        .selectAll('page')
        .select([
          'scope.timezone as scope_timezone',
          'scope.league_id as scope_league_id',
          'totals.count as scope_count',
          'totals.oldest_year as scope_oldest_year',
        ])
        .orderBy('page.start_at', direction)
        .orderBy('page.id', direction)
    );
  },
);

/**
 * One page of public events with their tags, the number matching before paging and the
 * oldest year, in one statement: a one-row `scope` finds the org (and the public league),
 * and the page, the count and the oldest year are read beside it. Undefined when the org,
 * or the public league asked for, does not exist. The text depends only on which filters
 * are present, so it is prepared once per shape.
 */
export async function readSchedule(
  db: Executor,
  query: ScheduleRead & { revisions: true },
): Promise<ScheduleRows<RevisedEvent> | undefined>;
export async function readSchedule(
  db: Executor,
  query: ScheduleRead,
): Promise<ScheduleRows | undefined>;
export async function readSchedule(
  db: Executor,
  query: ScheduleRead,
): Promise<ScheduleRows<ScheduledEvent | RevisedEvent> | undefined> {
  const { leagueSlug, tags } = query;
  const rows = await scheduleRows(
    db,
    {
      league: leagueSlug !== undefined,
      tags: tags === undefined ? 'none' : tags.length === 0 ? 'empty' : 'some',
      everyStatus: query.everyStatus === true,
      revisions: query.revisions === true,
      year: query.year !== undefined,
      filter: query.filter,
      newestFirst: query.newestFirst,
    },
    {
      orgSlug: query.orgSlug,
      leagueSlug,
      tags,
      year: query.year,
      now: query.now,
      limit: query.limit,
      offset: query.offset,
    },
  );
  const [first] = rows;
  if (first === undefined) return undefined;
  if (leagueSlug !== undefined && first.scope_league_id === null) return undefined;
  const events: ScheduledEvent[] = [];
  for (const row of rows) {
    // The page is outer-joined: an empty page is one row of nulls beside the scope. The
    // scope's columns stay on each row: copying rows without them costs more than they do.
    if (row.id !== null) events.push(row as ScheduledEvent);
  }
  return {
    timezone: first.scope_timezone,
    count: first.scope_count ?? 0,
    oldestYear: first.scope_oldest_year,
    events,
  };
}

/**
 * Recomputes a league's schedule-derived columns from its public linked events. Callers lock
 * the league row first, so concurrent event writes cannot leave a stale count.
 */
export async function refreshLeagueSchedule(db: Executor, leagueId: number): Promise<void> {
  const linked = (eb: ExpressionBuilder<Database, 'events'>) =>
    eb.and([eb('event_series_id', '=', leagueId), eb('status', 'in', PUBLIC_EVENT_STATUSES)]);
  await db
    .updateTable('event_series')
    .set((eb) => ({
      linked_event_count: eb
        .selectFrom('events')
        .select((inner) => inner.fn.countAll<number>().as('count'))
        .where(linked),
      first_event_date: eb
        .selectFrom('events')
        .select((inner) => inner.fn.min('local_date').as('day'))
        .where(linked),
      last_event_date: eb
        .selectFrom('events')
        .select((inner) => inner.fn.max('local_date').as('day'))
        .where(linked),
    }))
    .where('id', '=', leagueId)
    .execute();
}

/** A golfer of an event's field as stored, with their team in a league (an id) or not. */
export type FieldRow = UserName & {
  user_id: number;
  team_id: number | null;
  team_name: string | null;
};

const leagueNightField = preparedQuery((db, values: { leagueId: number }) =>
  db
    .selectFrom('roster_entries as entry')
    .innerJoin('users', 'users.id', 'entry.user_id')
    .leftJoin('teams', 'teams.id', 'entry.team_id')
    .select([
      'entry.user_id',
      'users.first_name',
      'users.last_name',
      'teams.id as team_id',
      'teams.name as team_name',
    ])
    .where('entry.event_series_id', '=', values.leagueId)
    .where('entry.status', '=', 'active')
    .orderBy('entry.registered_at')
    .orderBy('entry.id'),
);

const entriesField = preparedQuery((db, values: { eventId: number }) =>
  db
    .selectFrom('event_entries as entry')
    .innerJoin('users', 'users.id', 'entry.user_id')
    .select([
      'entry.user_id',
      'users.first_name',
      'users.last_name',
      sql<null>`null`.as('team_id'),
      'entry.team_name',
    ])
    .where('entry.event_id', '=', values.eventId)
    .orderBy('entry.created_at')
    .orderBy('entry.id'),
);

/**
 * What `findField` draws an event's field from, as a key: events with the same source have
 * the same field.
 */
export function eventFieldSource(event: Event): string {
  return event.event_series_id === null
    ? `entries of event ${event.id}`
    : `roster of league ${event.event_series_id}`;
}

/**
 * An event's field in registration order: the league's active roster for a league night
 * (drawn live, so late joiners are in it), else the event's own entries, which carry a team
 * name only.
 */
export async function findField(db: Executor, event: Event): Promise<FieldRow[]> {
  return event.event_series_id === null
    ? entriesField(db, { eventId: event.id })
    : leagueNightField(db, { leagueId: event.event_series_id });
}

export async function insertEventEntry(
  db: Executor,
  entry: { event_id: number; user_id: number; team_name: string | null },
): Promise<void> {
  await db.insertInto('event_entries').values(entry).execute();
  await db
    .updateTable('events')
    .set({ entry_count: sql`entry_count + 1` })
    .where('id', '=', entry.event_id)
    .execute();
}

/** Removes a golfer's entry; returns whether there was one. */
export async function deleteEventEntry(
  db: Executor,
  eventId: number,
  userId: number,
): Promise<boolean> {
  const deleted = await db
    .deleteFrom('event_entries')
    .where('event_id', '=', eventId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (deleted.numDeletedRows === 0n) return false;
  await db
    .updateTable('events')
    .set({ entry_count: sql`entry_count - 1` })
    .where('id', '=', eventId)
    .execute();
  return true;
}
