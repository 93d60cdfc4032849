import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { LightMyRequestResponse } from 'fastify';
import type { League, Org, User } from '../src/db/schema.js';
import {
  ADMIN,
  DEFAULT_NOW,
  NO_LIMITS,
  PUBLIC,
  describeOnDatabases,
  unique,
  type Harness,
} from './support/harness.js';
import { assertInvalid, assertPlainText } from './support/assertions.js';
import type { AdminEvent } from '../src/http/schemas/admin.js';
import type {
  EventDetail,
  EventField,
  EventList,
  PublicLeague,
} from '../src/http/schemas/public.js';

// ---------------------------------------------------------------------------------------------
// Shapes and helpers
// ---------------------------------------------------------------------------------------------

type FieldPlayer = EventField['players'][number];

const EVENT_ITEM_FIELDS = [
  'courseListSummary',
  'endDate',
  'eventType',
  'id',
  'slug',
  'startDate',
  'status',
  'tags',
  'title',
  'totalPlayers',
];

type Query = Record<string, string | number>;

function queryString(query: Query): string {
  const params = new URLSearchParams(
    Object.entries(query).map(([key, value]): [string, string] => [key, `${value}`]),
  );
  const text = params.toString();
  return text === '' ? '' : `?${text}`;
}

const iso = (value: string) => new Date(value).toISOString();

async function createEventResponse(
  h: Harness,
  org: Pick<Org, 'slug'>,
  body: Record<string, unknown>,
) {
  return h.admin('POST', `${ADMIN}/orgs/${org.slug}/events`, body);
}

/** Creates an event through the admin API; defaults make a published tournament in July 2026. */
async function createEvent(
  h: Harness,
  org: Pick<Org, 'slug'>,
  overrides: Record<string, unknown> = {},
): Promise<AdminEvent> {
  const response = await createEventResponse(h, org, {
    slug: unique('event'),
    title: 'Club Night',
    eventType: 'tournament',
    status: 'published',
    startDate: '2026-07-01T23:00:00Z',
    ...overrides,
  });
  assert.equal(response.statusCode, 201, response.body);
  return response.json<AdminEvent>();
}

async function patchEvent(
  h: Harness,
  org: Pick<Org, 'slug'>,
  id: number,
  body: Record<string, unknown>,
): Promise<LightMyRequestResponse> {
  return h.admin('PATCH', `${ADMIN}/orgs/${org.slug}/events/${id}`, body);
}

async function patchEventOk(
  h: Harness,
  org: Pick<Org, 'slug'>,
  id: number,
  body: Record<string, unknown>,
): Promise<AdminEvent> {
  const response = await patchEvent(h, org, id, body);
  assert.equal(response.statusCode, 200, response.body);
  return response.json<AdminEvent>();
}

async function listResponse(h: Harness, orgSlug: string, query: Query = {}) {
  return h.inject({ method: 'GET', url: `${PUBLIC}/orgs/${orgSlug}/events${queryString(query)}` });
}

/** The public event list; checks the status and that every item has only whitelisted fields. */
async function list(h: Harness, orgSlug: string, query: Query = {}): Promise<EventList> {
  const response = await listResponse(h, orgSlug, query);
  assert.equal(response.statusCode, 200, response.body);
  const body = response.json<EventList>();
  assert.deepEqual(Object.keys(body).sort(), ['count', 'events', 'oldestYear']);
  for (const item of body.events) {
    for (const key of Object.keys(item)) {
      assert.ok(EVENT_ITEM_FIELDS.includes(key), `${key} is not an event item field`);
    }
  }
  return body;
}

const slugsOf = (body: EventList) => body.events.map((event) => event.slug);

async function publicLeague(h: Harness, org: Pick<Org, 'slug'>, slug: string) {
  const response = await h.inject({
    method: 'GET',
    url: `${PUBLIC}/orgs/${org.slug}/event-series/${slug}`,
  });
  assert.equal(response.statusCode, 200, response.body);
  return response.json<PublicLeague>();
}

async function detailResponse(h: Harness, orgSlug: string, eventSlug: string) {
  return h.inject({ method: 'GET', url: `${PUBLIC}/orgs/${orgSlug}/events/${eventSlug}` });
}

async function detail(h: Harness, orgSlug: string, eventSlug: string): Promise<EventDetail> {
  const response = await detailResponse(h, orgSlug, eventSlug);
  assert.equal(response.statusCode, 200, response.body);
  return response.json<EventDetail>();
}

async function fieldResponse(h: Harness, orgSlug: string, eventSlug: string) {
  return h.inject({ method: 'GET', url: `${PUBLIC}/orgs/${orgSlug}/events/${eventSlug}/field` });
}

async function field(h: Harness, orgSlug: string, eventSlug: string): Promise<EventField> {
  const response = await fieldResponse(h, orgSlug, eventSlug);
  assert.equal(response.statusCode, 200, response.body);
  const body = response.json<EventField>();
  assert.deepEqual(Object.keys(body).sort(), ['count', 'players']);
  for (const player of body.players) {
    assert.deepEqual(Object.keys(player).sort(), ['name', 'teamName'], 'names only');
  }
  assert.equal(body.count, body.players.length);
  return body;
}

const byName = (a: FieldPlayer, b: FieldPlayer) => a.name.localeCompare(b.name);
const fullName = (user: User) => `${user.first_name} ${user.last_name}`;

async function addEntry(
  h: Harness,
  org: Pick<Org, 'slug'>,
  eventId: number,
  body: Record<string, unknown>,
): Promise<LightMyRequestResponse> {
  return h.admin('POST', `${ADMIN}/orgs/${org.slug}/events/${eventId}/entries`, body);
}

async function withdraw(h: Harness, org: Pick<Org, 'slug'>, league: League, user: User) {
  const response = await h.admin(
    'DELETE',
    `${ADMIN}/orgs/${org.slug}/event-series/${league.id}/registrations/${user.id}`,
  );
  assert.equal(response.statusCode, 204, response.body);
}

/** Runs `body` with the harness clock at `now`, putting it back afterwards. */
async function at<T>(h: Harness, now: string, body: () => Promise<T>): Promise<T> {
  const before = h.clock.now;
  h.clock.now = new Date(now);
  try {
    return await body();
  } finally {
    h.clock.now = before;
  }
}

// ---------------------------------------------------------------------------------------------
// The event list: filters and sort orders
// ---------------------------------------------------------------------------------------------

describeOnDatabases(
  'public event list: filters and order',
  (harness) => {
    /**
     * A spread of events around the default clock (2026-06-16T18:00:00Z), created out of
     * calendar order so that id order never passes for start order.
     */
    async function spread(h: Harness, org: Org) {
      const futurePublished = await createEvent(h, org, {
        title: 'Future published',
        startDate: '2026-07-01T23:00:00Z',
      });
      const pastPublished = await createEvent(h, org, {
        title: 'Past published',
        startDate: '2026-06-01T23:00:00Z',
      });
      const futureCompleted = await createEvent(h, org, {
        title: 'Marked completed ahead of its date',
        status: 'completed',
        startDate: '2026-06-25T23:00:00Z',
      });
      const ongoing = await createEvent(h, org, {
        title: 'Three-day member-guest, under way',
        startDate: '2026-06-15T14:00:00Z',
        endDate: '2026-06-17T22:00:00Z',
      });
      const endedToday = await createEvent(h, org, {
        title: 'Morning shotgun, finished',
        startDate: '2026-06-16T12:00:00Z',
        endDate: '2026-06-16T17:59:59Z',
      });
      const startsNow = await createEvent(h, org, {
        title: 'Tee time right now',
        startDate: DEFAULT_NOW.toISOString(),
      });
      const futureCanceled = await createEvent(h, org, {
        title: 'Rained out in advance',
        status: 'canceled',
        startDate: '2026-06-20T23:00:00Z',
      });
      const pastCanceled = await createEvent(h, org, {
        title: 'Canceled last month',
        status: 'canceled',
        startDate: '2026-06-02T23:00:00Z',
      });
      const futureDraft = await createEvent(h, org, {
        title: 'Draft',
        status: 'draft',
        startDate: '2026-06-18T23:00:00Z',
      });
      const pastDraft = await createEvent(h, org, {
        title: 'Old draft',
        status: 'draft',
        startDate: '2026-05-18T23:00:00Z',
      });
      return {
        futurePublished,
        pastPublished,
        futureCompleted,
        ongoing,
        endedToday,
        startsNow,
        futureCanceled,
        pastCanceled,
        futureDraft,
        pastDraft,
      };
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

// ---------------------------------------------------------------------------------------------
// Drafts, linkedEventCount and totalPlayers
// ---------------------------------------------------------------------------------------------

describeOnDatabases(
  'public events: drafts, linked counts and field sizes',
  (harness) => {
    void test('a draft event appears nowhere public', async () => {
      const h = harness();
      const org = await h.org();
      const league = await h.league(org);
      const published = await createEvent(h, org, {
        startDate: '2026-07-07T22:00:00Z',
        eventSeriesId: league.id,
        tags: ['twilight'],
      });
      const draft = await createEvent(h, org, {
        startDate: '2020-07-07T22:00:00Z',
        eventSeriesId: league.id,
        tags: ['twilight'],
        status: 'draft',
      });
      const lateDraft = await createEvent(h, org, {
        startDate: '2026-09-07T22:00:00Z',
        status: 'draft',
        eventSeriesId: league.id,
      });

      for (const query of [
        {},
        { filter: 'upcoming' },
        { filter: 'completed' },
        { eventSeries: league.slug },
        { tag: 'twilight' },
        { year: 2020 },
      ] as Query[]) {
        const body = await list(h, org.slug, query);
        assert.ok(!slugsOf(body).includes(draft.slug), `${JSON.stringify(query)}: no draft`);
        assert.ok(!slugsOf(body).includes(lateDraft.slug), `${JSON.stringify(query)}: no draft`);
      }
      const schedule = await list(h, org.slug, { eventSeries: league.slug });
      assert.deepEqual(slugsOf(schedule), [published.slug]);
      assert.equal(schedule.oldestYear, 2026, 'a draft does not set oldestYear');

      assertPlainText(await detailResponse(h, org.slug, draft.slug), 404);
      assertPlainText(await fieldResponse(h, org.slug, draft.slug), 404);

      const shown = await publicLeague(h, org, league.slug);
      assert.equal(shown.linkedEventCount, 1);
      assert.equal(shown.startDate, '2026-07-07');
      assert.equal(shown.endDate, '2026-07-07');
    });

    void test('linkedEventCount equals the schedule count through creates, drafting, unlinking and re-linking', async () => {
      const h = harness();
      const org = await h.org();
      const first = await h.league(org);
      const second = await h.league(org);

      async function assertCount(league: League, expected: number, expectedSlugs?: string[]) {
        const shown = await publicLeague(h, org, league.slug);
        const schedule = await list(h, org.slug, { eventSeries: league.slug, filter: 'all' });
        assert.equal(shown.linkedEventCount, expected, `${league.slug} linkedEventCount`);
        assert.equal(schedule.count, expected, `${league.slug} schedule count`);
        if (expectedSlugs !== undefined) assert.deepEqual(slugsOf(schedule), expectedSlugs);
        return shown;
      }

      await assertCount(first, 0);
      const april = await createEvent(h, org, {
        startDate: '2026-04-01T18:00:00Z',
        status: 'completed',
        eventSeriesId: first.id,
      });
      const may = await createEvent(h, org, {
        startDate: '2026-05-01T18:00:00Z',
        eventSeriesId: first.id,
      });
      const june = await createEvent(h, org, {
        startDate: '2026-06-01T18:00:00Z',
        status: 'canceled',
        eventSeriesId: first.id,
      });
      const july = await createEvent(h, org, {
        startDate: '2026-07-01T18:00:00Z',
        status: 'draft',
        eventSeriesId: first.id,
      });
      let shown = await assertCount(first, 3, [april.slug, may.slug, june.slug]);
      assert.equal(shown.endDate, '2026-06-01', 'the canceled event counts');

      await patchEventOk(h, org, june.id, { status: 'draft' });
      shown = await assertCount(first, 2, [april.slug, may.slug]);
      assert.equal(shown.endDate, '2026-05-01');

      const unlinked = await patchEventOk(h, org, may.id, { eventSeriesId: null });
      assert.equal(unlinked.eventSeriesId, null);
      shown = await assertCount(first, 1, [april.slug]);
      assert.equal(shown.endDate, '2026-04-01');
      assert.ok(slugsOf(await list(h, org.slug)).includes(may.slug), 'still a public event');

      await patchEventOk(h, org, may.id, { eventSeriesId: second.id });
      const secondShown = await assertCount(second, 1, [may.slug]);
      assert.equal(secondShown.startDate, '2026-05-01');
      await assertCount(first, 1, [april.slug]);

      await patchEventOk(h, org, april.id, { eventSeriesId: second.id });
      await assertCount(second, 2, [april.slug, may.slug]);
      shown = await assertCount(first, 0, []);
      assert.equal(shown.startDate, undefined, 'no linked events: no derived dates');

      await patchEventOk(h, org, july.id, { status: 'published' });
      await assertCount(first, 1, [july.slug]);
    });

    void test('a league night’s totalPlayers is the league’s live memberCount', async () => {
      const h = harness();
      const org = await h.org();
      const league = await h.league(org);
      const [ann, ben, cat] = [await h.user(), await h.user(), await h.user()];
      await h.register(org, league, { userId: ann.id });
      await h.register(org, league, { userId: ben.id });
      const night = await createEvent(h, org, { eventSeriesId: league.id });

      async function assertPlayers(expected: number, names: string[]) {
        const schedule = await list(h, org.slug, { eventSeries: league.slug });
        assert.equal(schedule.events[0]?.totalPlayers, expected, 'schedule totalPlayers');
        assert.equal((await list(h, org.slug)).events[0]?.totalPlayers, expected);
        assert.equal((await detail(h, org.slug, night.slug)).totalPlayers, expected);
        assert.equal((await publicLeague(h, org, league.slug)).memberCount, expected);
        const players = await field(h, org.slug, night.slug);
        assert.equal(players.count, expected);
        assert.deepEqual(players.players.map((player) => player.name).sort(), [...names].sort());
      }

      await assertPlayers(2, [fullName(ann), fullName(ben)]);
      await h.register(org, league, { userId: cat.id });
      await assertPlayers(3, [fullName(ann), fullName(ben), fullName(cat)]);
      await withdraw(h, org, league, ann);
      await assertPlayers(2, [fullName(ben), fullName(cat)]);
    });

    void test('an unlinked event’s totalPlayers and field are its own entries', async () => {
      const h = harness();
      const org = await h.org();
      const [ann, ben] = [await h.user(), await h.user()];
      const open = await createEvent(h, org, { title: 'Member-Guest' });
      assert.equal((await detail(h, org.slug, open.slug)).totalPlayers, 0);
      assert.deepEqual(await field(h, org.slug, open.slug), { count: 0, players: [] });

      const added = await addEntry(h, org, open.id, { userId: ann.id, teamName: 'Pin Seekers' });
      assert.equal(added.statusCode, 201, added.body);
      assert.equal((await addEntry(h, org, open.id, { userId: ben.id })).statusCode, 201);
      assertPlainText(await addEntry(h, org, open.id, { userId: ann.id }), 409);

      assert.equal((await list(h, org.slug)).events[0]?.totalPlayers, 2);
      assert.equal((await detail(h, org.slug, open.slug)).totalPlayers, 2);
      const players = await field(h, org.slug, open.slug);
      assert.deepEqual(
        [...players.players].sort(byName),
        [
          { name: fullName(ann), teamName: 'Pin Seekers' },
          { name: fullName(ben), teamName: null },
        ].sort(byName),
      );

      const removed = await h.admin(
        'DELETE',
        `${ADMIN}/orgs/${org.slug}/events/${open.id}/entries/${ben.id}`,
      );
      assert.equal(removed.statusCode, 204, removed.body);
      const again = await h.admin(
        'DELETE',
        `${ADMIN}/orgs/${org.slug}/events/${open.id}/entries/${ben.id}`,
      );
      assertPlainText(again, 404);
      assert.equal((await detail(h, org.slug, open.slug)).totalPlayers, 1);
      assert.deepEqual((await field(h, org.slug, open.slug)).players, [
        { name: fullName(ann), teamName: 'Pin Seekers' },
      ]);
    });

    void test('own entries and league links exclude each other (409)', async () => {
      const h = harness();
      const org = await h.org();
      const league = await h.league(org);
      const golfer = await h.user();
      const night = await createEvent(h, org, { eventSeriesId: league.id });
      assertPlainText(await addEntry(h, org, night.id, { userId: golfer.id }), 409);
      assert.equal((await field(h, org.slug, night.slug)).count, 0);

      const open = await createEvent(h, org);
      assert.equal((await addEntry(h, org, open.id, { userId: golfer.id })).statusCode, 201);
      assertPlainText(await patchEvent(h, org, open.id, { eventSeriesId: league.id }), 409);
      const unchanged = await detail(h, org.slug, open.slug);
      assert.equal(unchanged.eventSeries, undefined, 'the refused link was not made');
      assert.equal(unchanged.totalPlayers, 1);
      assert.equal((await publicLeague(h, org, league.slug)).linkedEventCount, 1);
    });
  },
  NO_LIMITS,
);

// ---------------------------------------------------------------------------------------------
// Event detail and field
// ---------------------------------------------------------------------------------------------

describeOnDatabases(
  'public event detail and field',
  (harness) => {
    void test('detail is the event item plus eventSeries {id, slug, name} when linked to a public league', async () => {
      const h = harness();
      const org = await h.org();
      const league = await h.league(org, { name: 'Tuesday Twilight' });
      const golfer = await h.user();
      await h.register(org, league, { userId: golfer.id });
      const night = await createEvent(h, org, {
        title: 'Week 3',
        eventType: 'league-night',
        startDate: '2026-07-21T22:00:00Z',
        endDate: '2026-07-22T01:00:00Z',
        tags: ['twilight'],
        eventSeriesId: league.id,
      });

      const shown = await detail(h, org.slug, night.slug);
      assert.deepEqual(shown, {
        id: night.id,
        slug: night.slug,
        title: 'Week 3',
        eventType: 'league-night',
        status: 'published',
        startDate: iso('2026-07-21T22:00:00Z'),
        endDate: iso('2026-07-22T01:00:00Z'),
        tags: ['twilight'],
        totalPlayers: 1,
        courseListSummary: null,
        eventSeries: { id: league.id, slug: league.slug, name: 'Tuesday Twilight' },
      });
    });

    void test('detail has no eventSeries when unlinked; a night of a league turned hidden is 404', async () => {
      const h = harness();
      const org = await h.org();
      const open = await createEvent(h, org);
      assert.ok(!('eventSeries' in (await detail(h, org.slug, open.slug))));

      const league = await h.league(org);
      const night = await createEvent(h, org, { eventSeriesId: league.id });
      assert.equal((await detail(h, org.slug, night.slug)).eventSeries?.id, league.id);
      const hidden = await h.admin('PATCH', `${ADMIN}/orgs/${org.slug}/event-series/${league.id}`, {
        status: 'draft',
      });
      assert.equal(hidden.statusCode, 200, hidden.body);
      assertPlainText(await detailResponse(h, org.slug, night.slug), 404);
      assertPlainText(await fieldResponse(h, org.slug, night.slug), 404);
    });

    void test('detail and field are 404 for draft, unknown and other-org events and an unknown org', async () => {
      const h = harness();
      const org = await h.org();
      const otherOrg = await h.org();
      const draft = await createEvent(h, org, { status: 'draft' });
      const foreign = await createEvent(h, otherOrg);
      const canceled = await createEvent(h, org, { status: 'canceled' });

      const missing: [string, string][] = [
        [org.slug, draft.slug],
        [org.slug, 'no-such-event'],
        [org.slug, foreign.slug],
        [unique('no-org'), canceled.slug],
      ];
      for (const [orgSlug, eventSlug] of missing) {
        assertPlainText(await detailResponse(h, orgSlug, eventSlug), 404);
        assertPlainText(await fieldResponse(h, orgSlug, eventSlug), 404);
      }
      assert.equal((await detail(h, org.slug, canceled.slug)).status, 'canceled');
      assert.equal((await field(h, org.slug, canceled.slug)).count, 0);
    });

    void test('a team league night’s field names players and their teams, never ids or e-mails', async () => {
      const h = harness();
      const org = await h.org();
      const league = await h.league(org, { entrySize: 2 });
      const [ann, ben, cat] = [await h.user(), await h.user(), await h.user()];
      const founded = await h.register(org, league, { userId: ann.id, teamName: 'Birdie Hunters' });
      await h.register(org, league, { userId: ben.id, teamId: founded.teamId ?? undefined });
      await h.register(org, league, { userId: cat.id, teamName: 'Sand Savers' });
      const night = await createEvent(h, org, { eventSeriesId: league.id });

      const response = await fieldResponse(h, org.slug, night.slug);
      assert.equal(response.statusCode, 200);
      const body = await field(h, org.slug, night.slug);
      assert.equal(body.count, 3);
      assert.deepEqual(
        [...body.players].sort(byName),
        [
          { name: fullName(ann), teamName: 'Birdie Hunters' },
          { name: fullName(ben), teamName: 'Birdie Hunters' },
          { name: fullName(cat), teamName: 'Sand Savers' },
        ].sort(byName),
      );
      for (const user of [ann, ben, cat]) {
        assert.ok(!response.body.includes(user.email), 'no e-mail addresses');
      }
      assert.ok(!/"(id|userId|email|teamId)"/.test(response.body), 'no id or e-mail fields');
    });
  },
  NO_LIMITS,
);

// ---------------------------------------------------------------------------------------------
// Admin event writes
// ---------------------------------------------------------------------------------------------

describeOnDatabases(
  'admin event create and patch validation',
  (harness) => {
    void test('create answers 201 with the event, its org-local day and its league link', async () => {
      const h = harness();
      const org = await h.org({ timezone: 'America/Chicago' });
      const league = await h.league(org);
      const slug = unique('event');
      const response = await createEventResponse(h, org, {
        slug,
        title: 'Opening Night',
        eventType: 'league-night',
        status: 'published',
        startDate: '2026-04-07T03:30:00Z',
        endDate: '2026-04-07T05:00:00Z',
        tags: ['twilight', 'twilight'],
        eventSeriesId: league.id,
      });
      assert.equal(response.statusCode, 201, response.body);
      const created = response.json<AdminEvent>();
      assert.ok(Number.isInteger(created.id));
      assert.equal(created.slug, slug);
      assert.equal(created.localDate, '2026-04-06', 'the Chicago day of the start');
      assert.equal(created.startDate, iso('2026-04-07T03:30:00Z'));
      assert.equal(created.endDate, iso('2026-04-07T05:00:00Z'));
      assert.deepEqual(created.tags, ['twilight']);
      assert.equal(created.eventSeriesId, league.id);
    });

    void test('endDate before startDate is 422 on create and on patch', async () => {
      const h = harness();
      const org = await h.org();
      const response = await createEventResponse(h, org, {
        slug: unique('event'),
        title: 'Backwards',
        eventType: 'tournament',
        status: 'published',
        startDate: '2026-07-02T18:00:00Z',
        endDate: '2026-07-01T18:00:00Z',
      });
      assertInvalid(response, ['endDate']);

      const event = await createEvent(h, org, { startDate: '2026-07-02T18:00:00Z' });
      assertInvalid(await patchEvent(h, org, event.id, { endDate: '2026-07-01T18:00:00Z' }), [
        'endDate',
      ]);
      const moved = await patchEvent(h, org, event.id, {
        endDate: '2026-07-03T18:00:00Z',
      });
      assert.equal(moved.statusCode, 200, moved.body);
      assertInvalid(await patchEvent(h, org, event.id, { startDate: '2026-07-04T18:00:00Z' }), [
        'endDate',
      ]);
      const same = await createEvent(h, org, {
        startDate: '2026-07-05T18:00:00Z',
        endDate: '2026-07-05T18:00:00Z',
      });
      assert.equal(same.endDate, iso('2026-07-05T18:00:00Z'), 'ending as it starts is allowed');
    });

    void test('a startDate or endDate that is not a date-time is 422', async () => {
      const h = harness();
      const org = await h.org();
      const base = {
        slug: unique('event'),
        title: 'Bad Date',
        eventType: 'tournament',
        status: 'published',
      };
      for (const startDate of ['tomorrow', '2026-07-01', '2026-13-01T18:00:00Z']) {
        assertInvalid(await createEventResponse(h, org, { ...base, startDate }), ['startDate']);
      }
      assertInvalid(
        await createEventResponse(h, org, {
          ...base,
          startDate: '2026-07-01T18:00:00Z',
          endDate: 'later',
        }),
        ['endDate'],
      );
      const event = await createEvent(h, org);
      assertInvalid(await patchEvent(h, org, event.id, { startDate: 'soon' }), ['startDate']);
      assert.equal((await list(h, org.slug)).count, 1, 'no bad event was stored');
    });

    void test('an unknown eventSeriesId or another org’s league is 422, and nothing is stored', async () => {
      const h = harness();
      const org = await h.org();
      const otherOrg = await h.org();
      const foreign = await h.league(otherOrg);
      const slug = unique('event');
      const body = {
        slug,
        title: 'Misfiled',
        eventType: 'tournament',
        status: 'published',
        startDate: '2026-07-01T18:00:00Z',
      };
      assertInvalid(await createEventResponse(h, org, { ...body, eventSeriesId: 2_000_000_000 }), [
        'eventSeriesId',
      ]);
      assertInvalid(await createEventResponse(h, org, { ...body, eventSeriesId: foreign.id }), [
        'eventSeriesId',
      ]);
      assert.equal((await publicLeague(h, otherOrg, foreign.slug)).linkedEventCount, 0);

      const created = await createEventResponse(h, org, body);
      assert.equal(created.statusCode, 201, 'the slug was not taken by a refused create');
      const event = created.json<AdminEvent>();
      assertInvalid(await patchEvent(h, org, event.id, { eventSeriesId: foreign.id }), [
        'eventSeriesId',
      ]);
      assertInvalid(await patchEvent(h, org, event.id, { eventSeriesId: 2_000_000_000 }), [
        'eventSeriesId',
      ]);
      assert.equal((await publicLeague(h, otherOrg, foreign.slug)).linkedEventCount, 0);
      assert.ok(!('eventSeries' in (await detail(h, org.slug, slug))));
    });

    void test('a duplicate slug in the same org is 409 on create and on patch; another org may reuse it', async () => {
      const h = harness();
      const org = await h.org();
      const otherOrg = await h.org();
      const taken = await createEvent(h, org, { title: 'First' });
      const duplicate = await createEventResponse(h, org, {
        slug: taken.slug,
        title: 'Second',
        eventType: 'tournament',
        status: 'published',
        startDate: '2026-08-01T18:00:00Z',
      });
      assertPlainText(duplicate, 409);
      assert.equal((await detail(h, org.slug, taken.slug)).title, 'First');

      const elsewhere = await createEvent(h, otherOrg, { slug: taken.slug });
      assert.equal(elsewhere.slug, taken.slug);

      const other = await createEvent(h, org);
      assertPlainText(await patchEvent(h, org, other.id, { slug: taken.slug }), 409);
      assert.equal((await detail(h, org.slug, other.slug)).id, other.id);
    });

    void test('patching an unknown event or another org’s event is 404', async () => {
      const h = harness();
      const org = await h.org();
      const otherOrg = await h.org();
      const foreign = await createEvent(h, otherOrg);
      assertPlainText(await patchEvent(h, org, 2_000_000_000, { title: 'Nope' }), 404);
      assertPlainText(await patchEvent(h, org, foreign.id, { title: 'Nope' }), 404);
      assert.equal((await detail(h, otherOrg.slug, foreign.slug)).title, 'Club Night');
    });
  },
  NO_LIMITS,
);
