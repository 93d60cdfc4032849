import { localDate } from './dates.js';
import type { PublicLeagueStatus } from './visibility.js';
import { registrationClosedReason } from './registration.js';
import { spotsFit } from './seats.js';

/**
 * Words and numbers as a club's web page shows them to golfers (US English): the same
 * facts the JSON API gives, written for people.
 */

const moneyFormat = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** Cents as dollars: `$200.00`. */
export function formatMoney(cents: number): string {
  return moneyFormat.format(cents / 100);
}

const dayFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: 'UTC',
  weekday: 'short',
  month: 'short',
  day: 'numeric',
});

/** A calendar day (`YYYY-MM-DD`): `Tue, Nov 24`. */
export function formatDay(day: string): string {
  return dayFormat.format(new Date(`${day}T00:00:00Z`));
}

/** Two calendar days: `Tue, Jun 2 – Tue, Aug 18`, or one day when they are the same. */
export function formatDayRange(first: string, last: string): string {
  return first === last ? formatDay(first) : `${formatDay(first)} – ${formatDay(last)}`;
}

const zonedFormats = new Map<string, { day: Intl.DateTimeFormat; time: Intl.DateTimeFormat }>();

function zoned(timeZone: string) {
  let formats = zonedFormats.get(timeZone);
  if (formats === undefined) {
    formats = {
      day: new Intl.DateTimeFormat('en-US', {
        timeZone,
        weekday: 'short',
        month: 'short',
        day: 'numeric',
      }),
      time: new Intl.DateTimeFormat('en-US', {
        timeZone,
        hour: 'numeric',
        minute: '2-digit',
        hour12: true,
      }),
    };
    zonedFormats.set(timeZone, formats);
  }
  return formats;
}

/** The clock time of an instant in `timeZone`: `5:30 pm`. */
export function formatTime(instant: Date, timeZone: string): string {
  return zoned(timeZone)
    .time.format(instant)
    .replace(/\s*([AP])M$/i, (_all, half: string) => ` ${half.toLowerCase()}m`);
}

/**
 * An instant in `timeZone`, in words: `Tue, Nov 24 · 5:30 pm`; with the year
 * (`Tue, Jun 17, 2025 · 5:00 pm`) when it falls in another year than `now` there.
 */
export function formatDateTime(instant: Date, timeZone: string, now?: Date): string {
  const year = localDate(instant, timeZone).slice(0, 4);
  const sameYear = now === undefined || localDate(now, timeZone).slice(0, 4) === year;
  const day = zoned(timeZone).day.format(instant);
  return `${sameYear ? day : `${day}, ${year}`} · ${formatTime(instant, timeZone)}`;
}

/**
 * An event's start and end in `timeZone`: one day gives one date and a range of clock times
 * (`Wed, Nov 25 · 6:00–10:00 pm`, or `11:00 am–1:00 pm` across noon); two days give both.
 */
export function formatDateTimeRange(
  start: Date,
  end: Date | null,
  timeZone: string,
  now?: Date,
): string {
  const from = formatDateTime(start, timeZone, now);
  if (end === null) return from;
  if (localDate(start, timeZone) !== localDate(end, timeZone)) {
    return `${from} – ${formatDateTime(end, timeZone, now)}`;
  }
  const startTime = formatTime(start, timeZone);
  const endTime = formatTime(end, timeZone);
  const half = / ([ap]m)$/;
  const sameHalf = startTime.match(half)?.[1] === endTime.match(half)?.[1];
  const day = from.slice(0, from.lastIndexOf(' · '));
  return `${day} · ${sameHalf ? startTime.replace(half, '') : startTime}–${endTime}`;
}

/** Strokes against par: `E`, `+2`, `-1`. */
export function formatToPar(toPar: number): string {
  if (toPar === 0) return 'E';
  return toPar > 0 ? `+${toPar}` : `-${-toPar}`;
}

/** `1 spot left`, `12 spots left`. */
export function spotsLeftWords(spots: number): string {
  return spots === 1 ? '1 spot left' : `${spots} spots left`;
}

export interface LeagueStageInput {
  status: PublicLeagueStatus;
  registrationOpensAt: string | null;
  registrationClosesAt: string | null;
  /** Golfers' places left; null without a cap. */
  spotsRemaining: number | null;
  entrySize: number;
  /** The org's calendar day now. */
  today: string;
}

export interface LeagueStage {
  /** `Registration open · 12 spots left`, `Season underway`, `Season complete`, … */
  words: string;
  /** Whether a new entry may start a registration now (the register button shows). */
  registrable: boolean;
}

/**
 * Where a league stands, in words, with whether it takes a registration now: the same
 * window and cap rules as registration start (docs/behaviour.md).
 */
export function leagueStage(league: LeagueStageInput): LeagueStage {
  if (league.status === 'completed') return { words: 'Season complete', registrable: false };
  const windowOpen =
    registrationClosedReason(
      {
        status: league.status,
        registrationOpensAt: league.registrationOpensAt,
        registrationClosesAt: league.registrationClosesAt,
      },
      league.today,
    ) === null;
  const fits = spotsFit(league.spotsRemaining, league.entrySize);
  const registrable = windowOpen && fits;
  if (league.status === 'active') {
    return {
      words: registrable ? 'Season underway · Registration open' : 'Season underway',
      registrable,
    };
  }
  if (league.registrationOpensAt !== null && league.today < league.registrationOpensAt) {
    return { words: `Registration opens ${formatDay(league.registrationOpensAt)}`, registrable };
  }
  if (!windowOpen) return { words: 'Registration closed', registrable };
  if (!fits) return { words: 'Registration open · League full', registrable };
  const spots = league.spotsRemaining === null ? '' : ` · ${spotsLeftWords(league.spotsRemaining)}`;
  return { words: `Registration open${spots}`, registrable };
}

const pointsFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

/** Standings points: whole numbers as they are, shared places' averages to two decimals. */
export function formatPoints(points: number): string {
  return pointsFormat.format(points);
}
