/** Whether `timeZone` is an IANA zone name this runtime knows. */
export function isTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return true;
  } catch {
    return false;
  }
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let cached = formatters.get(timeZone);
  if (cached === undefined) {
    cached = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    formatters.set(timeZone, cached);
  }
  return cached;
}

/** The calendar day (`YYYY-MM-DD`) that `instant` falls on in `timeZone`. */
export function localDate(instant: Date, timeZone: string): string {
  const parts = formatter(timeZone).formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    parts.find((candidate) => candidate.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/** Whether `value` is a real calendar day written `YYYY-MM-DD`. */
export function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const parsed = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().startsWith(value);
}

/**
 * The years the service takes dates in, the same the schedule's `year` filter reaches:
 * anything earlier or later is a typo.
 */
export const FIRST_YEAR = 1900;
export const LAST_YEAR = 2199;
export const SUPPORTED_DAYS = `from ${FIRST_YEAR}-01-01 to ${LAST_YEAR}-12-31`;

/** Whether `value` is a calendar day (`YYYY-MM-DD`) within the supported years. */
export function isSupportedDay(value: string): boolean {
  const year = Number(value.slice(0, 4));
  return isCalendarDate(value) && year >= FIRST_YEAR && year <= LAST_YEAR;
}

/** Each given day (null: not given) that is not supported, mapped to what is wrong with it. */
export function unsupportedDays(days: Record<string, string | null>): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const [field, day] of Object.entries(days)) {
    if (day !== null && !isSupportedDay(day)) {
      errors[field] = `must be a calendar date (YYYY-MM-DD) ${SUPPORTED_DAYS}`;
    }
  }
  return errors;
}
