import { sql, type ExpressionBuilder, type Insertable, type Updateable } from 'kysely';
import type { Database, Event, EventsTable } from '../db/schema.js';
import { PUBLIC_EVENT_STATUSES, type EventListFilter } from '../domain/events.js';
import { PUBLIC_LEAGUE_STATUSES } from '../domain/visibility.js';
import type { Executor } from './executor.js';
import type { UserName } from './users.js';

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

/** A public event with its field size: a league night's field is the league's live roster. */
export type ListedEvent = Event & { total_players: number };

/** The field size of an event read with its league (`event_series`) left-joined. */
const TOTAL_PLAYERS = sql<number>`coalesce(event_series.member_count, events.entry_count)`.as(
  'total_players',
);

/** A public event, with the slug and name of its league when it is a league night. */
export type PublicEvent = ListedEvent & { league_slug: string | null; league_name: string | null };

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

export interface EventQuery {
  orgId: number;
  leagueId?: number | undefined;
  /** Events carrying any of these tags. */
  tags?: readonly string[] | undefined;
  year?: number | undefined;
  filter: EventListFilter;
  now: Date;
}

function matching(query: Omit<EventQuery, 'filter' | 'now' | 'year'>) {
  return (eb: ExpressionBuilder<Database, 'events'>) => {
    const conditions = [eb('events.org_id', '=', query.orgId), publiclyVisible(eb)];
    if (query.leagueId !== undefined) {
      conditions.push(eb('events.event_series_id', '=', query.leagueId));
    }
    if (query.tags !== undefined) {
      const tags = query.tags;
      conditions.push(
        tags.length === 0
          ? eb.lit(false)
          : eb.exists(
              eb
                .selectFrom('event_tags')
                .select('event_tags.event_id')
                .whereRef('event_tags.event_id', '=', 'events.id')
                .where('event_tags.tag', 'in', tags),
            ),
      );
    }
    return eb.and(conditions);
  };
}

function inWindow(query: EventQuery) {
  return (eb: ExpressionBuilder<Database, 'events'>) => {
    const conditions = [matching(query)(eb)];
    if (query.year !== undefined) conditions.push(eb('events.local_year', '=', query.year));
    const ends = sql<Date>`coalesce(events.end_at, events.start_at)`;
    if (query.filter === 'upcoming') {
      conditions.push(eb('events.status', '<>', 'completed'), eb(ends, '>=', query.now));
    }
    if (query.filter === 'completed') {
      conditions.push(
        eb.or([
          eb('events.status', '=', 'completed'),
          eb.and([eb('events.status', '=', 'published'), eb(ends, '<', query.now)]),
        ]),
      );
    }
    return eb.and(conditions);
  };
}

/** One page of public events and the number matching before paging. */
export async function listEvents(
  db: Executor,
  query: EventQuery,
  page: { limit: number; offset: number; newestFirst: boolean },
): Promise<{ events: ListedEvent[]; count: number }> {
  const direction = page.newestFirst ? 'desc' : 'asc';
  const [events, counted] = await Promise.all([
    db
      .selectFrom('events')
      .leftJoin('event_series', 'event_series.id', 'events.event_series_id')
      .selectAll('events')
      .select(TOTAL_PLAYERS)
      .where(inWindow(query))
      .orderBy('events.start_at', direction)
      .orderBy('events.id', direction)
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    db
      .selectFrom('events')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where(inWindow(query))
      .executeTakeFirstOrThrow(),
  ]);
  return { events, count: counted.count };
}

/** Year of the earliest public event matching the league and tags, or null when none. */
export async function oldestEventYear(
  db: Executor,
  query: Omit<EventQuery, 'filter' | 'now' | 'year'>,
): Promise<number | null> {
  const row = await db
    .selectFrom('events')
    .select('local_year')
    .where(matching(query))
    .orderBy('start_at')
    .limit(1)
    .executeTakeFirst();
  return row?.local_year ?? null;
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

/** A player of an event's field: a golfer's name and their team's, if any. */
export type FieldEntry = UserName & { team_name: string | null };

/** The players of an event: the league roster for a league night, else its own entries. */
export async function eventField(db: Executor, event: Event): Promise<FieldEntry[]> {
  if (event.event_series_id !== null) {
    return db
      .selectFrom('roster_entries')
      .innerJoin('users', 'users.id', 'roster_entries.user_id')
      .leftJoin('teams', 'teams.id', 'roster_entries.team_id')
      .select(['users.first_name', 'users.last_name', 'teams.name as team_name'])
      .where('roster_entries.event_series_id', '=', event.event_series_id)
      .where('roster_entries.status', '=', 'active')
      .orderBy('roster_entries.registered_at')
      .orderBy('roster_entries.id')
      .execute();
  }
  return db
    .selectFrom('event_entries')
    .innerJoin('users', 'users.id', 'event_entries.user_id')
    .select(['users.first_name', 'users.last_name', 'event_entries.team_name'])
    .where('event_entries.event_id', '=', event.id)
    .orderBy('event_entries.created_at')
    .orderBy('event_entries.id')
    .execute();
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
