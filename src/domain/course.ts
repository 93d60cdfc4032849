import { ConflictError } from './errors.js';

/** A course has 9 or 18 holes; `pars` lists one par per hole. */
export const HOLE_COUNTS: readonly number[] = [9, 18];
export const MIN_PAR = 3;
export const MAX_PAR = 6;
export const MIN_STROKES = 1;
export const MAX_STROKES = 20;

/** The most holes any course has: starting holes and `thru` never pass it. */
export const MAX_HOLES = 18;

/** Whether `value` is a whole number from `min` to `max`. */
export function isWholeIn(value: unknown, min: number, max: number): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max;
}

/** What is wrong with a list of pars, keyed by body field (`pars`, `pars.3`); empty when valid. */
export function parsErrors(pars: unknown): Record<string, string> {
  if (!Array.isArray(pars) || !HOLE_COUNTS.includes(pars.length)) {
    return { pars: 'must list the par of each hole: 9 or 18 of them' };
  }
  const index = pars.findIndex((par) => !isWholeIn(par, MIN_PAR, MAX_PAR));
  if (index === -1) return {};
  return {
    [`pars.${index + 1}`]: `par of hole ${index + 1} must be a whole number from ${MIN_PAR} to ${MAX_PAR}`,
  };
}

/**
 * What is wrong with a score card for a course of `holeCount` holes, keyed by body field
 * (`holes`, `holes.3` for hole 3); empty when valid. A null entry is a hole not played yet.
 */
export function holesErrors(holes: unknown, holeCount: number): Record<string, string> {
  if (!Array.isArray(holes) || holes.length !== holeCount) {
    return { holes: `must have one entry per hole of the course: ${holeCount}` };
  }
  const index = holes.findIndex(
    (strokes) => strokes !== null && !isWholeIn(strokes, MIN_STROKES, MAX_STROKES),
  );
  if (index === -1) return {};
  return {
    [`holes.${index + 1}`]: `strokes on hole ${index + 1} must be a whole number from ${MIN_STROKES} to ${MAX_STROKES}, or null`,
  };
}

/** Strokes for single holes, keyed by the hole's number from 1 (`"4"`); null clears the hole. */
export type HolesPatch = Readonly<Record<string, number | null>>;

/** The hole a patch's key names (`"4"`: 4), or undefined when it is not written as one. */
function holeOfKey(key: string, holeCount: number): number | undefined {
  if (!/^[1-9][0-9]?$/.test(key)) return undefined;
  const hole = Number(key);
  return hole <= holeCount ? hole : undefined;
}

/**
 * What is wrong with a patch of single holes of a card for a course of `holeCount` holes,
 * keyed by body field from hole 1 (`holes.4`); empty when valid.
 */
export function holesPatchErrors(holes: HolesPatch, holeCount: number): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const [key, strokes] of Object.entries(holes)) {
    const hole = holeOfKey(key, holeCount);
    if (hole === undefined) {
      errors[`holes.${key}`] =
        `is not a hole of the course: its holes are numbered 1 to ${holeCount}`;
    } else if (strokes !== null && !isWholeIn(strokes, MIN_STROKES, MAX_STROKES)) {
      errors[`holes.${key}`] =
        `strokes on hole ${hole} must be a whole number from ${MIN_STROKES} to ${MAX_STROKES}, or null`;
    }
  }
  return errors;
}

/**
 * A card with a valid patch applied: the holes it names set or cleared, the others as they
 * were (`current` null: no card yet, every hole unplayed).
 */
export function patchedCard(
  current: readonly (number | null)[] | null,
  holes: HolesPatch,
  holeCount: number,
): (number | null)[] {
  const card = current === null ? new Array<number | null>(holeCount).fill(null) : [...current];
  for (const [key, strokes] of Object.entries(holes)) card[Number(key) - 1] = strokes;
  return card;
}

/** Scores, and results from a board, need the par of every hole first. */
export class CourseNotSetError extends ConflictError {
  constructor() {
    super('This event has no pars yet: set its course before scores.');
  }
}
