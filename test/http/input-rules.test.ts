import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Org } from '../../src/db/schema.js';
import type { AdminEvent, EventDetail, EventList } from '../../src/resources/events/schema.js';
import type { AdminLeague, PublicLeague } from '../../src/resources/leagues/schema.js';
import type { AdminStandingSeries } from '../../src/resources/standings/schema.js';
import { assertInvalid, assertPlainText } from '../support/assertions.js';
import { ADMIN, NO_LIMITS, PUBLIC, describeOnDatabases, unique } from '../support/harness.js';
import type { Harness } from '../support/harness.js';

// What admin bodies may hold: text without control characters, dates from 1900 to 2199.

const eventsUrl = (org: Pick<Org, 'slug'>) => `${ADMIN}/orgs/${org.slug}/events`;

function eventBody(startDate = '2026-07-01T23:00:00Z', overrides: Record<string, unknown> = {}) {
  return {
    slug: unique('event'),
    title: 'Club Night',
    eventType: 'tournament',
    status: 'published',
    startDate,
    ...overrides,
  };
}

function leagueBody(): Record<string, unknown> {
  return {
    slug: unique('league'),
    name: 'Tuesday Twilight',
    seasonLabel: '2026',
    status: 'open',
    feeMembersCents: 1000,
    entrySize: 1,
  };
}

async function leagueId(h: Harness, org: Org, entrySize = 1): Promise<number> {
  return (await h.league(org, { entrySize })).id;
}

async function seriesId(h: Harness, org: Org): Promise<number> {
  const response = await h.admin('POST', `${ADMIN}/orgs/${org.slug}/standing-series`, {
    name: 'Points Race',
    scope: 'season',
  });
  assert.equal(response.statusCode, 201, response.body);
  return response.json<AdminStandingSeries>().id;
}

async function eventId(h: Harness, org: Org): Promise<number> {
  const response = await h.admin('POST', eventsUrl(org), eventBody());
  assert.equal(response.statusCode, 201, response.body);
  return response.json<AdminEvent>().id;
}

async function listYear(h: Harness, org: Pick<Org, 'slug'>, year: number | string) {
  return h.inject({ method: 'GET', url: `${PUBLIC}/orgs/${org.slug}/events?year=${year}` });
}

// ---------------------------------------------------------------------------------------------
// Text fields
// ---------------------------------------------------------------------------------------------

/** Control characters a text field refuses: NUL, other C0 controls, CR, DEL and C1 controls. */
const CONTROLS = ['\u0000', '\u0001', '\u001b', '\r', '\u007f', '\u0085', '\u009f'];

/** An admin write and the text field of its body under test. */
interface TextWrite {
  field: string;
  method: 'POST' | 'PATCH';
  url: (h: Harness, org: Org) => Promise<string>;
  body: (h: Harness) => Promise<Record<string, unknown>>;
}

const orgUrl = async () => `${ADMIN}/orgs`;
const leaguesUrl = async (_h: Harness, org: Org) => `${ADMIN}/orgs/${org.slug}/event-series`;

/** Every text field of every admin body. */
const WRITES: TextWrite[] = [
  {
    field: 'name',
    method: 'POST',
    url: orgUrl,
    body: async () => ({ slug: unique('org'), name: 'Club', timezone: 'UTC' }),
  },
  {
    field: 'timezone',
    method: 'POST',
    url: orgUrl,
    body: async () => ({ slug: unique('org'), name: 'Club', timezone: 'UTC' }),
  },
  ...['firstName', 'lastName'].map((field): TextWrite => ({
    field,
    method: 'POST',
    url: async () => `${ADMIN}/users`,
    body: async () => ({
      email: `${unique('golfer')}@example.com`,
      firstName: 'Pat',
      lastName: 'Lee',
    }),
  })),
  ...['name', 'seasonLabel', 'scheduleLabel', 'description'].flatMap((field): TextWrite[] => [
    { field, method: 'POST', url: leaguesUrl, body: async () => leagueBody() },
    {
      field,
      method: 'PATCH',
      url: async (h, org) => `${ADMIN}/orgs/${org.slug}/event-series/${await leagueId(h, org)}`,
      body: async () => ({ [field]: 'Text' }),
    },
  ]),
  {
    field: 'teamName',
    method: 'POST',
    url: async (h, org) =>
      `${ADMIN}/orgs/${org.slug}/event-series/${await leagueId(h, org, 2)}/registrations`,
    body: async (h) => ({ userId: (await h.user()).id, teamName: 'Team' }),
  },
  {
    field: 'title',
    method: 'POST',
    url: async (_h, org) => eventsUrl(org),
    body: async () => eventBody(),
  },
  {
    field: 'title',
    method: 'PATCH',
    url: async (h, org) => `${ADMIN}/orgs/${org.slug}/events/${await eventId(h, org)}`,
    body: async () => ({ title: 'Club Night' }),
  },
  {
    field: 'teamName',
    method: 'POST',
    url: async (h, org) => `${ADMIN}/orgs/${org.slug}/events/${await eventId(h, org)}/entries`,
    body: async (h) => ({ userId: (await h.user()).id, teamName: 'Team' }),
  },
  {
    field: 'name',
    method: 'POST',
    url: async (_h, org) => `${ADMIN}/orgs/${org.slug}/standing-series`,
    body: async () => ({ name: 'Points Race', scope: 'season' }),
  },
  {
    field: 'name',
    method: 'POST',
    url: async (h, org) =>
      `${ADMIN}/orgs/${org.slug}/standing-series/${await seriesId(h, org)}/seasons`,
    body: async () => ({ name: '2026', startDate: '2026-01-01', endDate: '2026-12-31' }),
  },
];

describeOnDatabases(
  'admin text fields',
  (harness) => {
    for (const write of WRITES) {
      void test(`${write.method} ${write.field}: a control character is 422 naming the field`, async () => {
        const h = harness();
        const org = await h.org();
        const url = await write.url(h, org);
        for (const control of CONTROLS) {
          const body = { ...(await write.body(h)), [write.field]: `Text${control}more` };
          const errors = assertInvalid(await h.admin(write.method, url, body), [write.field]);
          assert.match(errors[write.field] ?? '', /control characters/);
        }
      });
    }

    void test('a NUL anywhere in a text field is refused, and nothing is stored', async () => {
      const h = harness();
      const org = await h.org();
      const body = { ...leagueBody(), name: '\u0000' };
      assertInvalid(await h.admin('POST', `${ADMIN}/orgs/${org.slug}/event-series`, body), [
        'name',
      ]);
      const listed = await h.inject({
        method: 'GET',
        url: `${PUBLIC}/orgs/${org.slug}/event-series`,
      });
      assert.deepEqual(listed.json(), []);
    });

    void test('tab and newline are kept as given', async () => {
      const h = harness();
      const org = await h.org();
      const description = 'Two-person best ball.\n\tShotgun start at 5:30.\r\nBring a cart.';
      const refused = await h.admin('POST', `${ADMIN}/orgs/${org.slug}/event-series`, {
        ...leagueBody(),
        description,
      });
      assertInvalid(refused, ['description']);

      const kept = description.replace('\r\n', '\n');
      const slug = unique('league');
      const body = { ...leagueBody(), slug, description: kept, scheduleLabel: 'Tuesdays\t5:30 pm' };
      const created = await h.admin('POST', `${ADMIN}/orgs/${org.slug}/event-series`, body);
      assert.equal(created.statusCode, 201, created.body);
      const shown = await h.inject({
        method: 'GET',
        url: `${PUBLIC}/orgs/${org.slug}/event-series/${slug}`,
      });
      const league = shown.json<PublicLeague>();
      assert.equal(league.description, kept);
      assert.equal(league.scheduleLabel, 'Tuesdays\t5:30 pm');
    });

    void test('other text is taken whatever its script, emoji and symbols included', async () => {
      const h = harness();
      const org = await h.org();
      const name = 'Ligue du mardi – Zürich 🏌️ «été» 東京';
      const created = await h.admin('POST', `${ADMIN}/orgs/${org.slug}/event-series`, {
        ...leagueBody(),
        name,
      });
      assert.equal(created.statusCode, 201, created.body);
      assert.equal(created.json<AdminLeague>().name, name);
    });
  },
  NO_LIMITS,
);

// ---------------------------------------------------------------------------------------------
// Dates
// ---------------------------------------------------------------------------------------------

describeOnDatabases(
  'dates from 1900-01-01 to 2199-12-31',
  (harness) => {
    void test('event dates outside the range are 422 on create, never 500', async () => {
      const h = harness();
      const org = await h.org({ timezone: 'UTC' });
      const outside = [
        '0001-01-01T12:00:00Z',
        '0999-12-31T12:00:00Z',
        '1000-01-01T12:00:00Z',
        '1899-12-31T23:59:59Z',
        '2200-01-01T00:00:00Z',
        '9999-12-31T23:59:59Z',
      ];
      for (const startDate of outside) {
        assertInvalid(await h.admin('POST', eventsUrl(org), eventBody(startDate)), ['startDate']);
        const ending = eventBody('2026-07-01T12:00:00Z', { endDate: startDate });
        assertInvalid(await h.admin('POST', eventsUrl(org), ending), ['endDate']);
      }
      const listed = await h.inject({ method: 'GET', url: `${PUBLIC}/orgs/${org.slug}/events` });
      assert.equal(listed.json<EventList>().count, 0, 'nothing was stored');
    });

    void test('the first and last days of the range are taken, and the year filter reaches them', async () => {
      const h = harness();
      const org = await h.org({ timezone: 'UTC' });
      const first = await h.admin('POST', eventsUrl(org), eventBody('1900-01-01T00:00:00Z'));
      assert.equal(first.statusCode, 201, first.body);
      assert.equal(first.json<AdminEvent>().localDate, '1900-01-01');
      const last = await h.admin(
        'POST',
        eventsUrl(org),
        eventBody('2199-12-31T12:00:00Z', { endDate: '2199-12-31T23:59:59Z' }),
      );
      assert.equal(last.statusCode, 201, last.body);

      for (const [year, slug] of [
        [1900, first.json<AdminEvent>().slug],
        [2199, last.json<AdminEvent>().slug],
      ] as const) {
        const response = await listYear(h, org, year);
        assert.equal(response.statusCode, 200, response.body);
        const body = response.json<EventList>();
        assert.deepEqual(
          body.events.map((event) => event.slug),
          [slug],
        );
      }
      const all = await h.inject({ method: 'GET', url: `${PUBLIC}/orgs/${org.slug}/events` });
      assert.equal(all.json<EventList>().oldestYear, 1900);
    });

    void test('the range is of org-local days: an instant inside it in UTC may fall outside', async () => {
      const h = harness();
      const tokyo = await h.org({ timezone: 'Asia/Tokyo' });
      const lateInTokyo = eventBody('2199-12-31T20:00:00Z');
      assertInvalid(await h.admin('POST', eventsUrl(tokyo), lateInTokyo), ['startDate']);
      const chicago = await h.org({ timezone: 'America/Chicago' });
      const earlyInChicago = eventBody('1900-01-01T03:00:00Z');
      assertInvalid(await h.admin('POST', eventsUrl(chicago), earlyInChicago), ['startDate']);
      const inside = await h.admin('POST', eventsUrl(chicago), eventBody('1900-01-01T12:00:00Z'));
      assert.equal(inside.statusCode, 201, inside.body);
    });

    void test('a patch moving an event out of the range is 422 and changes nothing', async () => {
      const h = harness();
      const org = await h.org({ timezone: 'UTC' });
      const created = await h.admin('POST', eventsUrl(org), eventBody('2026-07-01T12:00:00Z'));
      assert.equal(created.statusCode, 201, created.body);
      const { id, slug } = created.json<AdminEvent>();
      const url = `${eventsUrl(org)}/${id}`;
      assertInvalid(await h.admin('PATCH', url, { startDate: '0999-07-01T12:00:00Z' }), [
        'startDate',
      ]);
      assertInvalid(await h.admin('PATCH', url, { endDate: '2200-07-01T12:00:00Z' }), ['endDate']);
      const shown = await h.inject({
        method: 'GET',
        url: `${PUBLIC}/orgs/${org.slug}/events/${slug}`,
      });
      const event = shown.json<EventDetail>();
      assert.equal(event.startDate, '2026-07-01T12:00:00.000Z');
      assert.equal(event.endDate, undefined);
    });

    void test('a league registration window outside the range is 422 on create and patch', async () => {
      const h = harness();
      const org = await h.org();
      const league = await h.league(org);
      const body = leagueBody();
      for (const day of ['0999-03-01', '1899-12-31', '2200-01-01', '9999-12-31']) {
        for (const field of ['registrationOpensAt', 'registrationClosesAt']) {
          const url = `${ADMIN}/orgs/${org.slug}/event-series`;
          assertInvalid(await h.admin('POST', url, { ...body, [field]: day }), [field]);
          assertInvalid(await h.admin('PATCH', `${url}/${league.id}`, { [field]: day }), [field]);
        }
      }
      const edges = await h.admin('PATCH', `${ADMIN}/orgs/${org.slug}/event-series/${league.id}`, {
        registrationOpensAt: '1900-01-01',
        registrationClosesAt: '2199-12-31',
      });
      assert.equal(edges.statusCode, 200, edges.body);
    });

    void test('a season outside the range is 422; its first and last days are taken', async () => {
      const h = harness();
      const org = await h.org();
      const id = await seriesId(h, org);
      const url = `${ADMIN}/orgs/${org.slug}/standing-series/${id}/seasons`;
      const season = (startDate: string, endDate: string) => ({
        name: unique('S'),
        startDate,
        endDate,
      });
      assertInvalid(await h.admin('POST', url, season('1899-12-31', '1900-12-31')), ['startDate']);
      assertInvalid(await h.admin('POST', url, season('2199-01-01', '2200-01-01')), ['endDate']);
      assertInvalid(await h.admin('POST', url, season('0999-01-01', '0999-12-31')), [
        'startDate',
        'endDate',
      ]);
      assertInvalid(await h.admin('POST', url, season('2026-02-30', '2026-12-31')), ['startDate']);
      for (const [startDate, endDate] of [
        ['1900-01-01', '1900-12-31'],
        ['2199-01-01', '2199-12-31'],
      ] as const) {
        const response = await h.admin('POST', url, season(startDate, endDate));
        assert.equal(response.statusCode, 201, response.body);
      }
    });

    void test('the year filter takes 1900 to 2199 and is 400 outside', async () => {
      const h = harness();
      const org = await h.org();
      for (const year of [1900, 2026, 2199]) {
        assert.equal((await listYear(h, org, year)).statusCode, 200, `year ${year}`);
      }
      for (const year of [0, 999, 1899, 2200, 9999]) {
        const response = await listYear(h, org, year);
        assertPlainText(response, 400, `year ${year}`);
        assert.match(response.body, /year/);
      }
    });
  },
  NO_LIMITS,
);
