import type { TeeSheetFormat } from '../db/schema.js';
import { isWholeIn } from './course.js';
import { ValidationError } from './errors.js';
import { TEE_TIME_RULE, parseTeeTime } from './tee-times.js';

export const TEE_SHEET_FORMATS = ['tee-times', 'shotgun'] as const satisfies TeeSheetFormat[];
export const MAX_GROUP_SIZE = 8;
export const MAX_INTERVAL_MINUTES = 60;

/** A golfer of the event's field, in registration order; `teamId` only in a team league. */
export interface FieldMember {
  userId: number;
  teamId: number | null;
}

/** Where and when the sheet is played: the course's holes and the event's day and zone. */
export interface SheetContext {
  field: readonly FieldMember[];
  holeCount: number;
  eventDay: string;
  timeZone: string;
}

export interface TeeGroup {
  startAt: Date | null;
  startingHole: number | null;
  userIds: number[];
}

export interface TeeSheet {
  format: TeeSheetFormat;
  groups: TeeGroup[];
}

export interface TeeGroupInput {
  startTime?: string | null | undefined;
  startingHole?: number | null | undefined;
  userIds: readonly number[];
}

export interface TeeSheetInput {
  format: string;
  groups: readonly TeeGroupInput[];
}

function isTeeSheetFormat(value: string): value is TeeSheetFormat {
  return (TEE_SHEET_FORMATS as readonly string[]).includes(value);
}

const FORMAT_MESSAGE = `must be one of: ${TEE_SHEET_FORMATS.join(', ')}`;

/**
 * Checks a tee sheet against the field: every golfer in it, none twice, and each team of a
 * team league in one group. Throws a ValidationError naming each offending group.
 */
export function checkTeeSheet(input: TeeSheetInput, context: SheetContext): TeeSheet {
  const errors: Record<string, string> = {};
  const teamOf = new Map(context.field.map((member) => [member.userId, member.teamId]));
  const groupOfUser = new Map<number, number>();
  const groupOfTeam = new Map<number, number>();
  const groups: TeeGroup[] = [];

  if (!isTeeSheetFormat(input.format)) errors.format = FORMAT_MESSAGE;
  for (const [index, group] of input.groups.entries()) {
    const field = `groups.${index}`;
    const startAt =
      group.startTime === undefined || group.startTime === null
        ? null
        : parseTeeTime(group.startTime, context.eventDay, context.timeZone);
    if (startAt === null && typeof group.startTime === 'string') {
      errors[`${field}.startTime`] = TEE_TIME_RULE;
    }
    const startingHole = group.startingHole ?? null;
    if (startingHole !== null && !isWholeIn(startingHole, 1, context.holeCount)) {
      errors[`${field}.startingHole`] = `must be a hole of the course, 1 to ${context.holeCount}`;
    }
    if (group.userIds.length === 0) errors[`${field}.userIds`] = 'must list at least one golfer';
    for (const userId of group.userIds) {
      const problem = placementProblem(userId, index, { teamOf, groupOfUser, groupOfTeam });
      if (problem !== null) errors[`${field}.userIds`] ??= problem;
    }
    groups.push({ startAt, startingHole, userIds: [...group.userIds] });
  }
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
  return { format: input.format as TeeSheetFormat, groups };
}

interface Placements {
  teamOf: Map<number, number | null>;
  groupOfUser: Map<number, number>;
  groupOfTeam: Map<number, number>;
}

/** Why `userId` cannot play in group `index` (recording the placement), or null. */
function placementProblem(userId: number, index: number, placed: Placements): string | null {
  const teamId = placed.teamOf.get(userId);
  if (teamId === undefined) return `golfer ${userId} is not in the event's field`;
  const earlier = placed.groupOfUser.get(userId);
  if (earlier !== undefined) return `golfer ${userId} is already in groups.${earlier}`;
  placed.groupOfUser.set(userId, index);
  if (teamId === null) return null;
  const teamGroup = placed.groupOfTeam.get(teamId);
  if (teamGroup === undefined) placed.groupOfTeam.set(teamId, index);
  else if (teamGroup !== index) {
    return `golfer ${userId}'s team plays in groups.${teamGroup}; a team plays in one group`;
  }
  return null;
}

export interface GenerateInput {
  format: string;
  firstStart: string;
  intervalMinutes?: number | undefined;
  groupSize: number;
}

/**
 * Golfers who must play together, in the order their first member registered: a team of a
 * team league, or one golfer.
 */
function playingUnits(field: readonly FieldMember[]): number[][] {
  const units: number[][] = [];
  const unitOfTeam = new Map<number, number[]>();
  for (const member of field) {
    const unit = member.teamId === null ? undefined : unitOfTeam.get(member.teamId);
    if (unit !== undefined) {
      unit.push(member.userId);
      continue;
    }
    const created = [member.userId];
    units.push(created);
    if (member.teamId !== null) unitOfTeam.set(member.teamId, created);
  }
  return units;
}

/** Fills groups in registration order; a unit goes to the first group it fits in whole. */
function packUnits(units: number[][], groupSize: number): number[][] {
  const groups: number[][] = [];
  for (const unit of units) {
    const open = groups.find((group) => group.length + unit.length <= groupSize);
    if (open === undefined) groups.push([...unit]);
    else open.push(...unit);
  }
  return groups;
}

/**
 * Builds a tee sheet from the whole field: teams together, registration order. Tee times
 * start at `firstStart` and follow every `intervalMinutes` from hole 1; a shotgun starts
 * every group at `firstStart` on holes 1, 2, 3…
 */
export function generateTeeSheet(input: GenerateInput, context: SheetContext): TeeSheet {
  const errors: Record<string, string> = {};
  if (!isTeeSheetFormat(input.format)) errors.format = FORMAT_MESSAGE;
  const firstStart = parseTeeTime(input.firstStart, context.eventDay, context.timeZone);
  if (firstStart === null) errors.firstStart = TEE_TIME_RULE;
  const interval = input.intervalMinutes;
  if (input.format === 'tee-times' && !isWholeIn(interval, 1, MAX_INTERVAL_MINUTES)) {
    errors.intervalMinutes = `must be a whole number of minutes from 1 to ${MAX_INTERVAL_MINUTES}`;
  }
  if (!isWholeIn(input.groupSize, 1, MAX_GROUP_SIZE)) {
    errors.groupSize = `must be a whole number from 1 to ${MAX_GROUP_SIZE}`;
  }
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);

  const units = playingUnits(context.field);
  const largest = units.reduce((most, unit) => Math.max(most, unit.length), 0);
  if (largest > input.groupSize) {
    throw new ValidationError({
      groupSize: `must be at least ${largest}: a team plays in one group`,
    });
  }
  const packed = packUnits(units, input.groupSize);
  const start = (firstStart as Date).getTime();
  if (input.format === 'shotgun') {
    if (packed.length > context.holeCount) {
      throw new ValidationError({
        groupSize: `the field needs ${packed.length} groups but the course has ${context.holeCount} holes to start on`,
      });
    }
    return {
      format: 'shotgun',
      groups: packed.map((userIds, index) => ({
        startAt: new Date(start),
        startingHole: index + 1,
        userIds,
      })),
    };
  }
  const step = (interval as number) * 60_000;
  return {
    format: 'tee-times',
    groups: packed.map((userIds, index) => ({
      startAt: new Date(start + index * step),
      startingHole: 1,
      userIds,
    })),
  };
}
