import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { LeagueStatus } from '../../src/db/schema.js';
import {
  addDays,
  isCalendarDate,
  isSupportedDay,
  isTimeZone,
  localDate,
  localToday,
  unsupportedDays,
  weekday,
  zonedInstant,
} from '../../src/domain/dates.js';
import {
  ClientError,
  ConflictError,
  NotFoundError,
  ValidationError,
} from '../../src/domain/errors.js';
import { golferFeeCents } from '../../src/domain/fees.js';
import { detectImageType } from '../../src/domain/image-type.js';
import {
  registrationClosedReason,
  type RegistrationWindow,
} from '../../src/domain/registration.js';
import { maxPartners, newEntryFits, spotsRemaining, teamSeats } from '../../src/domain/seats.js';
import {
  LEAGUE_STATUSES,
  PUBLIC_LEAGUE_STATUSES,
  isPublicLeagueStatus,
} from '../../src/domain/visibility.js';

void describe('seats', () => {
  void test('an empty team of two has both seats free', () => {
    assert.deepEqual(teamSeats(2, 0), {
      entrySize: 2,
      seatsFilled: 0,
      seatsRemaining: 2,
      complete: false,
    });
  });

  void test('seatsRemaining is entrySize minus the active members', () => {
    assert.deepEqual(teamSeats(4, 1), {
      entrySize: 4,
      seatsFilled: 1,
      seatsRemaining: 3,
      complete: false,
    });
    assert.deepEqual(teamSeats(4, 3), {
      entrySize: 4,
      seatsFilled: 3,
      seatsRemaining: 1,
      complete: false,
    });
  });

  void test('a team is complete exactly when no seat remains', () => {
    assert.deepEqual(teamSeats(2, 2), {
      entrySize: 2,
      seatsFilled: 2,
      seatsRemaining: 0,
      complete: true,
    });
    assert.equal(teamSeats(1, 1).complete, true);
    assert.equal(teamSeats(1, 0).complete, false);
  });

  void test('an over-full team never shows negative seats', () => {
    const seats = teamSeats(2, 3);
    assert.equal(seats.seatsRemaining, 0);
    assert.equal(seats.seatsFilled, 3);
    assert.equal(seats.complete, true);
  });

  void test('a registrant may name at most seatsRemaining − 1 partners', () => {
    assert.equal(maxPartners(4), 3);
    assert.equal(maxPartners(2), 1);
    assert.equal(maxPartners(1), 0);
  });

  void test('no seat left means no partners, never a negative count', () => {
    assert.equal(maxPartners(0), 0);
  });

  void test('a league without a cap takes every entry', () => {
    assert.equal(newEntryFits(null, 0, 1), true);
    assert.equal(newEntryFits(null, 10_000, 4), true);
  });

  void test('an entry that exactly fills the cap fits; one golfer more does not', () => {
    assert.equal(newEntryFits(48, 47, 1), true);
    assert.equal(newEntryFits(48, 48, 1), false);
    assert.equal(newEntryFits(48, 100, 1), false);
  });

  void test('a team entry reserves all its seats against the cap, counted in golfers', () => {
    assert.equal(newEntryFits(32, 30, 2), true);
    assert.equal(newEntryFits(32, 31, 2), false);
    assert.equal(newEntryFits(10, 7, 4), false);
    assert.equal(newEntryFits(10, 6, 4), true);
  });

  void test('a cap of zero takes nobody', () => {
    assert.equal(newEntryFits(0, 0, 1), false);
  });

  void test('spotsRemaining is the cap less the seats taken, floored at 0; null without a cap', () => {
    const table: [number | null, number, number | null][] = [
      [null, 0, null],
      [null, 500, null],
      [48, 0, 48],
      [48, 47, 1],
      [48, 48, 0],
      [10, 14, 0],
      [0, 0, 0],
    ];
    for (const [maxEntries, seatsReserved, expected] of table) {
      assert.equal(
        spotsRemaining(maxEntries, seatsReserved),
        expected,
        `${maxEntries} ${seatsReserved}`,
      );
    }
  });

  void test('a new entry fits exactly when it needs no more places than spotsRemaining', () => {
    for (const maxEntries of [null, 0, 1, 5, 8]) {
      for (let seatsReserved = 0; seatsReserved <= 10; seatsReserved += 1) {
        for (const entrySize of [1, 2, 4]) {
          const spots = spotsRemaining(maxEntries, seatsReserved);
          assert.equal(
            newEntryFits(maxEntries, seatsReserved, entrySize),
            spots === null || entrySize <= spots,
          );
        }
      }
    }
  });
});

void describe('fees', () => {
  const perEntry = { feeMembersCents: 24_000, feePerEntry: true };
  const perGolfer = { feeMembersCents: 12_000, feePerEntry: false };

  void test('on a feePerEntry league the first golfer of a team pays the league fee', () => {
    assert.equal(golferFeeCents(perEntry, false), 24_000);
  });

  void test('on a feePerEntry league a partner whose entry is bought owes nothing', () => {
    assert.equal(golferFeeCents(perEntry, true), 0);
  });

  void test('on a per-golfer league every golfer pays, whether or not a teammate has paid', () => {
    assert.equal(golferFeeCents(perGolfer, false), 12_000);
    assert.equal(golferFeeCents(perGolfer, true), 12_000);
  });

  void test('a free league costs nothing', () => {
    assert.equal(golferFeeCents({ feeMembersCents: 0, feePerEntry: false }, false), 0);
  });
});

void describe('dates', () => {
  void test('America/Chicago: an instant after UTC midnight is still the previous local day', () => {
    assert.equal(localDate(new Date('2026-06-16T23:30:00Z'), 'America/Chicago'), '2026-06-16');
    assert.equal(localDate(new Date('2026-06-17T00:30:00Z'), 'America/Chicago'), '2026-06-16');
    assert.equal(localDate(new Date('2026-06-17T04:59:59Z'), 'America/Chicago'), '2026-06-16');
    assert.equal(localDate(new Date('2026-06-17T05:00:00Z'), 'America/Chicago'), '2026-06-17');
  });

  void test('Pacific/Auckland: the local day turns before UTC midnight', () => {
    // NZST (UTC+12) in June.
    assert.equal(localDate(new Date('2026-06-16T11:59:00Z'), 'Pacific/Auckland'), '2026-06-16');
    assert.equal(localDate(new Date('2026-06-16T12:00:00Z'), 'Pacific/Auckland'), '2026-06-17');
    assert.equal(localDate(new Date('2026-06-16T23:30:00Z'), 'Pacific/Auckland'), '2026-06-17');
    // NZDT (UTC+13) in January.
    assert.equal(localDate(new Date('2026-01-15T10:59:00Z'), 'Pacific/Auckland'), '2026-01-15');
    assert.equal(localDate(new Date('2026-01-15T11:00:00Z'), 'Pacific/Auckland'), '2026-01-16');
  });

  void test('the same instant is a different day in Chicago and Auckland', () => {
    const instant = new Date('2026-06-16T13:00:00Z');
    assert.equal(localDate(instant, 'America/Chicago'), '2026-06-16');
    assert.equal(localDate(instant, 'Pacific/Auckland'), '2026-06-17');
    assert.equal(localDate(instant, 'UTC'), '2026-06-16');
  });

  void test('America/Chicago spring-forward day (2026-03-08) ends an hour earlier in UTC', () => {
    assert.equal(localDate(new Date('2026-03-08T05:59:00Z'), 'America/Chicago'), '2026-03-07');
    assert.equal(localDate(new Date('2026-03-08T06:00:00Z'), 'America/Chicago'), '2026-03-08');
    assert.equal(localDate(new Date('2026-03-09T04:30:00Z'), 'America/Chicago'), '2026-03-08');
    // CDT (UTC−5) is in force by midnight: a fixed CST offset would still say March 8.
    assert.equal(localDate(new Date('2026-03-09T05:30:00Z'), 'America/Chicago'), '2026-03-09');
  });

  void test('America/Chicago fall-back day (2026-11-01) ends an hour later in UTC', () => {
    assert.equal(localDate(new Date('2026-11-01T04:59:00Z'), 'America/Chicago'), '2026-10-31');
    assert.equal(localDate(new Date('2026-11-01T05:00:00Z'), 'America/Chicago'), '2026-11-01');
    // CST (UTC−6) is in force by midnight: a fixed CDT offset would already say November 2.
    assert.equal(localDate(new Date('2026-11-02T05:30:00Z'), 'America/Chicago'), '2026-11-01');
    assert.equal(localDate(new Date('2026-11-02T06:00:00Z'), 'America/Chicago'), '2026-11-02');
  });

  void test('Pacific/Auckland DST end (2026-04-05) and start (2026-09-27)', () => {
    // DST ended that morning: midnight is at UTC+12.
    assert.equal(localDate(new Date('2026-04-05T11:30:00Z'), 'Pacific/Auckland'), '2026-04-05');
    assert.equal(localDate(new Date('2026-04-05T12:00:00Z'), 'Pacific/Auckland'), '2026-04-06');
    // DST began that morning: midnight is at UTC+13.
    assert.equal(localDate(new Date('2026-09-27T10:59:00Z'), 'Pacific/Auckland'), '2026-09-27');
    assert.equal(localDate(new Date('2026-09-27T11:30:00Z'), 'Pacific/Auckland'), '2026-09-28');
  });

  void test('localDate pads months and days to YYYY-MM-DD', () => {
    assert.equal(localDate(new Date('2026-01-05T12:00:00Z'), 'UTC'), '2026-01-05');
    assert.match(
      localDate(new Date('2026-01-05T12:00:00Z'), 'America/Chicago'),
      /^\d{4}-\d{2}-\d{2}$/,
    );
  });

  void test('localToday is localDate, including when a minute holds two days', () => {
    // Africa/Monrovia kept UTC−00:44:30 until 1972: its midnight fell 30 s into a minute.
    const cases: [string, string, string][] = [
      ['1971-06-16T00:44:10Z', 'Africa/Monrovia', '1971-06-15'],
      ['1971-06-16T00:44:50Z', 'Africa/Monrovia', '1971-06-16'],
      ['1971-06-16T00:44:10Z', 'Africa/Monrovia', '1971-06-15'],
      ['2026-06-16T18:14:59Z', 'Asia/Kathmandu', '2026-06-16'],
      ['2026-06-16T18:15:00Z', 'Asia/Kathmandu', '2026-06-17'],
      ['2026-06-16T18:14:00Z', 'Asia/Kathmandu', '2026-06-16'],
      ['2026-11-01T04:59:30Z', 'America/Chicago', '2026-10-31'],
      ['2026-11-01T04:59:59.999Z', 'America/Chicago', '2026-10-31'],
      ['2026-11-01T05:00:00Z', 'America/Chicago', '2026-11-01'],
      ['2026-06-16T11:59:00Z', 'Pacific/Auckland', '2026-06-16'],
      ['2026-06-16T12:00:01Z', 'Pacific/Auckland', '2026-06-17'],
      ['2026-06-16T12:00:59Z', 'Pacific/Auckland', '2026-06-17'],
    ];
    for (const [instant, zone, day] of cases) {
      assert.equal(localDate(new Date(instant), zone), day, `localDate ${instant} ${zone}`);
      // Asked twice: the second answer may come from the minute the first one kept.
      for (let ask = 0; ask < 2; ask += 1) {
        assert.equal(localToday(new Date(instant), zone), day, `localToday ${instant} ${zone}`);
      }
    }
  });

  void test('localToday refuses an invalid date as localDate does', () => {
    assert.throws(() => localToday(new Date(Number.NaN), 'UTC'), RangeError);
  });

  void test('isTimeZone accepts IANA zone names', () => {
    assert.equal(isTimeZone('America/Chicago'), true);
    assert.equal(isTimeZone('Pacific/Auckland'), true);
    assert.equal(isTimeZone('Europe/London'), true);
    assert.equal(isTimeZone('UTC'), true);
  });

  void test('isTimeZone refuses names that are no zone', () => {
    assert.equal(isTimeZone('Mars/Olympus_Mons'), false);
    assert.equal(isTimeZone('not a zone'), false);
    assert.equal(isTimeZone(''), false);
    assert.equal(isTimeZone('America/Chicago; drop table'), false);
  });

  void test('isCalendarDate accepts real days', () => {
    assert.equal(isCalendarDate('2026-01-01'), true);
    assert.equal(isCalendarDate('2026-02-28'), true);
    assert.equal(isCalendarDate('2026-12-31'), true);
  });

  void test('isCalendarDate knows leap years', () => {
    assert.equal(isCalendarDate('2026-02-29'), false);
    assert.equal(isCalendarDate('2028-02-29'), true);
    assert.equal(isCalendarDate('2000-02-29'), true);
    assert.equal(isCalendarDate('2100-02-29'), false);
  });

  void test('isCalendarDate refuses impossible days and months', () => {
    assert.equal(isCalendarDate('2026-04-31'), false);
    assert.equal(isCalendarDate('2026-13-01'), false);
    assert.equal(isCalendarDate('2026-00-10'), false);
    assert.equal(isCalendarDate('2026-01-00'), false);
    assert.equal(isCalendarDate('2026-01-32'), false);
  });

  void test('zonedInstant: a local time is a UTC instant with the offset of that day', () => {
    const cases: [day: string, time: string, zone: string, instant: string][] = [
      ['2026-06-16', '17:30', 'America/Chicago', '2026-06-16T22:30:00.000Z'], // CDT, UTC−5
      ['2026-01-13', '17:30', 'America/Chicago', '2026-01-13T23:30:00.000Z'], // CST, UTC−6
      ['2026-03-08', '17:30', 'America/Chicago', '2026-03-08T22:30:00.000Z'], // sprung forward
      ['2026-11-01', '17:30', 'America/Chicago', '2026-11-01T23:30:00.000Z'], // fallen back
      ['2026-06-16', '17:30', 'Pacific/Auckland', '2026-06-16T05:30:00.000Z'], // NZST, UTC+12
      ['2026-01-15', '17:30', 'Pacific/Auckland', '2026-01-15T04:30:00.000Z'], // NZDT, UTC+13
      ['2026-06-16', '17:30', 'Asia/Kolkata', '2026-06-16T12:00:00.000Z'], // UTC+5:30
      ['2026-06-16', '00:00', 'UTC', '2026-06-16T00:00:00.000Z'],
    ];
    for (const [day, time, zone, instant] of cases) {
      assert.equal(zonedInstant(day, time, zone).toISOString(), instant, `${day} ${time} ${zone}`);
    }
  });

  void test('zonedInstant: a skipped time moves on an hour, a repeated one is its first showing', () => {
    // 02:30 does not exist in Chicago on 2026-03-08; 03:30 CDT does.
    assert.equal(
      zonedInstant('2026-03-08', '02:30', 'America/Chicago').toISOString(),
      '2026-03-08T08:30:00.000Z',
    );
    // 01:30 happens twice on 2026-11-01: first in CDT (UTC−5).
    assert.equal(
      zonedInstant('2026-11-01', '01:30', 'America/Chicago').toISOString(),
      '2026-11-01T06:30:00.000Z',
    );
  });

  void test('addDays crosses months, years and leap days; weekday counts from Sunday', () => {
    assert.equal(addDays('2026-01-31', 1), '2026-02-01');
    assert.equal(addDays('2026-12-31', 1), '2027-01-01');
    assert.equal(addDays('2028-03-01', -1), '2028-02-29');
    assert.equal(addDays('2026-06-16', -35), '2026-05-12');
    assert.equal(weekday('2026-06-14'), 0);
    assert.equal(weekday('2026-06-16'), 2);
    assert.equal(weekday('2026-06-20'), 6);
  });

  void test('isCalendarDate refuses anything but YYYY-MM-DD', () => {
    assert.equal(isCalendarDate('2026-1-01'), false);
    assert.equal(isCalendarDate('2026/01/01'), false);
    assert.equal(isCalendarDate('2026-01-01T00:00:00Z'), false);
    assert.equal(isCalendarDate(' 2026-01-01'), false);
    assert.equal(isCalendarDate('2026-01-01 '), false);
    assert.equal(isCalendarDate('26-01-01'), false);
    assert.equal(isCalendarDate(''), false);
  });

  void test('isSupportedDay takes calendar days from 1900-01-01 to 2199-12-31', () => {
    for (const day of ['1900-01-01', '2026-06-16', '2000-02-29', '2199-12-31']) {
      assert.equal(isSupportedDay(day), true, day);
    }
    for (const day of ['0999-12-31', '1899-12-31', '2200-01-01', '9999-01-01', '2100-02-29', '']) {
      assert.equal(isSupportedDay(day), false, day);
    }
  });

  void test('unsupportedDays names each given day outside the range, and skips absent ones', () => {
    assert.deepEqual(unsupportedDays({ opens: null, closes: '2026-01-01' }), {});
    const errors = unsupportedDays({ opens: '1899-01-01', closes: '2026-02-30', other: null });
    assert.deepEqual(Object.keys(errors), ['opens', 'closes']);
  });
});

void describe('registration window', () => {
  const window = (
    status: LeagueStatus,
    registrationOpensAt: string | null,
    registrationClosesAt: string | null,
  ): RegistrationWindow => ({ status, registrationOpensAt, registrationClosesAt });

  void test('a completed league takes no registrations, even inside its window', () => {
    const reason = registrationClosedReason(
      window('completed', '2026-06-01', '2026-06-30'),
      '2026-06-15',
    );
    assert.equal(typeof reason, 'string');
    assert.match(reason ?? '', /completed/i);
  });

  void test('a completed league without a window takes no registrations', () => {
    assert.notEqual(registrationClosedReason(window('completed', null, null), '2026-06-15'), null);
  });

  void test('before the window opens: refused, naming the opening day', () => {
    const reason = registrationClosedReason(
      window('open', '2026-06-01', '2026-06-30'),
      '2026-05-31',
    );
    assert.notEqual(reason, null);
    assert.match(reason ?? '', /2026-06-01/);
  });

  void test('after the window closes: refused, naming the closing day', () => {
    const reason = registrationClosedReason(
      window('open', '2026-06-01', '2026-06-30'),
      '2026-07-01',
    );
    assert.notEqual(reason, null);
    assert.match(reason ?? '', /2026-06-30/);
  });

  void test('the window is inclusive on both days', () => {
    const league = window('open', '2026-06-01', '2026-06-30');
    assert.equal(registrationClosedReason(league, '2026-06-01'), null);
    assert.equal(registrationClosedReason(league, '2026-06-15'), null);
    assert.equal(registrationClosedReason(league, '2026-06-30'), null);
  });

  void test('a one-day window takes registrations on that day only', () => {
    const league = window('active', '2026-06-15', '2026-06-15');
    assert.equal(registrationClosedReason(league, '2026-06-15'), null);
    assert.notEqual(registrationClosedReason(league, '2026-06-14'), null);
    assert.notEqual(registrationClosedReason(league, '2026-06-16'), null);
  });

  void test('comparisons work across month and year ends', () => {
    const league = window('open', '2025-12-31', '2026-01-31');
    assert.notEqual(registrationClosedReason(league, '2025-12-30'), null);
    assert.equal(registrationClosedReason(league, '2025-12-31'), null);
    assert.equal(registrationClosedReason(league, '2026-01-01'), null);
    assert.notEqual(registrationClosedReason(league, '2026-02-01'), null);
  });

  void test('no window: open and active leagues always take registrations', () => {
    assert.equal(registrationClosedReason(window('open', null, null), '1999-01-01'), null);
    assert.equal(registrationClosedReason(window('active', null, null), '2099-12-31'), null);
  });

  void test('only an opening day: open from then on, with no end', () => {
    const league = window('open', '2026-06-01', null);
    assert.notEqual(registrationClosedReason(league, '2026-05-31'), null);
    assert.equal(registrationClosedReason(league, '2026-06-01'), null);
    assert.equal(registrationClosedReason(league, '2099-01-01'), null);
  });

  void test('only a closing day: open until then', () => {
    const league = window('open', null, '2026-06-30');
    assert.equal(registrationClosedReason(league, '2000-01-01'), null);
    assert.equal(registrationClosedReason(league, '2026-06-30'), null);
    assert.notEqual(registrationClosedReason(league, '2026-07-01'), null);
  });
});

void describe('visibility', () => {
  void test('open, active and completed are public', () => {
    assert.deepEqual([...PUBLIC_LEAGUE_STATUSES].sort(), ['active', 'completed', 'open']);
    assert.equal(isPublicLeagueStatus('open'), true);
    assert.equal(isPublicLeagueStatus('active'), true);
    assert.equal(isPublicLeagueStatus('completed'), true);
  });

  void test('draft and private are hidden', () => {
    assert.equal(isPublicLeagueStatus('draft'), false);
    assert.equal(isPublicLeagueStatus('private'), false);
  });

  void test('LEAGUE_STATUSES lists each of the five statuses once', () => {
    assert.deepEqual([...LEAGUE_STATUSES].sort(), [
      'active',
      'completed',
      'draft',
      'open',
      'private',
    ]);
    for (const status of PUBLIC_LEAGUE_STATUSES) assert.ok(LEAGUE_STATUSES.includes(status));
  });

  void test('exactly the public statuses pass isPublicLeagueStatus', () => {
    const visible = LEAGUE_STATUSES.filter((status) => isPublicLeagueStatus(status));
    assert.deepEqual([...visible].sort(), [...PUBLIC_LEAGUE_STATUSES].sort());
  });
});

void describe('image type', () => {
  const bytes = (...values: number[]) => Uint8Array.from(values);
  const text = (value: string) => Array.from(Buffer.from(value, 'latin1'));
  const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

  void test('a PNG is recognised from its signature', () => {
    assert.deepEqual(detectImageType(bytes(...PNG, 0, 0, 0, 13, ...text('IHDR'))), {
      contentType: 'image/png',
      extension: 'png',
    });
    assert.deepEqual(detectImageType(Buffer.from(PNG)), {
      contentType: 'image/png',
      extension: 'png',
    });
  });

  void test('a JPEG is recognised from its signature', () => {
    assert.deepEqual(detectImageType(bytes(0xff, 0xd8, 0xff, 0xe0, 0, 0x10, ...text('JFIF'))), {
      contentType: 'image/jpeg',
      extension: 'jpg',
    });
  });

  void test('a WebP is recognised from RIFF…WEBP', () => {
    assert.deepEqual(detectImageType(bytes(...text('RIFF'), 0x24, 0, 0, 0, ...text('WEBPVP8 '))), {
      contentType: 'image/webp',
      extension: 'webp',
    });
    assert.deepEqual(detectImageType(bytes(...text('RIFF'), 0, 0, 0, 0, ...text('WEBP'))), {
      contentType: 'image/webp',
      extension: 'webp',
    });
  });

  void test('buffers too short for a signature are refused', () => {
    assert.equal(detectImageType(new Uint8Array(0)), null);
    assert.equal(detectImageType(bytes(...PNG.slice(0, 7))), null);
    assert.equal(detectImageType(bytes(0xff, 0xd8)), null);
    assert.equal(detectImageType(bytes(0xff)), null);
    assert.equal(detectImageType(bytes(...text('RIFF'), 0, 0, 0, 0, ...text('WEB'))), null);
    assert.equal(detectImageType(bytes(...text('RIFF'))), null);
  });

  void test('GIF is not accepted', () => {
    assert.equal(detectImageType(bytes(...text('GIF89a'), 1, 0, 1, 0, 0x80, 0, 0)), null);
    assert.equal(detectImageType(bytes(...text('GIF87a'), 1, 0, 1, 0, 0x80, 0, 0)), null);
  });

  void test('other RIFF files, text and look-alikes are refused', () => {
    assert.equal(detectImageType(bytes(...text('RIFF'), 0x24, 0, 0, 0, ...text('WAVEfmt '))), null);
    assert.equal(detectImageType(bytes(...text('<svg xmlns="http://www.w3.org/2000/svg">'))), null);
    assert.equal(detectImageType(bytes(...text('%PDF-1.7\n'))), null);
    // A corrupted PNG signature (last byte wrong).
    assert.equal(detectImageType(bytes(...PNG.slice(0, 7), 0x0b, 0, 0, 0, 0)), null);
    // The signature must be at the start.
    assert.equal(detectImageType(bytes(0, ...PNG)), null);
  });
});

void describe('client errors', () => {
  void test('each error carries the status the HTTP edge answers with', () => {
    const cases: [ClientError, number][] = [
      [new NotFoundError(), 404],
      [new ConflictError('taken'), 409],
      [new ValidationError({ name: 'is required' }), 422],
    ];
    for (const [error, status] of cases) {
      assert.ok(error instanceof ClientError);
      assert.ok(error instanceof Error);
      assert.equal(error.status, status);
    }
  });

  void test('NotFoundError has one fixed message, so unknown and hidden answers are identical', () => {
    assert.equal(new NotFoundError().message, 'Not Found');
    assert.equal(new NotFoundError().message, new NotFoundError().message);
  });

  void test('ValidationError keeps the per-field map', () => {
    const error = new ValidationError({ email: 'must be an e-mail address' });
    assert.deepEqual(error.errors, { email: 'must be an e-mail address' });
  });
});
