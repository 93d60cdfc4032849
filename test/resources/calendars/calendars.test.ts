import assert from 'node:assert/strict';
import { test } from 'node:test';
import ICAL from 'ical.js';
import { sql } from 'kysely';
import type { Org } from '../../../src/db/schema.js';
import type { EventList } from '../../../src/resources/events/schema.js';
import {
  ADMIN,
  NO_LIMITS,
  PUBLIC,
  describeOnDatabases,
  unique,
  type Harness,
} from '../../support/harness.js';

const LONG_TITLE =
  'Night 1, the season opener; shotgun start — café “après-golf” with a very long name that folds';

interface IcsEvent {
  uid: string;
  summary: string;
  start: string;
  end: string;
  location: string | null;
  status: string;
  sequence: number;
  lastModified: string;
}

/** Parses a calendar with ical.js, as a calendar app would, into its events. */
function parse(body: string): { name: string; events: IcsEvent[] } {
  const calendar = new ICAL.Component(ICAL.parse(body) as unknown[]);
  return {
    name: String(calendar.getFirstPropertyValue('x-wr-calname')),
    events: calendar.getAllSubcomponents('vevent').map((vevent) => {
      const event = new ICAL.Event(vevent);
      const lastModified = vevent.getFirstPropertyValue('last-modified') as ICAL.Time;
      const location = vevent.getFirstPropertyValue('location');
      return {
        uid: event.uid,
        summary: event.summary,
        start: event.startDate.toJSDate().toISOString(),
        end: event.endDate.toJSDate().toISOString(),
        location: location === null ? null : String(location),
        status: String(vevent.getFirstPropertyValue('status')),
        sequence: event.sequence,
        lastModified: lastModified.toJSDate().toISOString(),
      };
    }),
  };
}

/** RFC 5545 §3.1: CRLF line ends, no line over 75 octets. */
function assertWellFormed(body: string): void {
  assert.ok(body.endsWith('\r\n') || body.endsWith('END:VCALENDAR'));
  assert.ok(!/[^\r]\n/.test(body), 'every line ends with CRLF');
  for (const line of body.split('\r\n')) {
    assert.ok(Buffer.byteLength(line, 'utf8') <= 75, `folded at 75 octets: ${line}`);
  }
}

async function night(h: Harness, org: Org, fields: Record<string, unknown>) {
  const response = await h.admin('POST', `${ADMIN}/orgs/${org.slug}/events`, {
    slug: unique('night'),
    title: 'League Night',
    eventType: 'league-night',
    status: 'published',
    startDate: '2026-06-23T22:30:00Z',
    ...fields,
  });
  assert.equal(response.statusCode, 201, response.body);
  return response.json<{ id: number; slug: string }>();
}

describeOnDatabases(
  'calendars: iCalendar of a league’s nights and of the org’s events',
  (harness) => {
    void test('every night of the JSON schedule is a VEVENT with the same fields, parsed by ical.js', async () => {
      const h = harness();
      const org = await h.org();
      const league = await h.league(org, { name: 'Tuesday, Night; League' });
      await night(h, org, {
        title: LONG_TITLE,
        eventSeriesId: league.id,
        courseName: 'Cedar Ridge, North nine',
        endDate: '2026-06-24T01:00:00Z',
      });
      await night(h, org, {
        eventSeriesId: league.id,
        startDate: '2026-06-30T22:30:00Z',
        status: 'canceled',
      });
      await night(h, org, { eventSeriesId: league.id, status: 'draft' });
      await night(h, org, { title: 'Not in this league' });

      const path = `${PUBLIC}/orgs/${org.slug}/event-series/${league.slug}/calendar.ics`;
      const response = await h.inject({ url: path });
      assert.equal(response.statusCode, 200, response.body);
      assert.equal(response.headers['content-type'], 'text/calendar; charset=utf-8');
      assert.ok(response.headers.etag !== undefined);
      assertWellFormed(response.body);
      const schedule = (
        await h.inject({
          url: `${PUBLIC}/orgs/${org.slug}/events?eventSeries=${league.slug}&filter=all`,
        })
      ).json<EventList>();
      const calendar = parse(response.body);
      assert.equal(calendar.name, 'Tuesday, Night; League');
      assert.equal(calendar.events.length, schedule.events.length);
      assert.equal(calendar.events.length, 2);
      for (const [index, event] of schedule.events.entries()) {
        const parsed = calendar.events[index];
        assert.ok(parsed !== undefined);
        assert.equal(parsed.summary, event.title);
        assert.equal(parsed.start, new Date(event.startDate).toISOString());
        const end =
          event.endDate ?? new Date(Date.parse(event.startDate) + 4 * 3_600_000).toISOString();
        assert.equal(parsed.end, new Date(end).toISOString());
        assert.equal(parsed.location, event.courseListSummary);
        assert.equal(parsed.status, event.status === 'canceled' ? 'CANCELLED' : 'CONFIRMED');
        assert.equal(parsed.uid, `event-${event.id}.${org.slug}@clubhouse`);
        assert.equal(parsed.sequence, 0);
      }
      // A request again is byte-identical (no DTSTAMP of the moment), so 304s work.
      const again = await h.inject({
        url: path,
        headers: { 'if-none-match': response.headers.etag },
      });
      assert.equal(again.statusCode, 304);
    });

    void test('a change moves SEQUENCE and LAST-MODIFIED, even when made outside the API; the UID stays', async () => {
      const h = harness();
      const org = await h.org();
      const league = await h.league(org);
      const created = await night(h, org, { eventSeriesId: league.id });
      const path = `${PUBLIC}/orgs/${org.slug}/event-series/${league.slug}/calendar.ics`;
      const before = parse((await h.inject({ url: path })).body).events[0];
      assert.ok(before !== undefined);
      const patched = await h.admin('PATCH', `${ADMIN}/orgs/${org.slug}/events/${created.id}`, {
        status: 'canceled',
      });
      assert.equal(patched.statusCode, 200, patched.body);
      const after = parse((await h.inject({ url: path })).body).events[0];
      assert.ok(after !== undefined);
      assert.equal(after.uid, before.uid);
      assert.equal(after.status, 'CANCELLED');
      assert.equal(after.sequence, before.sequence + 1);
      assert.ok(after.lastModified >= before.lastModified);
      await sql`update events set title = 'Renamed by hand' where id = ${created.id}`.execute(
        h.database.db,
      );
      const byHand = parse((await h.inject({ url: path })).body).events[0];
      assert.ok(byHand !== undefined);
      assert.equal(byHand.summary, 'Renamed by hand');
      assert.equal(byHand.sequence, before.sequence + 2);
    });

    void test('the org calendar filters by tag; unknown tag empty; hidden league and unknown org 404', async () => {
      const h = harness();
      const org = await h.org();
      await night(h, org, {
        title: 'Club Championship',
        eventType: 'tournament',
        tags: ['tournament'],
      });
      await night(h, org, { title: 'Member mixer', eventType: 'social' });
      const read = async (query: string) =>
        parse(
          (await h.inject({ url: `${PUBLIC}/orgs/${org.slug}/events/calendar.ics${query}` })).body,
        );
      assert.deepEqual((await read('')).events.map((event) => event.summary).sort(), [
        'Club Championship',
        'Member mixer',
      ]);
      assert.deepEqual(
        (await read('?tag=tournament')).events.map((event) => event.summary),
        ['Club Championship'],
      );
      assert.deepEqual((await read(`?tag=${unique('none')}`)).events, []);
      const bad = await h.inject({ url: `${PUBLIC}/orgs/${org.slug}/events/calendar.ics?tag=%21` });
      assert.equal(bad.statusCode, 400);
      const hidden = await h.league(org, { status: 'private' });
      const hiddenAnswer = await h.inject({
        url: `${PUBLIC}/orgs/${org.slug}/event-series/${hidden.slug}/calendar.ics`,
      });
      assert.equal(hiddenAnswer.statusCode, 404);
      const noOrg = await h.inject({
        url: `${PUBLIC}/orgs/${unique('nowhere')}/events/calendar.ics`,
      });
      assert.equal(noOrg.statusCode, 404);
    });
  },
  NO_LIMITS,
);
