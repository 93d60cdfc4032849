import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Org } from '../../../src/db/schema.js';
import type { AdminEvent } from '../../../src/resources/events/schema.js';
import { publicLeague } from '../../support/admin.js';
import { assertPlainText } from '../../support/assertions.js';
import { at } from '../../support/clock.js';
import { createEvent, iso, list, listResponse, slugsOf, type Query } from '../../support/events.js';
import {
  DEFAULT_NOW,
  NO_LIMITS,
  describeOnDatabases,
  unique,
  type Harness,
} from '../../support/harness.js';

/**
 * A spread of events around the default clock (2026-06-16T18:00:00Z), in the order they are
 * created: out of calendar order, so that id order never passes for start order.
 */
const SPREAD = {
  futurePublished: { title: 'Future published', startDate: '2026-07-01T23:00:00Z' },
  pastPublished: { title: 'Past published', startDate: '2026-06-01T23:00:00Z' },
  futureCompleted: {
    title: 'Marked completed ahead of its date',
    status: 'completed',
    startDate: '2026-06-25T23:00:00Z',
  },
  ongoing: {
    title: 'Three-day member-guest, under way',
    startDate: '2026-06-15T14:00:00Z',
    endDate: '2026-06-17T22:00:00Z',
  },
  endedToday: {
    title: 'Morning shotgun, finished',
    startDate: '2026-06-16T12:00:00Z',
    endDate: '2026-06-16T17:59:59Z',
  },
  startsNow: { title: 'Tee time right now', startDate: DEFAULT_NOW.toISOString() },
  futureCanceled: {
    title: 'Rained out in advance',
    status: 'canceled',
    startDate: '2026-06-20T23:00:00Z',
  },
  pastCanceled: {
    title: 'Canceled last month',
    status: 'canceled',
    startDate: '2026-06-02T23:00:00Z',
  },
  futureDraft: { title: 'Draft', status: 'draft', startDate: '2026-06-18T23:00:00Z' },
  pastDraft: { title: 'Old draft', status: 'draft', startDate: '2026-05-18T23:00:00Z' },
} as const;

describeOnDatabases(
  'public event list: filters and order',
  (harness) => {
    /**
     * A spread of events around the default clock (2026-06-16T18:00:00Z), created out of
     * calendar order so that id order never passes for start order.
     */
    async function spread(h: Harness, org: Org) {
      const created: [string, AdminEvent][] = [];
      for (const [name, event] of Object.entries(SPREAD)) {
        created.push([name, await createEvent(h, org, event)]);
      }
      return Object.fromEntries(created) as Record<keyof typeof SPREAD, AdminEvent>;
    }

    void test('filter=all (the default) lists every non-draft event, canceled included, by start ascending', async () => {
      const h = harness();
      const org = await h.org();
      const e = await spread(h, org);

      const all = await list(h, org.slug, { filter: 'all' });
      const expected = [
        e.pastPublished,
        e.pastCanceled,
        e.ongoing,
        e.endedToday,
        e.startsNow,
        e.futureCanceled,
        e.futureCompleted,
        e.futurePublished,
      ].map((event) => event.slug);
      assert.deepEqual(slugsOf(all), expected);
      assert.equal(all.count, 8);

      const byDefault = await list(h, org.slug);
      assert.deepEqual(byDefault, all, 'filter defaults to all');
    });

    void test('filter=upcoming: not completed and (endDate ?? startDate) >= now, ascending', async () => {
      const h = harness();
      const org = await h.org();
      const e = await spread(h, org);

      const upcoming = await list(h, org.slug, { filter: 'upcoming' });
      assert.deepEqual(
        slugsOf(upcoming),
        [e.ongoing, e.startsNow, e.futureCanceled, e.futurePublished].map((event) => event.slug),
      );
      assert.equal(upcoming.count, 4);
    });

    void test('filter=completed: completed, or published and over, newest first', async () => {
      const h = harness();
      const org = await h.org();
      const e = await spread(h, org);

      const completed = await list(h, org.slug, { filter: 'completed' });
      assert.deepEqual(
        slugsOf(completed),
        [e.futureCompleted, e.endedToday, e.pastPublished].map((event) => event.slug),
      );
      assert.equal(completed.count, 3);
    });

    void test('upcoming and completed follow the clock: an event moves over once it has ended', async () => {
      const h = harness();
      const org = await h.org();
      const e = await spread(h, org);

      await at(h, '2026-06-20T00:00:00Z', async () => {
        const upcoming = await list(h, org.slug, { filter: 'upcoming' });
        assert.deepEqual(
          slugsOf(upcoming),
          [e.futureCanceled, e.futurePublished].map((event) => event.slug),
        );
        const completed = await list(h, org.slug, { filter: 'completed' });
        assert.deepEqual(
          slugsOf(completed),
          [e.futureCompleted, e.startsNow, e.endedToday, e.ongoing, e.pastPublished].map(
            (event) => event.slug,
          ),
        );
      });
    });

    void test('items carry the event fields; endDate only when set; status never draft', async () => {
      const h = harness();
      const org = await h.org();
      const oneDay = await createEvent(h, org, {
        title: 'Twilight Scramble',
        eventType: 'scramble',
        startDate: '2026-07-04T22:30:00Z',
        tags: ['summer', 'night'],
      });
      const twoDays = await createEvent(h, org, {
        title: 'Club Championship',
        eventType: 'championship',
        startDate: '2026-08-01T13:00:00Z',
        endDate: '2026-08-02T23:00:00Z',
      });

      const body = await list(h, org.slug);
      assert.equal(body.events.length, 2);
      const [first, second] = body.events;
      assert.ok(first !== undefined && second !== undefined);
      assert.deepEqual(
        { ...first, tags: [...first.tags].sort() },
        {
          id: oneDay.id,
          slug: oneDay.slug,
          title: 'Twilight Scramble',
          eventType: 'scramble',
          status: 'published',
          startDate: iso('2026-07-04T22:30:00Z'),
          tags: ['night', 'summer'],
          totalPlayers: 0,
          courseListSummary: null,
        },
      );
      assert.ok(!('endDate' in first), 'endDate is omitted when unset');
      assert.deepEqual(second, {
        id: twoDays.id,
        slug: twoDays.slug,
        title: 'Club Championship',
        eventType: 'championship',
        status: 'published',
        startDate: iso('2026-08-01T13:00:00Z'),
        endDate: iso('2026-08-02T23:00:00Z'),
        tags: [],
        totalPlayers: 0,
        courseListSummary: null,
      });
    });

    void test('an unknown org is 404 plain text', async () => {
      const h = harness();
      assertPlainText(await listResponse(h, unique('no-org')), 404);
    });
  },
  NO_LIMITS,
);

// ---------------------------------------------------------------------------------------------
// eventSeries, tag and year
// ---------------------------------------------------------------------------------------------

describeOnDatabases(
  'public event list: eventSeries, tag and year',
  (harness) => {
    void test('eventSeries matches the admin link, not tags or titles', async () => {
      const h = harness();
      const org = await h.org();
      const league = await h.league(org, { name: 'Tuesday Twilight' });
      const other = await h.league(org, { name: 'Thursday Scramble' });
      const linked = await createEvent(h, org, {
        title: 'Week 1',
        startDate: '2026-07-07T22:00:00Z',
        eventSeriesId: league.id,
      });
      const lookalike = await createEvent(h, org, {
        title: 'Tuesday Twilight week 2',
        startDate: '2026-07-14T22:00:00Z',
        tags: [league.slug],
      });
      const elsewhere = await createEvent(h, org, {
        title: 'Tuesday Twilight guest night',
        startDate: '2026-07-21T22:00:00Z',
        eventSeriesId: other.id,
      });

      const schedule = await list(h, org.slug, { eventSeries: league.slug });
      assert.deepEqual(slugsOf(schedule), [linked.slug]);
      assert.equal(schedule.count, 1);

      const tagged = await list(h, org.slug, { tag: league.slug });
      assert.deepEqual(slugsOf(tagged), [lookalike.slug], 'the tag filter is separate');

      const otherSchedule = await list(h, org.slug, { eventSeries: other.slug });
      assert.deepEqual(slugsOf(otherSchedule), [elsewhere.slug]);

      const everything = await list(h, org.slug);
      assert.deepEqual(slugsOf(everything), [linked.slug, lookalike.slug, elsewhere.slug]);
    });

    void test('eventSeries naming a hidden, unknown or other-org league is 404, identically', async () => {
      const h = harness();
      const org = await h.org();
      const otherOrg = await h.org();
      const draft = await h.league(org, { status: 'draft' });
      const hidden = await h.league(org, { status: 'private' });
      const foreign = await h.league(otherOrg);
      for (const league of [draft, hidden]) {
        await createEvent(h, org, { eventSeriesId: league.id });
      }
      await createEvent(h, otherOrg, { eventSeriesId: foreign.id });

      const answers = await Promise.all(
        [draft.slug, hidden.slug, 'no-such-league', foreign.slug].map((slug) =>
          listResponse(h, org.slug, { eventSeries: slug }),
        ),
      );
      for (const answer of answers) assertPlainText(answer, 404);
      const bodies = new Set(answers.map((answer) => answer.body));
      assert.equal(bodies.size, 1, 'hidden and unknown leagues are indistinguishable');
    });

    void test('eventSeries combines with tag, filter and year', async () => {
      const h = harness();
      const org = await h.org();
      const league = await h.league(org);
      const link = { eventSeriesId: league.id };
      await createEvent(h, org, {
        ...link,
        startDate: '2025-08-05T22:00:00Z',
        status: 'completed',
        tags: ['playoff'],
      });
      const pastPlayoff2026 = await createEvent(h, org, {
        ...link,
        startDate: '2026-06-02T22:00:00Z',
        tags: ['playoff'],
      });
      const nextPlayoff2026 = await createEvent(h, org, {
        ...link,
        startDate: '2026-08-04T22:00:00Z',
        tags: ['playoff'],
      });
      const regular2026 = await createEvent(h, org, { ...link, startDate: '2026-07-07T22:00:00Z' });
      await createEvent(h, org, { startDate: '2026-08-11T22:00:00Z', tags: ['playoff'] });

      const upcomingPlayoffs = await list(h, org.slug, {
        eventSeries: league.slug,
        tag: 'playoff',
        filter: 'upcoming',
        year: 2026,
      });
      assert.deepEqual(slugsOf(upcomingPlayoffs), [nextPlayoff2026.slug]);

      const playoffs2026 = await list(h, org.slug, {
        eventSeries: league.slug,
        tag: 'playoff',
        year: 2026,
      });
      assert.deepEqual(slugsOf(playoffs2026), [pastPlayoff2026.slug, nextPlayoff2026.slug]);

      const season2026 = await list(h, org.slug, { eventSeries: league.slug, year: 2026 });
      assert.deepEqual(slugsOf(season2026), [
        pastPlayoff2026.slug,
        regular2026.slug,
        nextPlayoff2026.slug,
      ]);

      const completedSchedule = await list(h, org.slug, {
        eventSeries: league.slug,
        filter: 'completed',
      });
      assert.equal(completedSchedule.count, 2);
      assert.deepEqual(completedSchedule.events[0]?.slug, pastPlayoff2026.slug, 'newest first');
    });

    void test('an unknown tag gives 200 with an empty list and count 0', async () => {
      const h = harness();
      const org = await h.org();
      await createEvent(h, org, { tags: ['summer'] });

      const body = await list(h, org.slug, { tag: 'no-such-tag' });
      assert.deepEqual(body.events, []);
      assert.equal(body.count, 0);

      const summer = await list(h, org.slug, { tag: 'summer' });
      assert.equal(summer.count, 1);
    });

    void test('year is the calendar year in the org time zone', async () => {
      const h = harness();
      const chicago = await h.org({ timezone: 'America/Chicago' });
      const london = await h.org({ timezone: 'Europe/London' });
      const league = await h.league(chicago);
      // 20:00 on New Year's Eve in Chicago; already 2027 in London.
      const newYearsEve = await createEvent(h, chicago, {
        startDate: '2027-01-01T02:00:00Z',
        eventSeriesId: league.id,
      });
      const sameInstant = await createEvent(h, london, { startDate: '2027-01-01T02:00:00Z' });
      assert.equal(newYearsEve.localDate, '2026-12-31');

      const in2026 = await list(h, chicago.slug, { year: 2026 });
      assert.deepEqual(slugsOf(in2026), [newYearsEve.slug]);
      const in2027 = await list(h, chicago.slug, { year: 2027 });
      assert.deepEqual(in2027.events, []);
      assert.equal(in2027.count, 0);

      const londonIn2027 = await list(h, london.slug, { year: 2027 });
      assert.deepEqual(slugsOf(londonIn2027), [sameInstant.slug]);
      assert.equal((await list(h, london.slug, { year: 2026 })).count, 0);

      const shown = await publicLeague(h, chicago, league.slug);
      assert.equal(shown.startDate, '2026-12-31');
      assert.equal(shown.endDate, '2026-12-31');
    });

    void test('a league’s startDate and endDate are the local days of its first and last public events', async () => {
      const h = harness();
      const org = await h.org({ timezone: 'America/Chicago' });
      const league = await h.league(org);
      assert.equal((await publicLeague(h, org, league.slug)).startDate, undefined);
      // 21:00 on 2025-12-31 in Chicago, and 20:00 on 2026-12-31.
      await createEvent(h, org, { startDate: '2026-01-01T03:00:00Z', eventSeriesId: league.id });
      await createEvent(h, org, { startDate: '2026-06-10T22:00:00Z', eventSeriesId: league.id });
      await createEvent(h, org, { startDate: '2027-01-01T02:00:00Z', eventSeriesId: league.id });
      await createEvent(h, org, {
        startDate: '2027-03-01T18:00:00Z',
        eventSeriesId: league.id,
        status: 'draft',
      });

      const shown = await publicLeague(h, org, league.slug);
      assert.equal(shown.startDate, '2025-12-31');
      assert.equal(shown.endDate, '2026-12-31');
      assert.equal((await list(h, org.slug, { year: 2025 })).count, 1);
    });
  },
  NO_LIMITS,
);

// ---------------------------------------------------------------------------------------------
// Paging, oldestYear and query validation
// ---------------------------------------------------------------------------------------------

describeOnDatabases(
  'public event list: paging, oldestYear and invalid queries',
  (harness) => {
    void test('limit and offset page the list; count is the total before paging', async () => {
      const h = harness();
      const org = await h.org();
      const events: AdminEvent[] = [];
      for (const day of ['01', '02', '03', '04', '05']) {
        events.push(
          await createEvent(h, org, {
            status: 'completed',
            startDate: `2026-05-${day}T18:00:00Z`,
          }),
        );
      }
      const slugs = events.map((event) => event.slug);

      const first = await list(h, org.slug, { limit: 2 });
      assert.deepEqual(slugsOf(first), slugs.slice(0, 2));
      assert.equal(first.count, 5);
      const second = await list(h, org.slug, { limit: 2, offset: 2 });
      assert.deepEqual(slugsOf(second), slugs.slice(2, 4));
      assert.equal(second.count, 5);
      const last = await list(h, org.slug, { limit: 2, offset: 4 });
      assert.deepEqual(slugsOf(last), slugs.slice(4));
      const beyond = await list(h, org.slug, { offset: 5 });
      assert.deepEqual(beyond.events, []);
      assert.equal(beyond.count, 5);

      const newest = await list(h, org.slug, { filter: 'completed', limit: 2 });
      assert.deepEqual(slugsOf(newest), [slugs[4], slugs[3]]);
      const older = await list(h, org.slug, { filter: 'completed', limit: 2, offset: 2 });
      assert.deepEqual(slugsOf(older), [slugs[2], slugs[1]]);
      assert.equal(older.count, 5);
    });

    void test('limit defaults to 100 and may be at most 500', async () => {
      const h = harness();
      const org = await h.org();
      const start = Date.parse('2026-01-01T18:00:00Z');
      const slugs: string[] = [];
      for (let index = 0; index < 101; index += 1) {
        const event = await createEvent(h, org, {
          startDate: new Date(start + index * 3_600_000).toISOString(),
        });
        slugs.push(event.slug);
      }

      const byDefault = await list(h, org.slug);
      assert.equal(byDefault.count, 101);
      assert.equal(byDefault.events.length, 100);
      assert.deepEqual(slugsOf(byDefault), slugs.slice(0, 100));

      const max = await list(h, org.slug, { limit: 500 });
      assert.equal(max.events.length, 101);

      const over = await listResponse(h, org.slug, { limit: 501 });
      assertPlainText(over, 400);
      assert.match(over.body, /limit/);
    });

    void test('oldestYear is the earliest matching year for eventSeries and tag, whatever filter and year say', async () => {
      const h = harness();
      const org = await h.org({ timezone: 'America/Chicago' });
      const league = await h.league(org);
      // 21:00 on 2023-12-31 in Chicago.
      await createEvent(h, org, {
        startDate: '2024-01-01T03:00:00Z',
        eventSeriesId: league.id,
        tags: ['majors'],
        status: 'completed',
      });
      await createEvent(h, org, { startDate: '2025-05-01T18:00:00Z', eventSeriesId: league.id });
      await createEvent(h, org, {
        startDate: '2022-05-01T18:00:00Z',
        tags: ['majors'],
        status: 'completed',
      });
      await createEvent(h, org, { startDate: '2021-05-01T18:00:00Z', status: 'completed' });
      await createEvent(h, org, {
        startDate: '2019-05-01T18:00:00Z',
        eventSeriesId: league.id,
        tags: ['majors'],
        status: 'draft',
      });

      assert.equal((await list(h, org.slug)).oldestYear, 2021);
      assert.equal((await list(h, org.slug, { eventSeries: league.slug })).oldestYear, 2023);
      assert.equal((await list(h, org.slug, { tag: 'majors' })).oldestYear, 2022);
      assert.equal(
        (await list(h, org.slug, { eventSeries: league.slug, tag: 'majors' })).oldestYear,
        2023,
      );
      const narrowed = await list(h, org.slug, {
        eventSeries: league.slug,
        filter: 'upcoming',
        year: 2025,
      });
      assert.equal(narrowed.count, 0);
      assert.equal(narrowed.oldestYear, 2023, 'filter and year do not narrow oldestYear');
      const completed2026 = await list(h, org.slug, { filter: 'completed', year: 2026 });
      assert.equal(completed2026.count, 0);
      assert.equal(completed2026.oldestYear, 2021);
    });

    void test('oldestYear is the current year in the org time zone when nothing matches', async () => {
      const h = harness();
      const org = await h.org({ timezone: 'America/Chicago' });
      await createEvent(h, org, { startDate: '2020-05-01T18:00:00Z', tags: ['old'] });

      assert.equal((await list(h, org.slug, { tag: 'no-such-tag' })).oldestYear, 2026);
      const empty = await h.org({ timezone: 'America/Chicago' });
      // 21:00 on New Year's Eve in Chicago: still 2026 there.
      await at(h, '2027-01-01T03:00:00Z', async () => {
        assert.equal((await list(h, empty.slug)).oldestYear, 2026);
      });
      await at(h, '2027-01-01T07:00:00Z', async () => {
        assert.equal((await list(h, empty.slug)).oldestYear, 2027);
        assert.equal((await list(h, org.slug, { tag: 'old' })).oldestYear, 2020);
      });
    });

    void test('invalid query values are 400 plain text naming the parameter', async () => {
      const h = harness();
      const org = await h.org();
      await createEvent(h, org);
      const cases: [Query, string][] = [
        [{ year: 'abc' }, 'year'],
        [{ limit: 0 }, 'limit'],
        [{ limit: 501 }, 'limit'],
        [{ offset: -1 }, 'offset'],
        [{ filter: 'past' }, 'filter'],
        [{ tag: 'two words' }, 'tag'],
      ];
      for (const [query, parameter] of cases) {
        const response = await listResponse(h, org.slug, query);
        assertPlainText(response, 400);
        assert.ok(
          response.body.includes(parameter),
          `${JSON.stringify(query)}: "${response.body}" names ${parameter}`,
        );
      }
    });
  },
  NO_LIMITS,
);
