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

const MINUTE_MS = 60_000;

/** Per zone, the day of the last `localToday` and the minute of UTC it was seen to hold for. */
const todays = new Map<string, { minute: number; day: string }>();

/**
 * `localDate` of the clock's now, for the reads that ask for it on every request (which
 * season is current, this year): a zone's day is formatted once a minute instead of each
 * time, a few microseconds each (most of a standings read's own work, docs/benchmarks.md).
 * A minute is reused only once its first and last milliseconds are seen to fall on the same
 * day, so a zone whose midnight falls inside a minute (an offset in seconds, as historic
 * local mean times had) is formatted every time instead.
 */
export function localToday(now: Date, timeZone: string): string {
  const minute = Math.floor(now.getTime() / MINUTE_MS);
  const known = todays.get(timeZone);
  if (known !== undefined && known.minute === minute) return known.day;
  const day = localDate(now, timeZone);
  const first = minute * MINUTE_MS;
  if (
    localDate(new Date(first), timeZone) === day &&
    localDate(new Date(first + MINUTE_MS - 1), timeZone) === day
  ) {
    todays.set(timeZone, { minute, day });
  }
  return day;
}

const clockFormatters = new Map<string, Intl.DateTimeFormat>();

/** Milliseconds by which the clocks of `timeZone` are ahead of UTC at `instant`. */
export function zoneOffsetMs(instant: number, timeZone: string): number {
  let clock = clockFormatters.get(timeZone);
  if (clock === undefined) {
    clock = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    clockFormatters.set(timeZone, clock);
  }
  const parts = clock.formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    Number(parts.find((candidate) => candidate.type === type)?.value);
  const wall = Date.UTC(
    part('year'),
    part('month') - 1,
    part('day'),
    part('hour'),
    part('minute'),
    part('second'),
  );
  return wall - (instant - (((instant % 1000) + 1000) % 1000));
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The instant at which the clocks of `timeZone` show `time` (`HH:MM`) on `day`
 * (`YYYY-MM-DD`), with the offset in force then (daylight saving included). A time shown
 * twice when the clocks fall back is its first showing; a time skipped when they spring
 * forward is read with the offset from before the change (02:30 becomes 03:30).
 */
export function zonedInstant(day: string, time: string, timeZone: string): Date {
  const wall = Date.parse(`${day}T${time}:00Z`);
  // Offsets change at most once a day: the one of the day before and the one of the day after.
  const before = wall - zoneOffsetMs(wall - DAY_MS, timeZone);
  const after = wall - zoneOffsetMs(wall + DAY_MS, timeZone);
  const shown = [after, before].filter(
    (instant) => instant + zoneOffsetMs(instant, timeZone) === wall,
  );
  return new Date(shown.length === 0 ? before : Math.min(...shown));
}

/** The calendar day `days` after `day` (before it when negative), both `YYYY-MM-DD`. */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** The day of the week of `day` (`YYYY-MM-DD`): 0 is Sunday, 6 is Saturday. */
export function weekday(day: string): number {
  return new Date(`${day}T00:00:00Z`).getUTCDay();
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
