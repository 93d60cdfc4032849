import type { Updateable } from 'kysely';
import type { Executor } from '../../db/executor.js';
import type { Event, EventStatus, EventsTable, Org } from '../../db/schema.js';
import { conflictOnDuplicate } from '../../db/unique-violation.js';
import { parsErrors } from '../../domain/course.js';
import { strokeIndexErrors } from '../../domain/net-scoring.js';
import { SUPPORTED_DAYS, isSupportedDay, localDate, localToday } from '../../domain/dates.js';
import { ConflictError, NotFoundError, ValidationError } from '../../domain/errors.js';
import { adminInstant } from '../../domain/local-times.js';
import {
  DEFAULT_EVENT_LIMIT,
  sortsNewestFirst,
  type EventListFilter,
} from '../../domain/events.js';
import { displayName } from '../../domain/names.js';
import { hasScores, scoreCardsOfEvent } from '../leaderboards/service.js';
import { lockLeagueOfOrg } from '../leagues/service.js';
import { requireOrg } from '../orgs/service.js';
import { getAdminTeeSheet, highestTeeHole } from '../tee-sheets/service.js';
import { findUser } from '../users/service.js';
import {
  deleteEventEntry,
  findEventById,
  findEventIdBySlug,
  findEventsByIds,
  findField,
  findPublicEventBySlug,
  insertEvent,
  insertEventEntry,
  lockEventOfOrg,
  readSchedule,
  refreshLeagueSchedule,
  replaceEventTags,
  tagsOfEvents,
  updateEvent,
  type PublicEvent,
  type RevisedEvent,
  type ScheduledEvent,
} from './store.js';
import { writeTransaction } from '../transaction.js';
import { idOfRef, type IdOrSlug } from '../../domain/id-or-slug.js';

export interface ScheduleQuery {
  orgSlug: string;
  filter?: EventListFilter | undefined;
  leagueSlug?: string | undefined;
  /** Events carrying any of these tags. */
  tags?: readonly string[] | undefined;
  /** Every status, drafts and hidden leagues' nights too (the admin's list). */
  everyStatus?: boolean | undefined;
  /** Each event's revision as well, for calendars. */
  revisions?: boolean | undefined;
  year?: number | undefined;
  limit?: number | undefined;
  offset?: number | undefined;
  now: Date;
}

/** An event row with its tags, sorted. */
export interface TaggedEvent<E extends Event = Event> {
  event: E;
  tags: string[];
}

/** An event as the admin API answers it: its times are shown on the org's clock. */
export type AdminTaggedEvent = TaggedEvent & { timeZone: string };

/** One page of a schedule, the number of events matching before paging, and the oldest year. */
export interface Schedule<E extends ScheduledEvent = ScheduledEvent> {
  count: number;
  oldestYear: number;
  events: E[];
}

/** The org's public events (a league's schedule with `leagueSlug`), paged, with totals. */
export async function listSchedule(
  db: Executor,
  query: ScheduleQuery & { revisions: true },
): Promise<Schedule<RevisedEvent>>;
export async function listSchedule(db: Executor, query: ScheduleQuery): Promise<Schedule>;
export async function listSchedule(
  db: Executor,
  query: ScheduleQuery,
): Promise<Schedule<ScheduledEvent | RevisedEvent>> {
  const filter = query.filter ?? 'all';
  const found = await readSchedule(db, {
    orgSlug: query.orgSlug,
    leagueSlug: query.leagueSlug,
    tags: query.tags,
    everyStatus: query.everyStatus,
    revisions: query.revisions,
    year: query.year,
    filter,
    now: query.now,
    limit: query.limit ?? DEFAULT_EVENT_LIMIT,
    offset: query.offset ?? 0,
    newestFirst: sortsNewestFirst(filter),
  });
  if (found === undefined) throw new NotFoundError();
  return {
    count: found.count,
    oldestYear: found.oldestYear ?? Number(localToday(query.now, found.timezone).slice(0, 4)),
    events: found.events,
  };
}

/** A page of the org's events of every status, with the filters of the public list. */
export async function listAdminEvents(
  db: Executor,
  query: Omit<ScheduleQuery, 'everyStatus'>,
): Promise<{ count: number; events: AdminTaggedEvent[] }> {
  const org = await requireOrg(db, query.orgSlug);
  const schedule = await listSchedule(db, { ...query, everyStatus: true });
  const rows = await findEventsByIds(
    db,
    org.id,
    schedule.events.map((event) => event.id),
  );
  const tags = new Map(schedule.events.map((event) => [event.id, event.tags]));
  return {
    count: schedule.count,
    events: rows.map((event) => ({
      event,
      tags: tags.get(event.id) ?? [],
      timeZone: org.timezone,
    })),
  };
}

/** An event of any status, with its tags. */
export async function getAdminEvent(
  db: Executor,
  orgSlug: string,
  id: number,
): Promise<AdminTaggedEvent> {
  const org = await requireOrg(db, orgSlug);
  const event = await findEventById(db, org.id, id);
  if (event === undefined) throw new NotFoundError();
  const tags = await tagsOfEvents(db, [event.id]);
  return { event, tags: tags.get(event.id) ?? [], timeZone: org.timezone };
}

/** A golfer of an event's field with their card (null without one). */
export type CardedGolfer = FieldGolfer & { holes: (number | null)[] | null };

/** An event of any status with its field and their cards, and its tee sheet. */
export async function getAdminEventDetail(db: Executor, orgSlug: string, id: number) {
  const tagged = await getAdminEvent(db, orgSlug, id);
  const [field, cards, teeSheet] = await Promise.all([
    eventField(db, tagged.event),
    scoreCardsOfEvent(db, tagged.event.id),
    getAdminTeeSheet(db, tagged.event.id, tagged.timeZone),
  ]);
  const holesOf = new Map(cards.map((card) => [card.userId, card.holes]));
  const carded: CardedGolfer[] = field.map((golfer) => ({
    ...golfer,
    holes: holesOf.get(golfer.userId) ?? null,
  }));
  return { ...tagged, field: carded, teeSheet };
}

export async function requirePublicEvent(db: Executor, orgSlug: string, eventSlug: string) {
  const org = await requireOrg(db, orgSlug);
  const event = await findPublicEventBySlug(db, org.id, eventSlug);
  if (event === undefined) throw new NotFoundError();
  return event;
}

/** One public event, with its league's slug and name when it is a league night. */
export async function getPublicEvent(
  db: Executor,
  orgSlug: string,
  eventSlug: string,
): Promise<TaggedEvent<PublicEvent>> {
  const event = await requirePublicEvent(db, orgSlug, eventSlug);
  const tags = await tagsOfEvents(db, [event.id]);
  return { event, tags: tags.get(event.id) ?? [] };
}

/** A golfer of an event's field, with the ids that tee sheets and score cards refer to. */
export interface FieldGolfer {
  userId: number;
  name: string;
  /** The golfer's team in a league; own entries of an event carry a team name only. */
  teamId: number | null;
  teamName: string | null;
}

/**
 * Who plays an event, in registration order: the league's active roster for a league
 * night, else the event's own entries. Every reader of a field (the public list, tee
 * sheets, score cards, boards) takes it from here.
 */
export async function eventField(db: Executor, event: Event): Promise<FieldGolfer[]> {
  const rows = await findField(db, event);
  return rows.map((row) => ({
    userId: row.user_id,
    name: displayName(row),
    teamId: row.team_id,
    teamName: row.team_name,
  }));
}

export { eventFieldSource } from './store.js';

/** The players of a public event: the league roster for a league night, else its entries. */
export async function getEventField(
  db: Executor,
  orgSlug: string,
  eventSlug: string,
): Promise<FieldGolfer[]> {
  return eventField(db, await requirePublicEvent(db, orgSlug, eventSlug));
}

/**
 * The id of the org's event an admin path names by id or slug (decisions §23). An id is
 * taken as given (the use case checks it is the org's); a slug naming no event of the org
 * is the same 404 as an unknown id.
 */
export async function resolveEventId(
  db: Executor,
  orgSlug: string,
  event: IdOrSlug,
): Promise<number> {
  const id = idOfRef(event);
  if (id !== undefined) return id;
  const found = await findEventIdBySlug(db, orgSlug, event as string);
  if (found === undefined) throw new NotFoundError();
  return found;
}

/**
 * The event of the org an admin write is about, its row locked until the transaction ends:
 * writes to one event's course, tee sheet and cards take turns.
 */
export async function requireLockedEvent(
  trx: Executor,
  orgSlug: string,
  eventId: number,
): Promise<Event> {
  const event = await lockEventOfOrg(trx, orgSlug, eventId);
  if (event === undefined) throw new NotFoundError();
  return event;
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

/** An instant of a body with the org-local day it falls on, which must be a supported day. */
function supportedInstant(org: Org, field: 'startDate' | 'endDate', value: string) {
  const at = adminInstant(field, value, org.timezone);
  const day = localDate(at, org.timezone);
  if (!isSupportedDay(day)) {
    throw new ValidationError({
      [field]: `must fall on a day ${SUPPORTED_DAYS} in the organization’s time zone`,
    });
  }
  return { at, day };
}

/** The start instant with the org-local day and year it falls on, fixed at write time. */
function startColumns(org: Org, startDate: string) {
  const { at, day } = supportedInstant(org, 'startDate', startDate);
  return { start_at: at, local_date: day, local_year: Number(day.slice(0, 4)) };
}

function endColumn(org: Org, endDate: string | null): Date | null {
  return endDate === null ? null : supportedInstant(org, 'endDate', endDate).at;
}

function columns(org: Org, input: Partial<EventInput>): Updateable<EventsTable> {
  const set: Updateable<EventsTable> = {};
  if (input.slug !== undefined) set.slug = input.slug;
  if (input.title !== undefined) set.title = input.title;
  if (input.eventType !== undefined) set.event_type = input.eventType;
  if (input.status !== undefined) set.status = input.status;
  if (input.startDate !== undefined) Object.assign(set, startColumns(org, input.startDate));
  if (input.endDate !== undefined) set.end_at = endColumn(org, input.endDate);
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

/**
 * Locks the leagues an event write touches, in id order so that two writes never wait on
 * each other; each must be a league of the org.
 */
async function lockLeagues(
  trx: Executor,
  orgId: number,
  ids: (number | null)[],
): Promise<number[]> {
  const distinct = [...new Set(ids.filter((id): id is number => id !== null))].sort(
    (a, b) => a - b,
  );
  for (const id of distinct) {
    if ((await lockLeagueOfOrg(trx, orgId, id)) === undefined) {
      throw new ValidationError({ eventSeriesId: 'names no league of this organization' });
    }
  }
  return distinct;
}

async function afterWrite(
  trx: Executor,
  org: Org,
  event: Event,
  tags: string[] | undefined,
  leagues: number[],
): Promise<AdminTaggedEvent> {
  if (tags !== undefined) await replaceEventTags(trx, event.id, [...new Set(tags)]);
  for (const leagueId of leagues) await refreshLeagueSchedule(trx, leagueId);
  const current = await tagsOfEvents(trx, [event.id]);
  return { event, tags: current.get(event.id) ?? [], timeZone: org.timezone };
}

export async function createEvent(db: Executor, orgSlug: string, input: EventInput) {
  return writeTransaction(db, async (trx) => {
    const org = await requireOrg(trx, orgSlug);
    const start = startColumns(org, input.startDate);
    const endAt = endColumn(org, input.endDate ?? null);
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
    return afterWrite(trx, org, event, input.tags, leagues);
  }).catch(slugConflict);
}

export async function patchEvent(
  db: Executor,
  orgSlug: string,
  id: number,
  input: Partial<EventInput>,
) {
  return writeTransaction(db, async (trx) => {
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
    const locked = (await lockEventOfOrg(trx, org.slug, id)) ?? current;
    Object.assign(set, await courseColumns(trx, locked, input));
    const event = Object.keys(set).length === 0 ? locked : await updateEvent(trx, id, set);
    return afterWrite(trx, org, event, input.tags, leagues);
  }).catch(slugConflict);
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

/** Enters a golfer in an event that is not linked to a league. */
export async function addEventEntry(
  db: Executor,
  request: { orgSlug: string; eventId: number; userId: number; teamName?: string | undefined },
): Promise<void> {
  await writeTransaction(db, async (trx) => {
    const event = await requireOwnEntriesEvent(trx, request.orgSlug, request.eventId);
    if ((await findUser(trx, request.userId)) === undefined) {
      throw new ValidationError({ userId: 'names no user' });
    }
    await insertEventEntry(trx, {
      event_id: event.id,
      user_id: request.userId,
      team_name: request.teamName ?? null,
    });
  }).catch(conflictOnDuplicate('This golfer is already entered.'));
}

export async function removeEventEntry(
  db: Executor,
  request: { orgSlug: string; eventId: number; userId: number },
): Promise<void> {
  await writeTransaction(db, async (trx) => {
    const event = await requireOwnEntriesEvent(trx, request.orgSlug, request.eventId);
    if (!(await deleteEventEntry(trx, event.id, request.userId))) throw new NotFoundError();
  });
}
export interface CourseInput {
  /** A string sets the name, null clears it, absent leaves it. */
  courseName?: string | null | undefined;
  /** 9 or 18 pars of 3–6 set them, null clears them (and the stroke index), absent leaves them. */
  pars?: readonly number[] | null | undefined;
  /** A permutation of 1..holes sets it, null clears it (holes in order), absent leaves it. */
  strokeIndex?: readonly number[] | null | undefined;
  /** Whether the event adds a net board (decisions §24); absent leaves it. */
  netScoring?: boolean | undefined;
}
function sameHoles(a: readonly number[] | null, b: readonly number[] | null): boolean {
  return a === null || b === null ? a === b : a.length === b.length;
}
/** Refuses a change of the course's holes that the event's cards or tee sheet rule out. */
async function checkHolesChange(trx: Executor, event: Event, pars: readonly number[] | null) {
  if (sameHoles(event.pars, pars)) return;
  if (await hasScores(trx, event.id)) {
    throw new ConflictError(
      'This event has score cards: delete them before changing the number of holes or clearing the pars.',
    );
  }
  const highest = await highestTeeHole(trx, event.id);
  if (pars !== null && highest !== null && highest > pars.length) {
    throw new ConflictError(
      `The tee sheet starts a group on hole ${highest}: change it before setting ${pars.length} holes.`,
    );
  }
}
/**
 * The columns that set or clear a course, checked: pars as the domain wants them, and for
 * an existing event (locked by the caller) a change of holes its cards and tee sheet allow.
 */
async function courseColumns(
  trx: Executor,
  current: Event | undefined,
  input: CourseInput,
): Promise<Updateable<EventsTable>> {
  const { pars } = input;
  if (pars !== undefined && pars !== null) {
    const errors = parsErrors(pars);
    if (Object.keys(errors).length > 0) throw new ValidationError(errors);
  }
  if (current !== undefined && pars !== undefined) await checkHolesChange(trx, current, pars);
  const patch: Updateable<EventsTable> = {};
  if (input.courseName !== undefined) patch.course_name = input.courseName;
  if (pars !== undefined) patch.pars = pars === null ? null : [...pars];
  const strokeIndex = strokeIndexColumn(current, input);
  if (strokeIndex !== undefined) patch.stroke_index = strokeIndex;
  if (input.netScoring !== undefined) patch.net_scoring = input.netScoring;
  return patch;
}

/**
 * The stroke index a write leaves, checked against the holes the course will have; a course
 * cleared takes its index with it. Undefined: unchanged.
 */
function strokeIndexColumn(
  current: Event | undefined,
  input: CourseInput,
): number[] | null | undefined {
  const pars = input.pars === undefined ? (current?.pars ?? null) : input.pars;
  const strokeIndex =
    input.strokeIndex === undefined ? (current?.stroke_index ?? null) : input.strokeIndex;
  if (strokeIndex === null) return input.strokeIndex === undefined ? undefined : null;
  if (pars === null) {
    if (input.strokeIndex === undefined) return null;
    throw new ValidationError({ strokeIndex: 'needs the pars of the course first' });
  }
  const errors = strokeIndexErrors(strokeIndex, pars.length);
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
  return input.strokeIndex === undefined ? undefined : [...strokeIndex];
}

/** An event of the org by id, whatever its status, for other resources' rules. */
export async function findEvent(
  db: Executor,
  orgId: number,
  id: number,
): Promise<Event | undefined> {
  return findEventById(db, orgId, id);
}
