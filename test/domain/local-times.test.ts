import assert from 'node:assert/strict';
import { test } from 'node:test';
import { readAdminDateTime, withZoneOffset } from '../../src/domain/local-times.js';

const CHICAGO = 'America/Chicago';

void test('an admin time without an offset is read on the organization’s clock', () => {
  const cases: [string, string, string | null][] = [
    // Summer and winter offsets of the same zone.
    ['2027-04-06T17:30', CHICAGO, '2027-04-06T22:30:00.000Z'],
    ['2027-01-06T17:30', CHICAGO, '2027-01-06T23:30:00.000Z'],
    ['2027-04-06T17:30:15.25', CHICAGO, '2027-04-06T22:30:15.250Z'],
    ['2027-07-01T09:00', 'Europe/Berlin', '2027-07-01T07:00:00.000Z'],
    ['2027-07-01T09:00', 'UTC', '2027-07-01T09:00:00.000Z'],
    // Spring forward (Chicago, 2027-03-14 02:00 → 03:00): 02:30 does not exist and is read
    // with the offset from before the change, so it is 03:30 daylight time.
    ['2027-03-14T02:30', CHICAGO, '2027-03-14T08:30:00.000Z'],
    ['2027-03-14T03:30', CHICAGO, '2027-03-14T08:30:00.000Z'],
    // Fall back (2027-11-07 02:00 → 01:00): 01:30 is shown twice; it is the first showing.
    ['2027-11-07T01:30', CHICAGO, '2027-11-07T06:30:00.000Z'],
    ['2027-11-07T01:30-06:00', CHICAGO, '2027-11-07T07:30:00.000Z'],
    // An offset or Z is honoured as given, whatever the zone.
    ['2027-04-06T17:30:00-05:00', 'Asia/Tokyo', '2027-04-06T22:30:00.000Z'],
    ['2027-04-06T17:30Z', 'Asia/Tokyo', '2027-04-06T17:30:00.000Z'],
    // Not times.
    ['2027-02-30T10:00', CHICAGO, null],
    ['2027-04-06T24:00', CHICAGO, null],
    ['2027-04-06T10:60', CHICAGO, null],
    ['1899-12-31T10:00', CHICAGO, null],
    ['2027-04-06', CHICAGO, null],
    ['2027-04-06 17:30', CHICAGO, null],
  ];
  for (const [value, zone, expected] of cases) {
    assert.equal(readAdminDateTime(value, zone)?.toISOString() ?? null, expected, value);
  }
});

void test('an admin answer’s time carries the organization’s offset', () => {
  const cases: [string, string, string][] = [
    ['2027-04-06T22:30:00.000Z', CHICAGO, '2027-04-06T17:30:00-05:00'],
    ['2027-01-06T23:30:00.000Z', CHICAGO, '2027-01-06T17:30:00-06:00'],
    ['2027-04-06T22:30:15.250Z', CHICAGO, '2027-04-06T17:30:15.250-05:00'],
    ['2027-07-01T07:00:00.000Z', 'Europe/Berlin', '2027-07-01T09:00:00+02:00'],
    ['2027-07-01T07:00:00.000Z', 'UTC', '2027-07-01T07:00:00+00:00'],
    ['2027-07-01T07:00:00.000Z', 'Asia/Kolkata', '2027-07-01T12:30:00+05:30'],
    // Both showings of 01:30 on the night clocks go back keep their own offsets.
    ['2027-11-07T06:30:00.000Z', CHICAGO, '2027-11-07T01:30:00-05:00'],
    ['2027-11-07T07:30:00.000Z', CHICAGO, '2027-11-07T01:30:00-06:00'],
  ];
  for (const [instant, zone, expected] of cases) {
    const shown = withZoneOffset(new Date(instant), zone);
    assert.equal(shown, expected, instant);
    assert.equal(new Date(shown).toISOString(), instant, `${shown} names the same instant`);
  }
});

void test('a time given with the organization’s offset reads back as itself', () => {
  for (const value of ['2027-04-06T17:30:00-05:00', '2027-11-07T01:30:00-06:00']) {
    const instant = readAdminDateTime(value, CHICAGO);
    assert.ok(instant !== null);
    assert.equal(withZoneOffset(instant, CHICAGO), value);
  }
});
