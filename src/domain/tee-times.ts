import { zonedInstant } from './dates.js';
import {
  ADMIN_DATE_TIME_PATTERN,
  ADMIN_DATE_TIME_WORDS,
  readAdminDateTime,
} from './local-times.js';

const WALL_CLOCK = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** What a tee time may look like: a time of day, or any time an admin body takes. */
export const TEE_TIME_PATTERN = `^(?:[01]\\d|2[0-3]):[0-5]\\d$|${ADMIN_DATE_TIME_PATTERN}`;

export const TEE_TIME_RULE = `must be a time of day on the event’s day, HH:MM (e.g. 17:30), or ${ADMIN_DATE_TIME_WORDS}`;

/**
 * A tee time as an instant, or null when `value` is not one. Either `HH:MM`, read on the
 * event's day (`eventDay`, `YYYY-MM-DD`) in the organization's time zone, or a time as
 * every admin body takes it (decisions §23): a local date-time read in that zone, or one
 * with an offset or `Z` taken as given (`readAdminDateTime`).
 */
export function parseTeeTime(value: string, eventDay: string, timeZone: string): Date | null {
  if (WALL_CLOCK.test(value)) return zonedInstant(eventDay, value, timeZone);
  return readAdminDateTime(value, timeZone);
}
