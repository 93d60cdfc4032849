import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Org } from '../src/db/schema.js';
import {
  ADMIN,
  NO_LIMITS,
  PUBLIC,
  describeOnDatabases,
  unique,
  type Harness,
} from './support/harness.js';
import { assertInvalid } from './support/assertions.js';
import type { AdminEvent, AdminLeague, AdminStandingSeries } from '../src/http/schemas/admin.js';
import type { PublicLeague } from '../src/http/schemas/public.js';

/** Control characters a text field refuses: NUL, other C0 controls, CR, DEL and C1 controls. */
const CONTROLS = ['\u0000', '\u0001', '\u001b', '\r', '\u007f', '\u0085', '\u009f'];

/** An admin write and the text field of its body under test. */
interface TextWrite {
  field: string;
  method: 'POST' | 'PATCH';
  url: (h: Harness, org: Org) => Promise<string>;
  body: (h: Harness) => Promise<Record<string, unknown>>;
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
  const response = await h.admin('POST', `${ADMIN}/orgs/${org.slug}/events`, eventBody());
  assert.equal(response.statusCode, 201, response.body);
  return response.json<AdminEvent>().id;
}

function eventBody(): Record<string, unknown> {
  return {
    slug: unique('event'),
    title: 'Club Night',
    eventType: 'tournament',
    status: 'published',
    startDate: '2026-07-01T23:00:00Z',
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
    url: async (_h, org) => `${ADMIN}/orgs/${org.slug}/events`,
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
