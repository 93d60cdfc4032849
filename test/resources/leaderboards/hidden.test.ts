import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { LeagueStatus, Org, User } from '../../../src/db/schema.js';
import type {
  AdminEvent,
  EventDetail,
  EventField,
  EventList,
} from '../../../src/resources/events/schema.js';
import { assertPlainText } from '../../support/assertions.js';
import { ADMIN, NO_LIMITS, PUBLIC, describeOnDatabases, unique } from '../../support/harness.js';
import type { Harness } from '../../support/harness.js';

async function createNight(h: Harness, org: Org, leagueId: number, startDate: string) {
  const response = await h.admin('POST', `${ADMIN}/orgs/${org.slug}/events`, {
    slug: unique('night'),
    title: 'League Night',
    eventType: 'league-night',
    status: 'published',
    startDate,
    tags: ['twilight'],
    eventSeriesId: leagueId,
  });
  assert.equal(response.statusCode, 201, response.body);
  return response.json<AdminEvent>();
}

async function setStatus(h: Harness, org: Org, leagueId: number, status: LeagueStatus) {
  const response = await h.admin('PATCH', `${ADMIN}/orgs/${org.slug}/event-series/${leagueId}`, {
    status,
  });
  assert.equal(response.statusCode, 200, response.body);
}

const get = (h: Harness, url: string) => h.inject({ method: 'GET', url: `${PUBLIC}${url}` });

/** Every public answer that lists events of `org`, as text. */
async function listings(h: Harness, org: Org): Promise<string[]> {
  const queries = [
    '',
    '?filter=upcoming',
    '?filter=completed',
    '?tag=twilight',
    '?year=2019',
    '?year=2026',
  ];
  const bodies: string[] = [];
  for (const query of queries) {
    const response = await get(h, `/orgs/${org.slug}/events${query}`);
    assert.equal(response.statusCode, 200, response.body);
    bodies.push(response.body);
  }
  return bodies;
}

const fullName = (user: User) => `${user.first_name} ${user.last_name}`;

describeOnDatabases(
  'nights of hidden leagues',
  (harness) => {
    for (const status of ['draft', 'private'] as const) {
      void test(`a night of a ${status} league is listed nowhere and is 404 like an unknown event`, async () => {
        const h = harness();
        const org = await h.org();
        const league = await h.league(org, { status });
        const golfer = await h.user();
        await h.register(org, league, { userId: golfer.id });
        const old = await createNight(h, org, league.id, '2019-07-02T22:00:00Z');
        const night = await createNight(h, org, league.id, '2026-07-07T22:00:00Z');

        for (const body of await listings(h, org)) {
          const list = JSON.parse(body) as EventList;
          assert.equal(list.count, 0, body);
          assert.deepEqual(list.events, []);
          assert.equal(list.oldestYear, 2026, 'the hidden night of 2019 sets no oldest year');
          assert.ok(!body.includes(fullName(golfer)));
        }
        const unknown = await get(h, `/orgs/${org.slug}/events/no-such-event`);
        for (const slug of [old.slug, night.slug]) {
          for (const path of ['', '/field']) {
            const response = await get(h, `/orgs/${org.slug}/events/${slug}${path}`);
            assertPlainText(response, 404, `${slug}${path}`);
            assert.equal(response.body, unknown.body);
          }
        }
      });
    }

    void test('a night shows again, with its roster, once its league is public; hidden again when it is not', async () => {
      const h = harness();
      const org = await h.org();
      const league = await h.league(org, { status: 'draft' });
      const golfer = await h.user();
      await h.register(org, league, { userId: golfer.id });
      const night = await createNight(h, org, league.id, '2026-07-07T22:00:00Z');
      const other = await h.admin('POST', `${ADMIN}/orgs/${org.slug}/events`, {
        slug: unique('open'),
        title: 'Open Day',
        eventType: 'tournament',
        status: 'published',
        startDate: '2026-08-01T15:00:00Z',
        tags: ['twilight'],
      });
      assert.equal(other.statusCode, 201, other.body);

      await setStatus(h, org, league.id, 'open');
      const shown = await get(h, `/orgs/${org.slug}/events?tag=twilight`);
      const list = shown.json<EventList>();
      assert.equal(list.count, 2);
      assert.deepEqual(
        list.events.map((event) => [event.slug, event.totalPlayers]),
        [
          [night.slug, 1],
          [other.json<AdminEvent>().slug, 0],
        ],
      );
      const field = await get(h, `/orgs/${org.slug}/events/${night.slug}/field`);
      assert.deepEqual(
        field.json<EventField>().players.map((p) => p.name),
        [fullName(golfer)],
      );
      const detail = await get(h, `/orgs/${org.slug}/events/${night.slug}`);
      assert.equal(detail.json<EventDetail>().eventSeries?.id, league.id);

      await setStatus(h, org, league.id, 'private');
      const hidden = await get(h, `/orgs/${org.slug}/events?tag=twilight`);
      assert.equal(hidden.json<EventList>().count, 1, 'only the unlinked event is left');
      assertPlainText(await get(h, `/orgs/${org.slug}/events/${night.slug}`), 404);
      assertPlainText(await get(h, `/orgs/${org.slug}/events/${night.slug}/field`), 404);
    });
  },
  NO_LIMITS,
);
