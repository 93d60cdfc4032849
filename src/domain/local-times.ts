import { isSupportedDay, zonedInstant, zoneOffsetMs } from './dates.js';
import { ValidationError } from './errors.js';

/**
 * What an admin body takes for a time (decisions §23): a date and a time of day, with
 * seconds and fractions optional, and an offset or `Z` optional. Without one, the time is the
 * organization's wall clock.
 */
export const ADMIN_DATE_TIME_PATTERN =
  '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}(:\\d{2}(\\.\\d{1,9})?)?(Z|z|[+-]\\d{2}:\\d{2})?$';

/** The forms of an admin time in words, for rules that take other forms besides. */
export const ADMIN_DATE_TIME_WORDS =
  'a date and time, YYYY-MM-DDTHH:MM, read on the organization’s clock ' +
  '(e.g. 2027-04-06T17:30), or one with an offset or Z (e.g. 2027-04-06T17:30:00-05:00)';

export const ADMIN_DATE_TIME_RULE = `must be ${ADMIN_DATE_TIME_WORDS}`;

const PARTS =
  /^(\d{4}-\d{2}-\d{2})T([01]\d|2[0-3]):([0-5]\d)(?::([0-5]\d)(\.\d{1,9})?)?(Z|z|[+-](?:[01]\d|2[0-3]):[0-5]\d)?$/;

/**
 * The instant an admin body's time names, or null when it names none (a day that does not
 * exist, hour 24, a year the service does not take). A time with an offset or `Z` is taken
 * as given; one without is read on the clocks of `timeZone`: a time shown twice when the
 * clocks go back is its first showing, and a time the clocks skip when they go forward is
 * read with the offset from before the change (02:30 is then 03:30).
 */
export function readAdminDateTime(value: string, timeZone: string): Date | null {
  const parts = PARTS.exec(value);
  const day = parts?.[1];
  if (parts === null || day === undefined || !isSupportedDay(day)) return null;
  const [, , hours, minutes, seconds = '00', fraction = '', zone] = parts;
  if (zone !== undefined) return new Date(value);
  const minute = zonedInstant(day, `${hours}:${minutes}`, timeZone);
  const milliseconds = Math.floor(Number(`0${fraction || '.0'}`) * 1000);
  return new Date(minute.getTime() + Number(seconds) * 1000 + milliseconds);
}

/** `readAdminDateTime` of a body's `field`: a 422 stating the rule when it names no instant. */
export function adminInstant(field: string, value: string, timeZone: string): Date {
  const at = readAdminDateTime(value, timeZone);
  if (at === null) throw new ValidationError({ [field]: ADMIN_DATE_TIME_RULE });
  return at;
}

const pad = (value: number) => String(value).padStart(2, '0');

/** `withZoneOffset` of a time that may be unset (null stays null). */
export function withZoneOffsetOrNull(instant: Date | null, timeZone: string): string | null {
  return instant === null ? null : withZoneOffset(instant, timeZone);
}

/**
 * `instant` as the clocks of `timeZone` show it, with their offset:
 * `2027-04-06T17:30:00-05:00` (milliseconds only when there are some). An offset of odd
 * seconds (local mean times before 1900-odd) has no ISO 8601 form: such an instant is given
 * in UTC, with `Z`.
 */
export function withZoneOffset(instant: Date, timeZone: string): string {
  const offset = zoneOffsetMs(instant.getTime(), timeZone);
  if (offset % 60_000 !== 0) return instant.toISOString().replace('.000Z', 'Z');
  const wall = new Date(instant.getTime() + offset).toISOString();
  const clock = wall.endsWith('.000Z') ? wall.slice(0, 19) : wall.slice(0, 23);
  if (offset === 0) return `${clock}+00:00`;
  const minutes = Math.abs(offset) / 60_000;
  return `${clock}${offset < 0 ? '-' : '+'}${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
}
