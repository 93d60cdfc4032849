import type { Updateable } from 'kysely';
import type { Event, EventsTable } from '../db/schema.js';
import { CourseNotSetError, holesErrors, parsErrors } from '../domain/course.js';
import { ConflictError, NotFoundError, ValidationError } from '../domain/errors.js';
import { updateEvent } from '../resources/events/store.js';
import type { Executor } from '../db/executor.js';
import { fieldGolfers } from '../resources/events/field-store.js';
import { deleteScoreCard, hasScoreCards, upsertScoreCard } from '../store/scores.js';
import { highestStartingHole } from '../resources/tee-sheets/store.js';
import { requireLockedEvent, storeLeaderboards } from '../resources/leaderboards/service.js';

export interface CourseInput {
  /** A string sets the name, null clears it, absent leaves it. */
  courseName?: string | null | undefined;
  /** 9 or 18 pars of 3–6 set them, null clears them, absent leaves them. */
  pars?: readonly number[] | null | undefined;
}

function sameHoles(a: readonly number[] | null, b: readonly number[] | null): boolean {
  return a === null || b === null ? a === b : a.length === b.length;
}

/** Refuses a change of the course's holes that the event's cards or tee sheet rule out. */
async function checkHolesChange(trx: Executor, event: Event, pars: readonly number[] | null) {
  if (sameHoles(event.pars, pars)) return;
  if (await hasScoreCards(trx, event.id)) {
    throw new ConflictError(
      'This event has score cards: delete them before changing the number of holes or clearing the pars.',
    );
  }
  const highest = await highestStartingHole(trx, event.id);
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
export async function courseColumns(
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
  return patch;
}

/**
 * Sets or clears an event's course name and pars. A change of pars rescores the event's
 * boards and moves their version in the same transaction.
 */
export async function setEventCourse(
  db: Executor,
  request: { orgSlug: string; eventId: number } & CourseInput,
): Promise<{ event: Event; leaderboardVersion: number | null }> {
  return db.transaction().execute(async (trx) => {
    const { event: current } = await requireLockedEvent(trx, request.orgSlug, request.eventId);
    const patch = await courseColumns(trx, current, request);
    const event =
      Object.keys(patch).length === 0 ? current : await updateEvent(trx, current.id, patch);
    const version = request.pars === undefined ? null : await storeLeaderboards(trx, event);
    return { event, leaderboardVersion: version };
  });
}

interface CardRequest {
  orgSlug: string;
  eventId: number;
  userId: number;
}

/**
 * Writes a golfer's card (one entry per hole, null for a hole not played yet) and rescores
 * the event's boards in the same transaction; returns the boards' new version.
 */
export async function putScoreCard(
  db: Executor,
  request: CardRequest & { holes: readonly (number | null)[] },
): Promise<{ leaderboardVersion: number }> {
  return db.transaction().execute(async (trx) => {
    const { event } = await requireLockedEvent(trx, request.orgSlug, request.eventId);
    if (event.pars === null) throw new CourseNotSetError();
    const errors = holesErrors(request.holes, event.pars.length);
    if (Object.keys(errors).length > 0) throw new ValidationError(errors);
    const field = await fieldGolfers(trx, event);
    if (!field.some((golfer) => golfer.userId === request.userId)) {
      throw new ConflictError('This golfer is not in the event’s field.');
    }
    await upsertScoreCard(trx, event.id, { userId: request.userId, holes: [...request.holes] });
    return { leaderboardVersion: await storeLeaderboards(trx, event, field) };
  });
}

/** Removes a golfer's card (404 without one) and rescores the event's boards. */
export async function removeScoreCard(
  db: Executor,
  request: CardRequest,
): Promise<{ leaderboardVersion: number }> {
  return db.transaction().execute(async (trx) => {
    const { event } = await requireLockedEvent(trx, request.orgSlug, request.eventId);
    if (!(await deleteScoreCard(trx, event.id, request.userId))) throw new NotFoundError();
    return { leaderboardVersion: await storeLeaderboards(trx, event) };
  });
}
