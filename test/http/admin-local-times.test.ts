import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { LightMyRequestResponse } from 'fastify';
import type { Org } from '../../src/db/schema.js';
import { ADMIN_DATE_TIME_RULE } from '../../src/domain/local-times.js';
import type { AdminPost, PostDetail } from '../../src/resources/posts/schema.js';
import type { AdminPlan, PublicPlan } from '../../src/resources/membership-plans/schema.js';
import { assertInvalid } from '../support/assertions.js';
import { ADMIN, NO_LIMITS, describeOnDatabases, unique, type Harness } from '../support/harness.js';
import { newPlan, plansPath, publicPlansPath, purchase } from '../support/membership-plans.js';
import { newAddress, subscribeOk } from '../support/newsletter.js';
import { postsPath, publicPostsPath, writePost } from '../support/posts.js';

// Decisions §23: every time an admin answer gives is on the org's clock with its offset, and
// every time an admin body takes may be a bare local time, read on that clock. The org is in
// Chicago, whose offset is −05:00 in summer and −06:00 in winter.

const ZONE = 'America/Chicago';

/** `YYYY-MM-DD HH:MM` as Chicago's clocks show an instant, worked out apart from the service. */
const CHICAGO_CLOCK = new Intl.DateTimeFormat('sv-SE', {
  timeZone: ZONE,
  dateStyle: 'short',
  timeStyle: 'short',
});

/** A time of an admin answer: Chicago's wall clock at that instant, then Chicago's offset. */
function assertOnChicagoClock(value: string, where: string): void {
  assert.match(value, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{3})?-0[56]:00$/, where);
  const instant = new Date(value);
  assert.equal(value.slice(0, 16).replace('T', ' '), CHICAGO_CLOCK.format(instant), where);
}

const orgPath = (org: Pick<Org, 'slug'>) => `${ADMIN}/orgs/${org.slug}`;

async function ok(h: Harness, method: 'GET' | 'POST', url: string, body?: unknown) {
  const response = await h.admin(method, url, body);
  assert.ok(response.statusCode === 200 || response.statusCode === 201, response.body);
  return response;
}

/** An org with one of everything whose admin answers give times. */
async function club(h: Harness) {
  const org = await h.org({ timezone: ZONE });
  const league = await h.league(org);
  const golfer = await h.user();
  await h.register(org, league, { userId: golfer.id });
  const event = await ok(h, 'POST', `${orgPath(org)}/events`, {
    slug: unique('event'),
    title: 'Club Night',
    eventType: 'tournament',
    status: 'published',
    startDate: '2026-07-04T09:15',
    endDate: '2026-12-05T09:15',
  });
  await ok(h, 'POST', `${orgPath(org)}/api-keys`, { name: 'Desk', role: 'organizer' });
  const post = await writePost(h, org, { publishedAt: '2026-07-04T09:15' });
  const plan = await newPlan(h, org, {
    salesOpenAt: '2026-06-01T00:00',
    salesCloseAt: '2026-12-05T09:15',
  });
  await subscribeOk(h, org, { email: newAddress() });
  return { org, league, golfer, eventId: event.json<{ id: number }>().id, post, plan };
}
type Club = Awaited<ReturnType<typeof club>>;

/** Every admin read whose answer gives times, and the times it gives. */
interface TimedRead {
  name: string;
  answer: (h: Harness, club: Club) => Promise<string>;
  /** The times of the answer's body; null where a time is unset. */
  times: (body: string) => (string | null | undefined)[];
}

type Times = Record<string, string | null>;

const READS: TimedRead[] = [
  {
    name: 'getLeague: the roster’s registeredAt',
    answer: async (h, { org, league }) =>
      (await ok(h, 'GET', `${orgPath(org)}/event-series/${league.id}`)).body,
    times: (body) =>
      (JSON.parse(body) as { roster: Times[] }).roster.map((entry) => entry.registeredAt),
  },
  {
    name: 'listEvents: startDate and endDate',
    answer: async (h, { org }) => (await ok(h, 'GET', `${orgPath(org)}/events`)).body,
    times: (body) =>
      (JSON.parse(body) as { events: Times[] }).events.flatMap((event) => [
        event.startDate,
        event.endDate,
      ]),
  },
  {
    name: 'getEvent: startDate and endDate',
    answer: async (h, { org, eventId }) =>
      (await ok(h, 'GET', `${orgPath(org)}/events/${eventId}`)).body,
    times: (body) => {
      const { startDate, endDate } = JSON.parse(body) as Times;
      return [startDate, endDate];
    },
  },
  {
    name: 'listApiKeys: createdAt',
    answer: async (h, { org }) => (await ok(h, 'GET', `${orgPath(org)}/api-keys`)).body,
    times: (body) =>
      (JSON.parse(body) as { apiKeys: Times[] }).apiKeys.flatMap((key) => [
        key.createdAt,
        key.expiresAt,
      ]),
  },
  {
    name: 'listAdminPosts: publishedAt and updatedAt',
    answer: async (h, { org }) => (await ok(h, 'GET', postsPath(org))).body,
    times: (body) =>
      (JSON.parse(body) as { posts: Times[] }).posts.flatMap((post) => [
        post.publishedAt,
        post.updatedAt,
      ]),
  },
  {
    name: 'getAdminPost: publishedAt and updatedAt',
    answer: async (h, { org, post }) => (await ok(h, 'GET', `${postsPath(org)}/${post.id}`)).body,
    times: (body) => {
      const { publishedAt, updatedAt } = JSON.parse(body) as Times;
      return [publishedAt, updatedAt];
    },
  },
  {
    name: 'listAdminMembershipPlans: sales window and createdAt',
    answer: async (h, { org }) => (await ok(h, 'GET', plansPath(org))).body,
    times: (body) =>
      (JSON.parse(body) as { membershipPlans: Times[] }).membershipPlans.flatMap((plan) => [
        plan.salesOpenAt,
        plan.salesCloseAt,
        plan.createdAt,
      ]),
  },
  {
    name: 'getAdminMembershipPlan: sales window and createdAt',
    answer: async (h, { org, plan }) => (await ok(h, 'GET', `${plansPath(org)}/${plan.id}`)).body,
    times: (body) => {
      const { salesOpenAt, salesCloseAt, createdAt } = JSON.parse(body) as Times;
      return [salesOpenAt, salesCloseAt, createdAt];
    },
  },
  {
    name: 'recordMembershipPurchase: createdAt',
    answer: async (h, { org, plan, golfer }) => {
      const response = await purchase(h, org, plan.id, golfer.id);
      assert.equal(response.statusCode, 201, response.body);
      return response.body;
    },
    times: (body) => [(JSON.parse(body) as Times).createdAt],
  },
  {
    name: 'listNewsletterSubscribers: consent, confirmation, unsubscribed, created',
    answer: async (h, { org }) =>
      (await ok(h, 'GET', `${orgPath(org)}/newsletter/subscribers`)).body,
    times: (body) =>
      (
        JSON.parse(body) as { subscribers: (Times & { consent: Times; confirmation: Times })[] }
      ).subscribers.flatMap((row) => [
        row.consent.at,
        row.confirmation.at,
        row.unsubscribedAt,
        row.createdAt,
      ]),
  },
  {
    name: 'listNewsletterSubscribers as CSV: consent_at and created_at',
    answer: async (h, { org }) =>
      (await ok(h, 'GET', `${orgPath(org)}/newsletter/subscribers?format=csv`)).body,
    // Counted from the end of a row: the consent text before them may hold commas; the
    // test subscriber's user agent holds none.
    times: (body) =>
      body
        .trim()
        .split('\r\n')
        .slice(1)
        .flatMap((line) => {
          const cells = line.split(',');
          return [cells.at(-8) ?? '', cells.at(-1) ?? ''];
        }),
  },
];

// The times of bodies, and where they land: summer (−05:00), winter (−06:00), an offset kept.
const GIVEN = [
  {
    sent: '2026-07-04T09:15',
    instant: '2026-07-04T14:15:00.000Z',
    shown: '2026-07-04T09:15:00-05:00',
  },
  {
    sent: '2026-12-05T09:15:30',
    instant: '2026-12-05T15:15:30.000Z',
    shown: '2026-12-05T09:15:30-06:00',
  },
  {
    sent: '2026-07-04T09:15+02:00',
    instant: '2026-07-04T07:15:00.000Z',
    shown: '2026-07-04T02:15:00-05:00',
  },
];
const REFUSED = [
  'July 4th, 9:15',
  '2026-07-04',
  '2026-02-30T09:15',
  '2026-07-04T24:00',
  '2026-07-04T09:15-5',
];

/** Every admin body field that takes a time: the write, and where its answer gives it back. */
interface TimedWrite {
  name: string;
  field: string;
  write: (h: Harness, org: Org, value: string) => Promise<LightMyRequestResponse>;
  shown: (body: string) => string | null;
}

const eventBody = (fields: Record<string, string>) => ({
  slug: unique('event'),
  title: 'Club Night',
  eventType: 'tournament',
  status: 'draft',
  ...fields,
});
const read = (field: string) => (body: string) => (JSON.parse(body) as Times)[field] ?? null;

const WRITES: TimedWrite[] = [
  {
    name: 'createEvent',
    field: 'startDate',
    write: (h, org, startDate) =>
      h.admin('POST', `${orgPath(org)}/events`, eventBody({ startDate })),
    shown: read('startDate'),
  },
  {
    name: 'createEvent',
    field: 'endDate',
    write: (h, org, endDate) =>
      h.admin(
        'POST',
        `${orgPath(org)}/events`,
        eventBody({ startDate: '2026-07-01T00:00Z', endDate }),
      ),
    shown: read('endDate'),
  },
  {
    name: 'updateEvent',
    field: 'startDate',
    write: async (h, org, startDate) => {
      const made = await ok(
        h,
        'POST',
        `${orgPath(org)}/events`,
        eventBody({ startDate: '2026-06-01T00:00Z' }),
      );
      const id = made.json<{ id: number }>().id;
      return h.admin('PATCH', `${orgPath(org)}/events/${id}`, { startDate });
    },
    shown: read('startDate'),
  },
  {
    name: 'createApiKey',
    field: 'expiresAt',
    write: (h, org, expiresAt) =>
      h.admin('POST', `${orgPath(org)}/api-keys`, { name: 'Desk', role: 'organizer', expiresAt }),
    shown: read('expiresAt'),
  },
  {
    name: 'createPost',
    field: 'publishedAt',
    write: (h, org, publishedAt) =>
      h.admin('POST', postsPath(org), {
        slug: unique('post'),
        title: 'News',
        body: 'News of the club.',
        status: 'published',
        publishedAt,
      }),
    shown: read('publishedAt'),
  },
  {
    name: 'updatePost',
    field: 'publishedAt',
    write: async (h, org, publishedAt) => {
      const post = await writePost(h, org, { status: 'draft' });
      return h.admin('PATCH', `${postsPath(org)}/${post.id}`, { publishedAt });
    },
    shown: read('publishedAt'),
  },
  ...(['salesOpenAt', 'salesCloseAt'] as const).flatMap((field): TimedWrite[] => [
    {
      name: 'createMembershipPlan',
      field,
      write: (h, org, value) =>
        h.admin('POST', plansPath(org), {
          slug: unique('plan'),
          name: 'Full membership',
          priceCents: 24000,
          period: 'season',
          status: 'available',
          [field]: value,
        }),
      shown: read(field),
    },
    {
      name: 'updateMembershipPlan',
      field,
      write: async (h, org, value) => {
        const plan = await newPlan(h, org);
        return h.admin('PATCH', `${plansPath(org)}/${plan.id}`, { [field]: value });
      },
      shown: read(field),
    },
  ]),
];

describeOnDatabases(
  'admin times on the org’s clock (decisions §23)',
  (harness) => {
    void test('every admin answer gives its times with the org’s offset at that time', async () => {
      const h = harness();
      const made = await club(h);
      for (const { name, answer, times } of READS) {
        const all = times(await answer(h, made));
        assert.ok(!all.includes(undefined), `${name}: every time field is there`);
        const given = all.filter((time) => typeof time === 'string' && time !== '');
        assert.ok(given.length > 0, `${name}: at least one time to check`);
        for (const time of given) assertOnChicagoClock(time ?? '', `${name}: ${time}`);
      }
    });

    void test('the times an organizer set are answered as set, summer and winter', async () => {
      const h = harness();
      const { org, eventId, post, plan, league, golfer } = await club(h);
      const event = (await ok(h, 'GET', `${orgPath(org)}/events/${eventId}`)).json<Times>();
      assert.deepEqual(
        [event.startDate, event.endDate],
        ['2026-07-04T09:15:00-05:00', '2026-12-05T09:15:00-06:00'],
      );
      assert.equal(post.publishedAt, '2026-07-04T09:15:00-05:00');
      assert.deepEqual(
        [plan.salesOpenAt, plan.salesCloseAt],
        ['2026-06-01T00:00:00-05:00', '2026-12-05T09:15:00-06:00'],
      );
      // A time the service stamps: the roster entry's, as stored.
      const entry = await h.database.db
        .selectFrom('roster_entries')
        .select('registered_at')
        .where('event_series_id', '=', league.id)
        .where('user_id', '=', golfer.id)
        .executeTakeFirstOrThrow();
      const roster = (await ok(h, 'GET', `${orgPath(org)}/event-series/${league.id}`)).json<{
        roster: Times[];
      }>().roster;
      assert.equal(Date.parse(roster[0]?.registeredAt ?? ''), entry.registered_at.getTime());
      // The newsletter's consent is stamped with the service's clock.
      const subscribers = (await ok(h, 'GET', `${orgPath(org)}/newsletter/subscribers`)).json<{
        subscribers: { consent: Times }[];
      }>().subscribers;
      assert.equal(Date.parse(subscribers[0]?.consent.at ?? ''), h.clock.now.getTime());
    });

    void test('a bare local time in an admin body is read on the org’s clock; an offset is kept', async () => {
      const h = harness();
      const org = await h.org({ timezone: ZONE });
      for (const { name, field, write, shown } of WRITES) {
        for (const { sent, instant, shown: expected } of GIVEN) {
          const response = await write(h, org, sent);
          assert.ok([200, 201].includes(response.statusCode), `${name} ${field}: ${response.body}`);
          const answered = shown(response.body);
          assert.equal(answered, expected, `${name} ${field} ${sent}`);
          assert.equal(new Date(answered).toISOString(), instant, `${name} ${field} ${sent}`);
        }
      }
    });

    void test('a time that names no instant is a 422 stating the rule in words', async () => {
      const h = harness();
      const org = await h.org({ timezone: ZONE });
      for (const { name, field, write } of WRITES) {
        for (const sent of REFUSED) {
          const errors = assertInvalid(await write(h, org, sent), [field]);
          assert.equal(errors[field], ADMIN_DATE_TIME_RULE, `${name} ${field} ${sent}`);
        }
      }
      assert.match(ADMIN_DATE_TIME_RULE, /^must be a date and time, YYYY-MM-DDTHH:MM, read on/);
      assert.doesNotMatch(ADMIN_DATE_TIME_RULE, /[\\^$[\]]/, 'no regular expression');
    });

    void test('public answers keep their instants in UTC', async () => {
      const h = harness();
      const org = await h.org({ timezone: ZONE });
      const post = await writePost(h, org, { publishedAt: '2026-06-01T09:15' });
      const plan = await newPlan(h, org, { salesCloseAt: '2026-12-05T09:15' });
      const item = await h.inject({ url: `${publicPostsPath(org)}/${post.slug}` });
      assert.equal(item.json<PostDetail>().publishedAt, '2026-06-01T14:15:00.000Z');
      const shown = await h.inject({ url: `${publicPlansPath(org)}/${plan.slug}` });
      assert.equal(shown.json<PublicPlan>().salesCloseAt, '2026-12-05T15:15:00.000Z');
      const admin = (await ok(h, 'GET', `${plansPath(org)}/${plan.id}`)).json<AdminPlan>();
      assert.equal(admin.salesCloseAt, '2026-12-05T09:15:00-06:00');
      const adminPost = (await ok(h, 'GET', `${postsPath(org)}/${post.id}`)).json<AdminPost>();
      assert.equal(adminPost.publishedAt, '2026-06-01T09:15:00-05:00');
    });
  },
  NO_LIMITS,
);
