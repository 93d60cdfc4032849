import {
  ADMIN_DATE_TIME_PATTERN,
  ADMIN_DATE_TIME_WORDS,
  readAdminDateTime,
} from './local-times.js';

const WALL_CLOCK = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** What a tee time may look like: a time of day, or any time an admin body takes. */
export const TEE_TIME_PATTERN = `^(?:[01]\\d|2[0-3]):[0-5]\\d$|${ADMIN_DATE_TIME_PATTERN}`;

export const TEE_TIME_RULE = `must be a time of day on the event’s day, HH:MM (e.g. 17:30), or ${ADMIN_DATE_TIME_WORDS}`;

const offsetFormats = new Map<string, Intl.DateTimeFormat>();

/** Milliseconds `timeZone` is ahead of UTC at `instant` (negative west of Greenwich). */
function zoneOffset(instant: number, timeZone: string): number {
  const format =
    offsetFormats.get(timeZone) ??
    new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' });
  offsetFormats.set(timeZone, format);
  const name = format.formatToParts(instant).find((part) => part.type === 'timeZoneName');
  const match = /([+-])(\d{2}):(\d{2})/.exec(name?.value ?? '');
  if (match === null) return 0;
  const minutes = Number(match[2]) * 60 + Number(match[3]);
  return (match[1] === '-' ? -minutes : minutes) * 60_000;
}

const DAY = 86_400_000;

/**
 * The instant a wall clock in `timeZone` shows `hours:minutes` on `day` (`YYYY-MM-DD`). A
 * time the clock shows twice is the first; one it skips is read with the offset in force
 * before the change (02:30 on the night clocks go forward is 03:30).
 */
export function zonedInstant(day: string, hours: number, minutes: number, timeZone: string): Date {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const wall = Date.UTC(year, month - 1, date, hours, minutes);
  const before = zoneOffset(wall - DAY, timeZone);
  for (const offset of [before, zoneOffset(wall + DAY, timeZone)]) {
    if (zoneOffset(wall - offset, timeZone) === offset) return new Date(wall - offset);
  }
  return new Date(wall - before);
}

/**
 * A tee time as an instant, or null when `value` is not one. Either `HH:MM`, read on the
 * event's day (`eventDay`, `YYYY-MM-DD`) in the organization's time zone, or a time as
 * every admin body takes it (decisions §23): a local date-time read in that zone, or one
 * with an offset or `Z` taken as given (`readAdminDateTime`).
 */
export function parseTeeTime(value: string, eventDay: string, timeZone: string): Date | null {
  const wallClock = WALL_CLOCK.exec(value);
  if (wallClock !== null) {
    return zonedInstant(eventDay, Number(wallClock[1]), Number(wallClock[2]), timeZone);
  }
  return readAdminDateTime(value, timeZone);
}
