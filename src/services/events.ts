import type { Updateable } from 'kysely';
import type { Event, EventStatus, EventsTable, Org } from '../db/schema.js';
import { localDate } from '../domain/dates.js';
import { ConflictError, NotFoundError, ValidationError } from '../domain/errors.js';
import {
  DEFAULT_EVENT_LIMIT,
  sortsNewestFirst,
  type EventListFilter,
  type PublicEventStatus,
} from '../domain/events.js';
import { isPublicLeagueStatus } from '../domain/visibility.js';
import { conflictOnDuplicate } from '../store/errors.js';
import {
  deleteEventEntry,
  eventField,
  findEventById,
  findPublicEventBySlug,
  insertEvent,
  insertEventEntry,
  listEvents,
  oldestEventYear,
  refreshLeagueSchedule,
  replaceEventTags,
  tagsOfEvents,
  updateEvent,
  type FieldPlayer,
  type ListedEvent,
} from '../store/events.js';
import type { Executor } from '../store/executor.js';
import { lockEvent } from '../store/leaderboards.js';
import { findLeagueById, lockLeague } from '../store/leagues.js';
import { findUserById } from '../store/users.js';
import { storeLeaderboards } from './leaderboards.js';
import { requireLeagueBySlug, requireOrg } from './lookup.js';
import { courseColumns, type CourseInput } from './scores.js';

export interface EventView {
  id: number;
  slug: string;
  title: string;
  eventType: string;
  status: PublicEventStatus;
  startDate: string;
  endDate?: string;
  tags: string[];
  totalPlayers: number;
  courseListSummary: string | null;
}

function eventView(event: Event, tags: string[], players: number): EventView {
  return {
    id: event.id,
    slug: event.slug,
    title: event.title,
    eventType: event.event_type,
    // Callers pass public events only; drafts never leave the store queries.
    status: event.status as PublicEventStatus,
    startDate: event.start_at.toISOString(),
    ...(event.end_at === null ? {} : { endDate: event.end_at.toISOString() }),
    tags,
    totalPlayers: players,
    courseListSummary: event.course_name,
  };
}

export interface ScheduleQuery {
  orgSlug: string;
  filter?: EventListFilter | undefined;
  eventSeries?: string | undefined;
  tag?: string | undefined;
  year?: number | undefined;
  limit?: number | undefined;
  offset?: number | undefined;
  now: Date;
}

/** The org's public events (a league's schedule with `eventSeries`), paged, with totals. */
export async function listSchedule(db: Executor, query: ScheduleQuery) {
  // With `eventSeries`, the league lookup finds the org too.
  const { org, league } =
    query.eventSeries === undefined
      ? { org: await requireOrg(db, query.orgSlug), league: undefined }
      : await requireLeagueBySlug(db, query.orgSlug, query.eventSeries, 'public');
  const leagueId = league?.id;
  const filter = query.filter ?? 'all';
  const match = { orgId: org.id, leagueId, tag: query.tag };
  const [{ events, count }, oldestYear] = await Promise.all([
    listEvents(
      db,
      { ...match, year: query.year, filter, now: query.now },
      {
        limit: query.limit ?? DEFAULT_EVENT_LIMIT,
        offset: query.offset ?? 0,
        newestFirst: sortsNewestFirst(filter),
      },
    ),
    oldestEventYear(db, match),
  ]);
  const tags = await tagsOfEvents(
    db,
    events.map((event) => event.id),
  );
  return {
    count,
    oldestYear: oldestYear ?? Number(localDate(query.now, org.timezone).slice(0, 4)),
    events: events.map((event: ListedEvent) =>
      eventView(event, tags.get(event.id) ?? [], event.total_players),
    ),
  };
}

export async function requirePublicEvent(db: Executor, orgSlug: string, eventSlug: string) {
  const org = await requireOrg(db, orgSlug);
  const event = await findPublicEventBySlug(db, org.id, eventSlug);
  if (event === undefined) throw new NotFoundError();
  return event;
}

/** One public event, with its league when that league is public. */
export async function getPublicEvent(db: Executor, orgSlug: string, eventSlug: string) {
  const event = await requirePublicEvent(db, orgSlug, eventSlug);
  const [tags, league] = await Promise.all([
    tagsOfEvents(db, [event.id]),
    event.event_series_id === null
      ? undefined
      : findLeagueById(db, event.org_id, event.event_series_id),
  ]);
  // A league night's field is the league's live roster; other events count their own entries.
  const players = league?.member_count ?? event.entry_count;
  const view = eventView(event, tags.get(event.id) ?? [], players);
  if (league === undefined || !isPublicLeagueStatus(league.status)) return view;
  return { ...view, eventSeries: { id: league.id, slug: league.slug, name: league.name } };
}

/** The players of a public event, names only. */
export async function getEventField(
  db: Executor,
  orgSlug: string,
  eventSlug: string,
): Promise<{ count: number; players: FieldPlayer[] }> {
  const event = await requirePublicEvent(db, orgSlug, eventSlug);
  const players = await eventField(db, event);
  return { count: players.length, players };
}

export interface EventInput extends CourseInput {
  slug: string;
  title: string;
  eventType: string;
  status: EventStatus;
  startDate: string;
  endDate?: string | null;
  tags?: string[];
  eventSeriesId?: number | null;
}

/** The start instant with the org-local day and year it falls on, fixed at write time. */
function startColumns(org: Org, startDate: string) {
  const start_at = new Date(startDate);
  const local_date = localDate(start_at, org.timezone);
  return { start_at, local_date, local_year: Number(local_date.slice(0, 4)) };
}

function columns(org: Org, input: Partial<EventInput>): Updateable<EventsTable> {
  const set: Updateable<EventsTable> = {};
  if (input.slug !== undefined) set.slug = input.slug;
  if (input.title !== undefined) set.title = input.title;
  if (input.eventType !== undefined) set.event_type = input.eventType;
  if (input.status !== undefined) set.status = input.status;
  if (input.startDate !== undefined) Object.assign(set, startColumns(org, input.startDate));
  if (input.endDate !== undefined)
    set.end_at = input.endDate === null ? null : new Date(input.endDate);
  if (input.eventSeriesId !== undefined) set.event_series_id = input.eventSeriesId;
  return set;
}

function checkTimes(start: Date, end: Date | null): void {
  if (end !== null && end < start)
    throw new ValidationError({ endDate: 'must not be before startDate' });
}

const slugConflict = conflictOnDuplicate(
  'An event with this slug already exists in this organization.',
);

/** Locks the leagues an event write touches, in id order, after checking they are the org's. */
async function lockLeagues(
  trx: Executor,
  orgId: number,
  ids: (number | null)[],
): Promise<number[]> {
  const distinct = [...new Set(ids.filter((id): id is number => id !== null))].sort(
    (a, b) => a - b,
  );
  for (const id of distinct) {
    if ((await findLeagueById(trx, orgId, id)) === undefined) {
      throw new ValidationError({ eventSeriesId: 'names no league of this organization' });
    }
    await lockLeague(trx, id);
  }
  return distinct;
}

async function afterWrite(
  trx: Executor,
  event: Event,
  tags: string[] | undefined,
  leagues: number[],
) {
  if (tags !== undefined) await replaceEventTags(trx, event.id, [...new Set(tags)]);
  for (const leagueId of leagues) await refreshLeagueSchedule(trx, leagueId);
  const current = await tagsOfEvents(trx, [event.id]);
  return { event, tags: current.get(event.id) ?? [] };
}

export async function createEvent(db: Executor, orgSlug: string, input: EventInput) {
  return db
    .transaction()
    .execute(async (trx) => {
      const org = await requireOrg(trx, orgSlug);
      const start = startColumns(org, input.startDate);
      const endAt =
        input.endDate === undefined || input.endDate === null ? null : new Date(input.endDate);
      checkTimes(start.start_at, endAt);
      const leagues = await lockLeagues(trx, org.id, [input.eventSeriesId ?? null]);
      const event = await insertEvent(trx, {
        org_id: org.id,
        slug: input.slug,
        title: input.title,
        event_type: input.eventType,
        status: input.status,
        ...start,
        end_at: endAt,
        event_series_id: input.eventSeriesId ?? null,
        ...(await courseColumns(trx, undefined, input)),
      });
      if (event.pars !== null) await storeLeaderboards(trx, event);
      return afterWrite(trx, event, input.tags, leagues);
    })
    .catch(slugConflict);
}

export async function patchEvent(
  db: Executor,
  orgSlug: string,
  id: number,
  input: Partial<EventInput>,
) {
  return db
    .transaction()
    .execute(async (trx) => {
      const org = await requireOrg(trx, orgSlug);
      const current = await findEventById(trx, org.id, id);
      if (current === undefined) throw new NotFoundError();
      const set = columns(org, input);
      checkTimes(
        set.start_at ?? current.start_at,
        set.end_at === undefined ? current.end_at : set.end_at,
      );
      const leagues = await lockLeagues(trx, org.id, [
        current.event_series_id,
        input.eventSeriesId === undefined ? null : input.eventSeriesId,
      ]);
      if (
        input.eventSeriesId !== undefined &&
        input.eventSeriesId !== null &&
        current.entry_count > 0
      ) {
        throw new ConflictError('Remove the event’s own entries before linking it to a league.');
      }
      // Course and board writes of one event take turns with its score cards; the course
      // is checked against the event as it is once its turn has come.
      await lockEvent(trx, id);
      const locked = (await findEventById(trx, org.id, id)) ?? current;
      Object.assign(set, await courseColumns(trx, locked, input));
      const event = Object.keys(set).length === 0 ? locked : await updateEvent(trx, id, set);
      if (input.pars !== undefined || event.event_series_id !== locked.event_series_id) {
        await storeLeaderboards(trx, event);
      }
      return afterWrite(trx, event, input.tags, leagues);
    })
    .catch(slugConflict);
}

async function requireOwnEntriesEvent(trx: Executor, orgSlug: string, eventId: number) {
  const org = await requireOrg(trx, orgSlug);
  const event = await findEventById(trx, org.id, eventId);
  if (event === undefined) throw new NotFoundError();
  if (event.event_series_id !== null) {
    throw new ConflictError(
      'A league night’s field is the league roster; it takes no own entries.',
    );
  }
  return event;
}

/**
 * A scored event's boards list its field: a change of the field rescores them, in turn
 * with the event's other board writes and with its course as it is then.
 */
async function rescoreField(trx: Executor, event: Event): Promise<void> {
  await lockEvent(trx, event.id);
  const locked = await findEventById(trx, event.org_id, event.id);
  if (locked !== undefined && locked.pars !== null) await storeLeaderboards(trx, locked);
}

/** Enters a golfer in an event that is not linked to a league. */
export async function addEventEntry(
  db: Executor,
  request: { orgSlug: string; eventId: number; userId: number; teamName?: string | undefined },
): Promise<void> {
  await db
    .transaction()
    .execute(async (trx) => {
      const event = await requireOwnEntriesEvent(trx, request.orgSlug, request.eventId);
      if ((await findUserById(trx, request.userId)) === undefined) {
        throw new ValidationError({ userId: 'names no user' });
      }
      await insertEventEntry(trx, {
        event_id: event.id,
        user_id: request.userId,
        team_name: request.teamName ?? null,
      });
      await rescoreField(trx, event);
    })
    .catch(conflictOnDuplicate('This golfer is already entered.'));
}

export async function removeEventEntry(
  db: Executor,
  request: { orgSlug: string; eventId: number; userId: number },
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const event = await requireOwnEntriesEvent(trx, request.orgSlug, request.eventId);
    if (!(await deleteEventEntry(trx, event.id, request.userId))) throw new NotFoundError();
    await rescoreField(trx, event);
  });
}
