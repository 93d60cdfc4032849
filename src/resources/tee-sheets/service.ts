import type { Event, Org } from '../../db/schema.js';
import { MAX_HOLES } from '../../domain/course.js';
import { NotFoundError } from '../../domain/errors.js';
import { withZoneOffset } from '../../domain/local-times.js';
import {
  checkTeeSheet,
  generateTeeSheet,
  type GenerateInput,
  type SheetContext,
  type TeeSheet,
  type TeeSheetInput,
} from '../../domain/tee-sheets.js';
import type { Executor } from '../../db/executor.js';
import { eventField, requireLockedEvent } from '../events/service.js';
import { requireOrg } from '../orgs/service.js';
import type { AdminTeeSheet, PublicTeeSheet } from './schema.js';
import { deleteTeeSheet, findTeeSheet, highestStartingHole, replaceTeeSheet } from './store.js';
import { writeTransaction } from '../transaction.js';

/** The admin API's view of a sheet: golfers by id, tee times on the org's clock. */
function adminView(sheet: TeeSheet, timeZone: string): AdminTeeSheet {
  return {
    format: sheet.format,
    groups: sheet.groups.map((group) => ({
      startTime: group.startAt === null ? null : withZoneOffset(group.startAt, timeZone),
      startingHole: group.startingHole,
      userIds: group.userIds,
    })),
  };
}

/** The field and course a sheet for this event is checked against. */
async function sheetContext(trx: Executor, org: Org, event: Event): Promise<SheetContext> {
  const field = await eventField(trx, event);
  return {
    field: field.map((golfer) => ({ userId: golfer.userId, teamId: golfer.teamId })),
    holeCount: event.pars?.length ?? MAX_HOLES,
    eventDay: event.local_date,
    timeZone: org.timezone,
  };
}

interface EventRequest {
  orgSlug: string;
  eventId: number;
}

/** Builds a sheet from the event's field and course and stores it in place of the old one. */
async function writeTeeSheet(
  db: Executor,
  request: EventRequest,
  build: (context: SheetContext) => TeeSheet,
): Promise<AdminTeeSheet> {
  return writeTransaction(db, async (trx) => {
    const org = await requireOrg(trx, request.orgSlug);
    const event = await requireLockedEvent(trx, request.orgSlug, request.eventId);
    const sheet = build(await sheetContext(trx, org, event));
    await replaceTeeSheet(trx, event.id, sheet);
    return adminView(sheet, org.timezone);
  });
}

/**
 * Stores an event's tee sheet as given, after checking it against the field: every golfer
 * in it at most once, each team of a team league in one group.
 */
export async function putTeeSheet(
  db: Executor,
  request: EventRequest & { sheet: TeeSheetInput },
): Promise<AdminTeeSheet> {
  return writeTeeSheet(db, request, (context) => checkTeeSheet(request.sheet, context));
}

/** Builds and stores an event's tee sheet from its whole field (see `generateTeeSheet`). */
export async function generateEventTeeSheet(
  db: Executor,
  request: EventRequest & { generate: GenerateInput },
): Promise<AdminTeeSheet> {
  return writeTeeSheet(db, request, (context) => generateTeeSheet(request.generate, context));
}

export async function removeTeeSheet(db: Executor, request: EventRequest): Promise<void> {
  await writeTransaction(db, async (trx) => {
    const event = await requireLockedEvent(trx, request.orgSlug, request.eventId);
    if (!(await deleteTeeSheet(trx, event.id))) throw new NotFoundError();
  });
}

/**
 * An event's tee sheet as the public reads it, names drawn live from the field: a golfer
 * who has left the field since the sheet was made is no longer listed.
 */
export async function getTeeSheet(db: Executor, event: Event): Promise<PublicTeeSheet> {
  const sheet = await findTeeSheet(db, event.id);
  if (sheet === undefined) return { format: null, groups: [] };
  const field = await eventField(db, event);
  const players = new Map(
    field.map((golfer) => [golfer.userId, { name: golfer.name, teamName: golfer.teamName }]),
  );
  return {
    format: sheet.format,
    groups: sheet.groups.map((group) => ({
      startTime: group.startAt?.toISOString() ?? null,
      startingHole: group.startingHole,
      players: group.userIds.flatMap((userId) => players.get(userId) ?? []),
    })),
  };
}

/** The highest starting hole of the event's tee sheet (a course must have that many holes). */
export async function highestTeeHole(db: Executor, eventId: number): Promise<number | null> {
  return highestStartingHole(db, eventId);
}

/** An event's tee sheet as the admin API answers it (golfers by id); null without one. */
export async function getAdminTeeSheet(
  db: Executor,
  eventId: number,
  timeZone: string,
): Promise<AdminTeeSheet | null> {
  const sheet = await findTeeSheet(db, eventId);
  return sheet === undefined ? null : adminView(sheet, timeZone);
}
