import { isCalendarDate, zonedInstant } from './dates.js';

const WALL_CLOCK = /^(?:[01]\d|2[0-3]):[0-5]\d$/;
const DATE_TIME =
  /^(\d{4}-\d{2}-\d{2})T([01]\d|2[0-3]):([0-5]\d)(?::([0-5]\d)(?:\.\d{1,9})?)?(?:Z|[+-](?:[01]\d|2[0-3]):[0-5]\d)$/i;
const EARLIEST_YEAR = 1900;
const LATEST_YEAR = 2199;

/**
 * A tee time as an instant, or null when `value` is not one. Either `HH:MM`, read on the
 * event's day (`eventDay`, `YYYY-MM-DD`) in the organization's time zone, or an ISO 8601
 * date-time with `Z` or an offset, years 1900 to 2199.
 */
export function parseTeeTime(value: string, eventDay: string, timeZone: string): Date | null {
  if (WALL_CLOCK.test(value)) return zonedInstant(eventDay, value, timeZone);
  const dateTime = DATE_TIME.exec(value);
  const day = dateTime?.[1];
  if (day === undefined || !isCalendarDate(day)) return null;
  const year = Number(day.slice(0, 4));
  if (year < EARLIEST_YEAR || year > LATEST_YEAR) return null;
  return new Date(value);
}
