import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import type { League, Org, User } from '../src/db/schema.js';
import {
  ADMIN,
  ADMIN_TOKEN,
  NO_LIMITS,
  PUBLIC,
  describeOnDatabases,
  unique,
  type Harness,
} from './support/harness.js';
import { assertInvalid, assertPlainText } from './support/assertions.js';
import type {
  AdminLeague,
  AdminOrg,
  AdminStandingSeries,
  AdminUser,
  Registration as RegistrationAnswer,
} from '../src/http/schemas/admin.js';
import type { InviteResolution, PublicLeague, TeamSummary } from '../src/http/schemas/public.js';

// ---------------------------------------------------------------------------------------------
// Shapes and helpers
// ---------------------------------------------------------------------------------------------

const STOCK_CREST = '/media/stock/crest.svg';

type Registrant = Pick<League, 'id' | 'slug'>;

const leaguesPath = (org: Pick<Org, 'slug'>) => `${ADMIN}/orgs/${org.slug}/event-series`;
const leaguePath = (org: Pick<Org, 'slug'>, id: number | string) =>
  `${leaguesPath(org)}/${String(id)}`;
const registrationsPath = (org: Pick<Org, 'slug'>, league: Registrant) =>
  `${leaguePath(org, league.id)}/registrations`;
const publicLeaguePath = (org: Pick<Org, 'slug'>, slug: string) =>
  `${PUBLIC}/orgs/${org.slug}/event-series/${slug}`;
const publicTeamPath = (org: Pick<Org, 'slug'>, league: Registrant, teamId: number) =>
  `${PUBLIC}/orgs/${org.slug}/event-series/${league.id}/teams/${teamId}`;

function golferName(user: User): string {
  return `${user.first_name} ${user.last_name}`;
}

function newEmail(prefix = 'partner'): string {
  return `${unique(prefix)}@example.com`;
}

function leagueBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    slug: unique('league'),
    name: 'Admin League',
    seasonLabel: '2026 Season',
    status: 'open',
    feeMembersCents: 15000,
    entrySize: 1,
    ...overrides,
  };
}

async function publicLeague(h: Harness, org: Org, slug: string): Promise<PublicLeague> {
  const response = await h.inject({ method: 'GET', url: publicLeaguePath(org, slug) });
  assert.equal(response.statusCode, 200, response.body);
  return response.json<PublicLeague>();
}

async function memberCount(h: Harness, org: Org, league: Registrant): Promise<number> {
  return (await publicLeague(h, org, league.slug)).memberCount;
}

async function publicTeam(
  h: Harness,
  org: Org,
  league: Registrant,
  teamId: number,
): Promise<TeamSummary> {
  const response = await h.inject({ method: 'GET', url: publicTeamPath(org, league, teamId) });
  assert.equal(response.statusCode, 200, response.body);
  return response.json<TeamSummary>();
}

function postRegistration(h: Harness, org: Org, league: Registrant, body: Record<string, unknown>) {
  return h.admin('POST', registrationsPath(org, league), body);
}

async function registerOk(
  h: Harness,
  org: Org,
  league: Registrant,
  body: Record<string, unknown>,
): Promise<RegistrationAnswer> {
  const response = await postRegistration(h, org, league, body);
  assert.equal(response.statusCode, 201, response.body);
  return response.json<RegistrationAnswer>();
}

function withdraw(h: Harness, org: Org, league: Registrant, userId: number) {
  return h.admin('DELETE', `${registrationsPath(org, league)}/${userId}`);
}

function deleteTeam(h: Harness, org: Org, league: Registrant, teamId: number) {
  return h.admin('DELETE', `${leaguePath(org, league.id)}/teams/${teamId}`);
}

async function invitesTo(h: Harness, emails: string[]): Promise<number> {
  const rows = await h.database.db
    .selectFrom('invites')
    .select('id')
    .where(
      sql<string>`lower(email)`,
      'in',
      emails.map((email) => email.toLowerCase()),
    )
    .execute();
  return rows.length;
}

/** Active roster entries of a league (and of one team), counted from the rows themselves. */
async function activeEntries(
  h: Harness,
  leagueId: number,
  teamId?: number | null,
): Promise<number> {
  let query = h.database.db
    .selectFrom('roster_entries')
    .select('id')
    .where('event_series_id', '=', leagueId)
    .where('status', '=', 'active');
  if (teamId !== undefined && teamId !== null) query = query.where('team_id', '=', teamId);
  return (await query.execute()).length;
}

async function users(h: Harness, count: number): Promise<User[]> {
  const created: User[] = [];
  for (let index = 0; index < count; index += 1) created.push(await h.user());
  return created;
}

function statuses(responses: LightMyRequestResponse[]): number[] {
  return responses.map((response) => response.statusCode).sort((a, b) => a - b);
}

/** The id of a new standings series of `org`, made through the admin API. */
async function standingSeriesId(h: Harness, org: Org): Promise<number> {
  const response = await h.admin('POST', `${ADMIN}/orgs/${org.slug}/standing-series`, {
    name: unique('Points Race'),
    scope: 'season',
  });
  assert.equal(response.statusCode, 201, response.body);
  return response.json<AdminStandingSeries>().id;
}

// ---------------------------------------------------------------------------------------------
// Bearer guard
// ---------------------------------------------------------------------------------------------

describeOnDatabases(
  'admin API: bearer guard',
  (harness) => {
    const refused: [string, Record<string, string>][] = [
      ['no Authorization header', {}],
      ['a wrong token', { authorization: 'Bearer not-the-admin-token-at-all' }],
      ['the token with one character missing', { authorization: `Bearer ${ADMIN_TOKEN.slice(1)}` }],
      ['the token with a character added', { authorization: `Bearer ${ADMIN_TOKEN}x` }],
      ['an empty bearer token', { authorization: 'Bearer ' }],
      ['the bare token without a scheme', { authorization: ADMIN_TOKEN }],
      ['the token under the Basic scheme', { authorization: `Basic ${ADMIN_TOKEN}` }],
      [
        'Basic credentials carrying the token',
        { authorization: `Basic ${Buffer.from(`admin:${ADMIN_TOKEN}`).toString('base64')}` },
      ],
      ['the token under another scheme', { authorization: `Token ${ADMIN_TOKEN}` }],
    ];

    for (const [label, headers] of refused) {
      void test(`${label}: 401 plain text with WWW-Authenticate: Bearer, and nothing is created`, async () => {
        const h = harness();
        const slug = unique('guarded');
        const response = await h.inject({
          method: 'POST',
          url: `${ADMIN}/orgs`,
          headers,
          payload: { slug, name: 'Guarded Club', timezone: 'America/Chicago' },
        });
        assertPlainText(response, 401);
        assert.equal(response.headers['www-authenticate'], 'Bearer');
        assert.ok(!response.body.includes(ADMIN_TOKEN));
        const lookup = await h.inject({
          method: 'GET',
          url: `${PUBLIC}/orgs/${slug}/event-series`,
        });
        assert.equal(lookup.statusCode, 404, 'the refused request did not create the org');
      });
    }

    void test('the guard runs before body validation: an invalid body without a token is 401', async () => {
      const h = harness();
      const response = await h.inject({
        method: 'POST',
        url: `${ADMIN}/orgs`,
        payload: { slug: 'NOT A SLUG', unknown: true },
      });
      assertPlainText(response, 401);
      assert.equal(response.headers['www-authenticate'], 'Bearer');
    });

    void test('every admin route is guarded and a refused call changes nothing', async () => {
      const h = harness();
      const org = await h.org();
      const league = await h.league(org, { entrySize: 2 });
      const founder = await h.user();
      const registration = await h.register(org, league, {
        userId: founder.id,
        teamName: unique('Team'),
      });
      const teamId = registration.teamId;
      assert.ok(teamId !== null);
      const stranger = await h.user();
      const wrong = { authorization: 'Bearer wrong-token-wrong-token' };
      const calls: {
        method: 'POST' | 'PATCH' | 'PUT' | 'DELETE';
        url: string;
        payload?: unknown;
      }[] = [
        {
          method: 'POST',
          url: `${ADMIN}/users`,
          payload: { email: newEmail(), firstName: 'A', lastName: 'B' },
        },
        { method: 'POST', url: leaguesPath(org), payload: leagueBody() },
        { method: 'PATCH', url: leaguePath(org, league.id), payload: { name: 'Hijacked' } },
        { method: 'PUT', url: `${leaguePath(org, league.id)}/image`, payload: { x: 1 } },
        {
          method: 'POST',
          url: registrationsPath(org, league),
          payload: { userId: stranger.id, teamId },
        },
        { method: 'DELETE', url: `${registrationsPath(org, league)}/${founder.id}` },
        { method: 'DELETE', url: `${leaguePath(org, league.id)}/teams/${teamId}` },
      ];
      for (const call of calls) {
        for (const headers of [{}, wrong]) {
          const response = await h.inject({
            method: call.method,
            url: call.url,
            headers,
            ...(call.payload === undefined
              ? {}
              : { payload: call.payload as Record<string, unknown> }),
          });
          assertPlainText(response, 401);
          assert.equal(
            response.headers['www-authenticate'],
            'Bearer',
            `${call.method} ${call.url}`,
          );
        }
      }
      const after = await publicLeague(h, org, league.slug);
      assert.equal(after.name, 'Test League');
      assert.equal(after.memberCount, 1);
      const team = await publicTeam(h, org, league, teamId);
      assert.deepEqual(team.memberNames, [golferName(founder)]);
    });

    void test('the right token is accepted', async () => {
      const h = harness();
      const response = await h.inject({
        method: 'POST',
        url: `${ADMIN}/orgs`,
        headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
        payload: { slug: unique('club'), name: 'Club', timezone: 'Europe/London' },
      });
      assert.equal(response.statusCode, 201, response.body);
    });
  },
  NO_LIMITS,
);

describeOnDatabases(
  'admin API: off without ADMIN_TOKEN',
  (harness) => {
    void test('every admin path is 404 plain text, with or without a token, and creates nothing', async () => {
      const h = harness();
      const org = await h.org();
      const league = await h.league(org);
      const slug = unique('off');
      const attempts = [
        {
          method: 'POST' as const,
          url: `${ADMIN}/orgs`,
          payload: { slug, name: 'X', timezone: 'UTC' },
        },
        {
          method: 'POST' as const,
          url: `${ADMIN}/users`,
          payload: { email: newEmail(), firstName: 'A', lastName: 'B' },
        },
        { method: 'PATCH' as const, url: leaguePath(org, league.id), payload: { name: 'Changed' } },
        { method: 'DELETE' as const, url: `${registrationsPath(org, league)}/1` },
      ];
      for (const attempt of attempts) {
        for (const headers of [{}, { authorization: `Bearer ${ADMIN_TOKEN}` }]) {
          const response = await h.inject({ ...attempt, headers });
          assertPlainText(response, 404);
          assert.equal(response.headers['www-authenticate'], undefined);
        }
      }
      const created = await h.inject({ method: 'GET', url: `${PUBLIC}/orgs/${slug}/event-series` });
      assert.equal(created.statusCode, 404);
      assert.equal((await publicLeague(h, org, league.slug)).name, 'Test League');
    });

    void test('the public API still works', async () => {
      const h = harness();
      const org = await h.org();
      const league = await h.league(org);
      assert.equal((await publicLeague(h, org, league.slug)).id, league.id);
    });
  },
  { ...NO_LIMITS, adminToken: undefined },
);

// ---------------------------------------------------------------------------------------------
// Orgs and users
// ---------------------------------------------------------------------------------------------

describeOnDatabases(
  'admin API: orgs',
  (harness) => {
    void test('POST /orgs answers 201 with the org and its id; the org then exists publicly', async () => {
      const h = harness();
      const slug = unique('club');
      const response = await h.admin('POST', `${ADMIN}/orgs`, {
        slug,
        name: 'Prairie Golf Club',
        timezone: 'America/Chicago',
      });
      assert.equal(response.statusCode, 201, response.body);
      const org = response.json<AdminOrg>();
      assert.ok(Number.isInteger(org.id) && org.id > 0);
      assert.deepEqual(
        { slug: org.slug, name: org.name, timezone: org.timezone },
        { slug, name: 'Prairie Golf Club', timezone: 'America/Chicago' },
      );
      const list = await h.inject({ method: 'GET', url: `${PUBLIC}/orgs/${slug}/event-series` });
      assert.equal(list.statusCode, 200);
      assert.deepEqual(list.json(), []);
    });

    for (const slug of [
      'Upper',
      'two words',
      'under_score',
      '-lead',
      'trail-',
      'dou--ble',
      'é',
      '',
    ]) {
      void test(`a bad slug (${JSON.stringify(slug)}) is 422 naming slug`, async () => {
        const h = harness();
        const response = await h.admin('POST', `${ADMIN}/orgs`, {
          slug,
          name: 'Club',
          timezone: 'UTC',
        });
        assertInvalid(response, ['slug']);
      });
    }

    void test('missing fields are 422 naming each of them', async () => {
      const h = harness();
      assertInvalid(await h.admin('POST', `${ADMIN}/orgs`, {}), ['slug', 'name', 'timezone']);
      assertInvalid(await h.admin('POST', `${ADMIN}/orgs`, { slug: unique('club') }), [
        'name',
        'timezone',
      ]);
    });

    void test('an empty name is 422', async () => {
      const h = harness();
      const response = await h.admin('POST', `${ADMIN}/orgs`, {
        slug: unique('club'),
        name: '',
        timezone: 'UTC',
      });
      assertInvalid(response, ['name']);
    });

    void test('an unknown field is 422 naming it, and the org is not created', async () => {
      const h = harness();
      const slug = unique('club');
      const response = await h.admin('POST', `${ADMIN}/orgs`, {
        slug,
        name: 'Club',
        timezone: 'UTC',
        id: 7,
        website: 'https://example.com',
      });
      assertInvalid(response, ['id', 'website']);
      const lookup = await h.inject({ method: 'GET', url: `${PUBLIC}/orgs/${slug}/event-series` });
      assert.equal(lookup.statusCode, 404);
    });

    for (const timezone of [
      'Mars/Olympus',
      'America/Chicag',
      'Central Time',
      '+05:00',
      'America/Chicago ',
    ]) {
      void test(`an invalid IANA time zone (${JSON.stringify(timezone)}) is 422 naming timezone`, async () => {
        const h = harness();
        const slug = unique('club');
        const response = await h.admin('POST', `${ADMIN}/orgs`, { slug, name: 'Club', timezone });
        assertInvalid(response, ['timezone']);
        const lookup = await h.inject({
          method: 'GET',
          url: `${PUBLIC}/orgs/${slug}/event-series`,
        });
        assert.equal(lookup.statusCode, 404);
      });
    }

    void test('a time zone of the wrong type is 422', async () => {
      const h = harness();
      const response = await h.admin('POST', `${ADMIN}/orgs`, {
        slug: unique('club'),
        name: 'Club',
        timezone: -5,
      });
      assertInvalid(response, ['timezone']);
    });

    void test('a duplicate slug is 409 plain text and the first org is untouched', async () => {
      const h = harness();
      const slug = unique('club');
      const first = await h.admin('POST', `${ADMIN}/orgs`, {
        slug,
        name: 'First',
        timezone: 'UTC',
      });
      assert.equal(first.statusCode, 201);
      const second = await h.admin('POST', `${ADMIN}/orgs`, {
        slug,
        name: 'Second',
        timezone: 'Europe/Paris',
      });
      assertPlainText(second, 409);
    });

    void test('a body that is not JSON is 400 plain text; a JSON array is 422', async () => {
      const h = harness();
      const broken = await h.inject({
        method: 'POST',
        url: `${ADMIN}/orgs`,
        headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' },
        payload: '{"slug": "abc",',
      });
      assertPlainText(broken, 400);
      const array = await h.inject({
        method: 'POST',
        url: `${ADMIN}/orgs`,
        headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' },
        payload: '[]',
      });
      assert.equal(array.statusCode, 422, array.body);
    });
  },
  NO_LIMITS,
);

describeOnDatabases(
  'admin API: users',
  (harness) => {
    void test('POST /users answers 201 with the user and its id', async () => {
      const h = harness();
      const email = newEmail('golfer');
      const response = await h.admin('POST', `${ADMIN}/users`, {
        email,
        firstName: 'Ada',
        lastName: 'Lovelace',
      });
      assert.equal(response.statusCode, 201, response.body);
      const user = response.json<AdminUser>();
      assert.ok(Number.isInteger(user.id) && user.id > 0);
      assert.deepEqual(
        { email: user.email, firstName: user.firstName, lastName: user.lastName },
        { email, firstName: 'Ada', lastName: 'Lovelace' },
      );
    });

    void test('an e-mail differing only in case is 409 plain text', async () => {
      const h = harness();
      const local = unique('Case');
      const first = await h.admin('POST', `${ADMIN}/users`, {
        email: `${local}@Example.com`,
        firstName: 'A',
        lastName: 'B',
      });
      assert.equal(first.statusCode, 201, first.body);
      for (const email of [
        `${local.toLowerCase()}@example.com`,
        `${local.toUpperCase()}@EXAMPLE.COM`,
      ]) {
        const again = await h.admin('POST', `${ADMIN}/users`, {
          email,
          firstName: 'C',
          lastName: 'D',
        });
        assertPlainText(again, 409);
      }
    });

    for (const email of [
      'not-an-email',
      'two@@example.com',
      '@example.com',
      'a b@example.com',
      '',
      42,
    ]) {
      void test(`a bad e-mail (${JSON.stringify(email)}) is 422 naming email`, async () => {
        const h = harness();
        const response = await h.admin('POST', `${ADMIN}/users`, {
          email,
          firstName: 'A',
          lastName: 'B',
        });
        assertInvalid(response, ['email']);
      });
    }

    void test('missing and unknown fields are 422', async () => {
      const h = harness();
      assertInvalid(await h.admin('POST', `${ADMIN}/users`, { email: newEmail() }), [
        'firstName',
        'lastName',
      ]);
      assertInvalid(
        await h.admin('POST', `${ADMIN}/users`, {
          email: newEmail(),
          firstName: 'A',
          lastName: 'B',
          admin: true,
        }),
        ['admin'],
      );
    });
  },
  NO_LIMITS,
);

// ---------------------------------------------------------------------------------------------
// League create and patch
// ---------------------------------------------------------------------------------------------

describeOnDatabases(
  'admin API: create a league',
  (harness) => {
    void test('201 with id and every stored field; the public league shows the public ones', async () => {
      const h = harness();
      const org = await h.org();
      const seriesId = await standingSeriesId(h, org);
      const body = {
        slug: unique('tuesday-scramble'),
        name: 'Tuesday Scramble',
        seasonLabel: '2026 Season',
        scheduleLabel: 'Tuesdays 5:30 pm — weather permitting (see events)',
        description: 'Two-person scramble, nine holes a night.',
        status: 'open',
        feeMembersCents: 24000,
        feePerEntry: true,
        entrySize: 2,
        registrationOpensAt: '2026-04-01',
        registrationClosesAt: '2026-05-15',
        maxEntries: 40,
        membersOnly: true,
        standingSeriesId: seriesId,
      };
      const response = await h.admin('POST', leaguesPath(org), body);
      assert.equal(response.statusCode, 201, response.body);
      const created = response.json<AdminLeague>();
      assert.ok(Number.isInteger(created.id) && created.id > 0);
      for (const [field, value] of Object.entries(body)) {
        assert.deepEqual(created[field as keyof AdminLeague], value, field);
      }
      assert.equal(created.orgSlug, org.slug);
      assert.equal(created.memberCount, 0);
      assert.equal(created.linkedEventCount, 0);
      assert.equal(created.seriesImageUrl, STOCK_CREST);

      const shown = await publicLeague(h, org, body.slug);
      assert.equal(shown.id, created.id);
      for (const field of [
        'slug',
        'name',
        'seasonLabel',
        'scheduleLabel',
        'description',
        'status',
        'feeMembersCents',
        'feePerEntry',
        'entrySize',
        'registrationOpensAt',
        'registrationClosesAt',
        'maxEntries',
        'standingSeriesId',
      ] as const) {
        assert.deepEqual(shown[field], body[field], field);
      }
      assert.equal(shown.memberCount, 0);
      assert.equal(shown.linkedEventCount, 0);
      assert.equal(shown.seriesImageUrl, STOCK_CREST);
      assert.equal('membersOnly' in shown, false, 'membersOnly is not a public field');
      assert.equal('orgSlug' in shown, false);
      assert.equal('seatsReserved' in shown, false);
    });

    void test('optional fields may be left out: defaults are false, absent values are omitted publicly', async () => {
      const h = harness();
      const org = await h.org();
      const body = leagueBody();
      const response = await h.admin('POST', leaguesPath(org), body);
      assert.equal(response.statusCode, 201, response.body);
      const created = response.json<AdminLeague>();
      assert.equal(created.feePerEntry, false);
      assert.equal(created.membersOnly, false);
      assert.equal(created.scheduleLabel, null);
      assert.equal(created.description, null);
      assert.equal(created.registrationOpensAt, null);
      assert.equal(created.registrationClosesAt, null);
      assert.equal(created.maxEntries, null);
      assert.equal(created.standingSeriesId, null);
      const shown = await publicLeague(h, org, String(body.slug));
      for (const field of [
        'scheduleLabel',
        'description',
        'registrationOpensAt',
        'registrationClosesAt',
        'maxEntries',
      ]) {
        assert.equal(field in shown, false, `${field} is omitted when unset`);
      }
      assert.equal(shown.standingSeriesId, null);
    });

    void test('the registration window may open and close on the same day', async () => {
      const h = harness();
      const org = await h.org();
      const response = await h.admin(
        'POST',
        leaguesPath(org),
        leagueBody({ registrationOpensAt: '2026-05-01', registrationClosesAt: '2026-05-01' }),
      );
      assert.equal(response.statusCode, 201, response.body);
    });

    const wrongTypes: [string, Record<string, unknown>][] = [
      ['feeMembersCents', { feeMembersCents: '100' }],
      ['feeMembersCents', { feeMembersCents: 99.5 }],
      ['feeMembersCents', { feeMembersCents: -1 }],
      ['feeMembersCents', { feeMembersCents: null }],
      ['entrySize', { entrySize: '2' }],
      ['entrySize', { entrySize: 0 }],
      ['entrySize', { entrySize: 9 }],
      ['feePerEntry', { feePerEntry: 'true' }],
      ['feePerEntry', { feePerEntry: 1 }],
      ['membersOnly', { membersOnly: 'yes' }],
      ['status', { status: 'archived' }],
      ['status', { status: 'OPEN' }],
      ['slug', { slug: 'Not A Slug' }],
      ['name', { name: '' }],
      ['name', { name: 42 }],
      ['seasonLabel', { seasonLabel: ['2026'] }],
      ['maxEntries', { maxEntries: 0 }],
      ['maxEntries', { maxEntries: '40' }],
      ['standingSeriesId', { standingSeriesId: '3' }],
      ['standingSeriesId', { standingSeriesId: 0 }],
      ['registrationOpensAt', { registrationOpensAt: '2026/04/01' }],
      ['registrationOpensAt', { registrationOpensAt: '2026-04-01T00:00:00Z' }],
      ['registrationClosesAt', { registrationClosesAt: 20260501 }],
      ['scheduleLabel', { scheduleLabel: 5 }],
    ];
    for (const [field, override] of wrongTypes) {
      void test(`422 for ${JSON.stringify(override)}, nothing is created`, async () => {
        const h = harness();
        const org = await h.org();
        const body = leagueBody(override);
        const response = await h.admin('POST', leaguesPath(org), body);
        assertInvalid(response, [field]);
        const lookup = await h.inject({
          method: 'GET',
          url: publicLeaguePath(org, typeof body.slug === 'string' ? body.slug : 'x'),
        });
        assert.equal(lookup.statusCode, 404);
      });
    }

    void test('missing required fields are 422 naming each', async () => {
      const h = harness();
      const org = await h.org();
      assertInvalid(await h.admin('POST', leaguesPath(org), {}), [
        'slug',
        'name',
        'seasonLabel',
        'status',
        'feeMembersCents',
        'entrySize',
      ]);
    });

    for (const field of [
      'memberCount',
      'seriesImageUrl',
      'linkedEventCount',
      'id',
      'orgSlug',
      'startDate',
    ]) {
      void test(`a derived or unknown field (${field}) cannot be written: 422`, async () => {
        const h = harness();
        const org = await h.org();
        const response = await h.admin('POST', leaguesPath(org), leagueBody({ [field]: 5 }));
        assertInvalid(response, [field]);
      });
    }

    void test('registrationClosesAt before registrationOpensAt is 422', async () => {
      const h = harness();
      const org = await h.org();
      const body = leagueBody({
        registrationOpensAt: '2026-05-02',
        registrationClosesAt: '2026-05-01',
      });
      const response = await h.admin('POST', leaguesPath(org), body);
      assertInvalid(response, ['registrationClosesAt']);
      const lookup = await h.inject({
        method: 'GET',
        url: publicLeaguePath(org, String(body.slug)),
      });
      assert.equal(lookup.statusCode, 404);
    });

    for (const [field, date] of [
      ['registrationOpensAt', '2026-02-30'],
      ['registrationOpensAt', '2025-02-29'],
      ['registrationClosesAt', '2026-13-01'],
      ['registrationClosesAt', '2026-04-31'],
      ['registrationClosesAt', '2026-00-10'],
    ] as const) {
      void test(`an impossible date (${field} ${date}) is 422`, async () => {
        const h = harness();
        const org = await h.org();
        const response = await h.admin('POST', leaguesPath(org), leagueBody({ [field]: date }));
        assertInvalid(response, [field]);
      });
    }

    void test('a leap day is a real date', async () => {
      const h = harness();
      const org = await h.org();
      const response = await h.admin(
        'POST',
        leaguesPath(org),
        leagueBody({ registrationOpensAt: '2028-02-29' }),
      );
      assert.equal(response.statusCode, 201, response.body);
    });

    void test('a duplicate slug in the same org is 409; the same slug in another org is fine', async () => {
      const h = harness();
      const org = await h.org();
      const other = await h.org();
      const slug = unique('league');
      const first = await h.admin('POST', leaguesPath(org), leagueBody({ slug, name: 'First' }));
      assert.equal(first.statusCode, 201, first.body);
      const duplicate = await h.admin(
        'POST',
        leaguesPath(org),
        leagueBody({ slug, name: 'Second' }),
      );
      assertPlainText(duplicate, 409);
      assert.equal((await publicLeague(h, org, slug)).name, 'First');
      const elsewhere = await h.admin(
        'POST',
        leaguesPath(other),
        leagueBody({ slug, name: 'Other' }),
      );
      assert.equal(elsewhere.statusCode, 201, elsewhere.body);
      assert.equal((await publicLeague(h, other, slug)).name, 'Other');
    });

    void test('an unknown org is 404 plain text', async () => {
      const h = harness();
      assertPlainText(
        await h.admin('POST', leaguesPath({ slug: unique('nowhere') }), leagueBody()),
        404,
      );
      assertPlainText(
        await h.admin('POST', leaguesPath({ slug: 'Not_A_Slug' }), leagueBody()),
        404,
      );
    });

    void test('a standingSeriesId naming no standing series is 422', async () => {
      const h = harness();
      const org = await h.org();
      const response = await h.admin(
        'POST',
        leaguesPath(org),
        leagueBody({ standingSeriesId: 2_000_000_000 }),
      );
      assertInvalid(response, ['standingSeriesId']);
    });

    void test("a standingSeriesId of another org's standing series is 422", async () => {
      const h = harness();
      const org = await h.org();
      const other = await h.org();
      const foreign = await standingSeriesId(h, other);
      const response = await h.admin(
        'POST',
        leaguesPath(org),
        leagueBody({ standingSeriesId: foreign }),
      );
      assertInvalid(response, ['standingSeriesId']);
    });
  },
  NO_LIMITS,
);

describeOnDatabases(
  'admin API: patch a league',
  (harness) => {
    async function created(h: Harness, org: Org, overrides: Record<string, unknown> = {}) {
      const response = await h.admin('POST', leaguesPath(org), leagueBody(overrides));
      assert.equal(response.statusCode, 201, response.body);
      return response.json<AdminLeague>();
    }

    void test('any subset: one field changes, every other stays', async () => {
      const h = harness();
      const org = await h.org();
      const before = await created(h, org, {
        scheduleLabel: 'Thursdays',
        description: 'Old text',
        maxEntries: 30,
        registrationOpensAt: '2026-03-01',
      });
      const response = await h.admin('PATCH', leaguePath(org, before.id), {
        name: 'Renamed League',
      });
      assert.equal(response.statusCode, 200, response.body);
      const after = response.json<AdminLeague>();
      assert.deepEqual(after, { ...before, name: 'Renamed League' });
      const shown = await publicLeague(h, org, before.slug);
      assert.equal(shown.name, 'Renamed League');
      assert.equal(shown.scheduleLabel, 'Thursdays');
      assert.equal(shown.maxEntries, 30);
    });

    void test('several fields at once, including the slug', async () => {
      const h = harness();
      const org = await h.org();
      const before = await created(h, org);
      const seriesId = await standingSeriesId(h, org);
      const patch = {
        slug: unique('renamed'),
        seasonLabel: '2027 Season',
        feeMembersCents: 9900,
        feePerEntry: true,
        entrySize: 3,
        status: 'active',
        membersOnly: true,
        standingSeriesId: seriesId,
        registrationOpensAt: '2027-01-01',
        registrationClosesAt: '2027-02-01',
      };
      const response = await h.admin('PATCH', leaguePath(org, before.id), patch);
      assert.equal(response.statusCode, 200, response.body);
      assert.deepEqual(response.json<AdminLeague>(), { ...before, ...patch });
      const old = await h.inject({ method: 'GET', url: publicLeaguePath(org, before.slug) });
      assert.equal(old.statusCode, 404);
      const shown = await publicLeague(h, org, patch.slug);
      assert.equal(shown.id, before.id);
      assert.equal(shown.entrySize, 3);
      assert.equal(shown.feePerEntry, true);
      assert.equal(shown.standingSeriesId, seriesId);
    });

    void test('null unsets every optional field; the public league then omits them', async () => {
      const h = harness();
      const org = await h.org();
      const seriesId = await standingSeriesId(h, org);
      const before = await created(h, org, {
        scheduleLabel: 'Mondays',
        description: 'Words',
        registrationOpensAt: '2026-03-01',
        registrationClosesAt: '2026-04-01',
        maxEntries: 12,
        standingSeriesId: seriesId,
      });
      const response = await h.admin('PATCH', leaguePath(org, before.id), {
        scheduleLabel: null,
        description: null,
        registrationOpensAt: null,
        registrationClosesAt: null,
        maxEntries: null,
        standingSeriesId: null,
      });
      assert.equal(response.statusCode, 200, response.body);
      const after = response.json<AdminLeague>();
      assert.deepEqual(after, {
        ...before,
        scheduleLabel: null,
        description: null,
        registrationOpensAt: null,
        registrationClosesAt: null,
        maxEntries: null,
        standingSeriesId: null,
      });
      const shown = await publicLeague(h, org, before.slug);
      for (const field of [
        'scheduleLabel',
        'description',
        'registrationOpensAt',
        'registrationClosesAt',
        'maxEntries',
      ]) {
        assert.equal(field in shown, false, `${field} is omitted after unset`);
      }
      assert.equal(shown.standingSeriesId, null);
    });

    void test('an unset maxEntries no longer caps registrations', async () => {
      const h = harness();
      const org = await h.org();
      const league = await h.league(org, { maxEntries: 1 });
      const [first, second] = await users(h, 2);
      assert.ok(first !== undefined && second !== undefined);
      await registerOk(h, org, league, { userId: first.id });
      assertPlainText(await postRegistration(h, org, league, { userId: second.id }), 409);
      const patch = await h.admin('PATCH', leaguePath(org, league.id), { maxEntries: null });
      assert.equal(patch.statusCode, 200, patch.body);
      await registerOk(h, org, league, { userId: second.id });
    });

    for (const field of [
      'name',
      'slug',
      'seasonLabel',
      'status',
      'feeMembersCents',
      'feePerEntry',
      'entrySize',
      'membersOnly',
    ]) {
      void test(`null for the required field ${field} is 422, and nothing changes`, async () => {
        const h = harness();
        const org = await h.org();
        const before = await created(h, org);
        assertInvalid(await h.admin('PATCH', leaguePath(org, before.id), { [field]: null }), [
          field,
        ]);
        const shown = await publicLeague(h, org, before.slug);
        assert.equal(shown.name, before.name);
      });
    }

    void test('an empty body is 422', async () => {
      const h = harness();
      const org = await h.org();
      const before = await created(h, org);
      assertInvalid(await h.admin('PATCH', leaguePath(org, before.id), {}), []);
    });

    void test('wrong types and unknown fields are 422, and no field of the patch is applied', async () => {
      const h = harness();
      const org = await h.org();
      const before = await created(h, org);
      assertInvalid(
        await h.admin('PATCH', leaguePath(org, before.id), {
          name: 'Changed',
          feeMembersCents: '100',
        }),
        ['feeMembersCents'],
      );
      assertInvalid(
        await h.admin('PATCH', leaguePath(org, before.id), { name: 'Changed', memberCount: 99 }),
        ['memberCount'],
      );
      assertInvalid(
        await h.admin('PATCH', leaguePath(org, before.id), { name: 'Changed', status: 'archived' }),
        ['status'],
      );
      const shown = await publicLeague(h, org, before.slug);
      assert.equal(shown.name, before.name);
      assert.equal(shown.feeMembersCents, before.feeMembersCents);
      assert.equal(shown.memberCount, 0);
    });

    void test('the window is checked against the stored dates', async () => {
      const h = harness();
      const org = await h.org();
      const before = await created(h, org, {
        registrationOpensAt: '2026-04-01',
        registrationClosesAt: '2026-05-01',
      });
      assertInvalid(
        await h.admin('PATCH', leaguePath(org, before.id), { registrationOpensAt: '2026-05-02' }),
        ['registrationClosesAt'],
      );
      assertInvalid(
        await h.admin('PATCH', leaguePath(org, before.id), { registrationClosesAt: '2026-03-31' }),
        ['registrationClosesAt'],
      );
      assertInvalid(
        await h.admin('PATCH', leaguePath(org, before.id), { registrationClosesAt: '2026-02-30' }),
        ['registrationClosesAt'],
      );
      const shown = await publicLeague(h, org, before.slug);
      assert.equal(shown.registrationOpensAt, '2026-04-01');
      assert.equal(shown.registrationClosesAt, '2026-05-01');
      const moved = await h.admin('PATCH', leaguePath(org, before.id), {
        registrationOpensAt: '2026-06-01',
        registrationClosesAt: '2026-06-30',
      });
      assert.equal(moved.statusCode, 200, moved.body);
    });

    void test("changing the slug to another league's slug is 409", async () => {
      const h = harness();
      const org = await h.org();
      const first = await created(h, org);
      const second = await created(h, org);
      assertPlainText(
        await h.admin('PATCH', leaguePath(org, second.id), { slug: first.slug }),
        409,
      );
      assert.equal((await publicLeague(h, org, second.slug)).id, second.id);
    });

    void test('entrySize and feePerEntry cannot change once the league has registrations (409)', async () => {
      const h = harness();
      const org = await h.org();
      const league = await h.league(org, { entrySize: 2, feePerEntry: false });
      const golfer = await h.user();
      await registerOk(h, org, league, { userId: golfer.id, teamName: unique('Team') });
      assertPlainText(await h.admin('PATCH', leaguePath(org, league.id), { entrySize: 3 }), 409);
      assertPlainText(await h.admin('PATCH', leaguePath(org, league.id), { entrySize: 1 }), 409);
      assertPlainText(
        await h.admin('PATCH', leaguePath(org, league.id), { feePerEntry: true }),
        409,
      );
      assertPlainText(
        await h.admin('PATCH', leaguePath(org, league.id), { name: 'Also changed', entrySize: 4 }),
        409,
      );
      const shown = await publicLeague(h, org, league.slug);
      assert.equal(shown.entrySize, 2);
      assert.equal(shown.feePerEntry, false);
      assert.equal(shown.name, 'Test League', 'a refused patch applies none of its fields');
      // Restating the current values, or changing anything else, is fine.
      const same = await h.admin('PATCH', leaguePath(org, league.id), {
        entrySize: 2,
        feePerEntry: false,
        feeMembersCents: 5000,
        name: 'Still Fine',
      });
      assert.equal(same.statusCode, 200, same.body);
      assert.equal((await publicLeague(h, org, league.slug)).feeMembersCents, 5000);
    });

    void test('an individual league with registrations cannot become a team league (409)', async () => {
      const h = harness();
      const org = await h.org();
      const league = await h.league(org, { entrySize: 1 });
      const golfer = await h.user();
      await registerOk(h, org, league, { userId: golfer.id });
      assertPlainText(await h.admin('PATCH', leaguePath(org, league.id), { entrySize: 2 }), 409);
      assert.equal((await publicLeague(h, org, league.slug)).entrySize, 1);
    });

    void test('a league of another org, an unknown id and a malformed id are 404', async () => {
      const h = harness();
      const org = await h.org();
      const other = await h.org();
      const foreign = await h.league(other);
      assertPlainText(await h.admin('PATCH', leaguePath(org, foreign.id), { name: 'Stolen' }), 404);
      assert.equal((await publicLeague(h, other, foreign.slug)).name, 'Test League');
      assertPlainText(await h.admin('PATCH', leaguePath(org, 2_000_000_000), { name: 'X' }), 404);
      assertPlainText(await h.admin('PATCH', leaguePath(org, 'abc'), { name: 'X' }), 404);
      assertPlainText(await h.admin('PATCH', leaguePath(org, 0), { name: 'X' }), 404);
      assertPlainText(
        await h.admin('PATCH', leaguePath({ slug: unique('nowhere') }, foreign.id), { name: 'X' }),
        404,
      );
    });

    void test('status draft or private hides the league publicly; open shows it again', async () => {
      const h = harness();
      const org = await h.org();
      const league = await h.league(org);
      for (const status of ['draft', 'private']) {
        const hidden = await h.admin('PATCH', leaguePath(org, league.id), { status });
        assert.equal(hidden.statusCode, 200, hidden.body);
        assert.equal(hidden.json<AdminLeague>().status, status);
        const lookup = await h.inject({ method: 'GET', url: publicLeaguePath(org, league.slug) });
        assertPlainText(lookup, 404);
        const list = await h.inject({
          method: 'GET',
          url: `${PUBLIC}/orgs/${org.slug}/event-series`,
        });
        assert.deepEqual(list.json(), []);
      }
      const shown = await h.admin('PATCH', leaguePath(org, league.id), { status: 'open' });
      assert.equal(shown.statusCode, 200);
      assert.equal((await publicLeague(h, org, league.slug)).status, 'open');
    });

    void test('the admin API still reaches a hidden league', async () => {
      const h = harness();
      const org = await h.org();
      const league = await h.league(org, { status: 'draft' });
      const response = await h.admin('PATCH', leaguePath(org, league.id), {
        name: 'Draft renamed',
      });
      assert.equal(response.statusCode, 200, response.body);
      assert.equal(response.json<AdminLeague>().name, 'Draft renamed');
    });

    void test('a standingSeriesId naming no standing series is 422', async () => {
      const h = harness();
      const org = await h.org();
      const before = await created(h, org);
      assertInvalid(
        await h.admin('PATCH', leaguePath(org, before.id), { standingSeriesId: 2_000_000_000 }),
        ['standingSeriesId'],
      );
      assert.equal((await publicLeague(h, org, before.slug)).standingSeriesId, null);
    });
  },
  NO_LIMITS,
);

// ---------------------------------------------------------------------------------------------
// Registrations
// ---------------------------------------------------------------------------------------------

describeOnDatabases(
  'admin API: registrations',
  (harness) => {
    void test('individual league: 201 with the entry, no team and no invites; memberCount counts it', async () => {
      const h = harness();
      const org = await h.org();
      const league = await h.league(org, { feeMembersCents: 12500 });
      const golfer = await h.user();
      const response = await postRegistration(h, org, league, { userId: golfer.id });
      assert.equal(response.statusCode, 201, response.body);
      const answer = response.json<RegistrationAnswer>();
      assert.deepEqual(Object.keys(answer).sort(), ['entry', 'invites', 'teamId']);
      assert.deepEqual(Object.keys(answer.entry).sort(), [
        'feeCents',
        'id',
        'paidEntry',
        'teamId',
        'userId',
      ]);
      assert.ok(Number.isInteger(answer.entry.id) && answer.entry.id > 0);
      assert.equal(answer.entry.userId, golfer.id);
      assert.equal(answer.entry.teamId, null);
      assert.equal(answer.entry.feeCents, 12500);
      assert.equal(typeof answer.entry.paidEntry, 'boolean');
      assert.equal(answer.teamId, null);
      assert.deepEqual(answer.invites, []);
      assert.equal(await memberCount(h, org, league), 1);
    });

    void test('a golfer already active in the league is 409 and counted once', async () => {
      const h = harness();
      const org = await h.org();
      const league = await h.league(org);
      const golfer = await h.user();
      await registerOk(h, org, league, { userId: golfer.id });
      assertPlainText(await postRegistration(h, org, league, { userId: golfer.id }), 409);
      assert.equal(await memberCount(h, org, league), 1);
    });

    void test('a golfer already on a team is 409 for a new team and for another team', async () => {
      const h = harness();
      const org = await h.org();
      const league = await h.league(org, { entrySize: 2 });
      const [golfer, other] = await users(h, 2);
      assert.ok(golfer !== undefined && other !== undefined);
      await registerOk(h, org, league, { userId: golfer.id, teamName: unique('Team') });
      const otherTeam = await registerOk(h, org, league, {
        userId: other.id,
        teamName: unique('Team'),
      });
      const newName = unique('Team');
      assertPlainText(
        await postRegistration(h, org, league, { userId: golfer.id, teamName: newName }),
        409,
      );
      assertPlainText(
        await postRegistration(h, org, league, { userId: golfer.id, teamId: otherTeam.teamId }),
        409,
      );
      assert.equal(await memberCount(h, org, league), 2);
      assert.equal((await publicTeam(h, org, league, otherTeam.teamId ?? 0)).seatsFilled, 1);
      // The refused new team was not created: its name is still free.
      const third = await h.user();
      await registerOk(h, org, league, { userId: third.id, teamName: newName });
    });

    void test('the same golfer may register in two different leagues', async () => {
      const h = harness();
      const org = await h.org();
      const first = await h.league(org);
      const second = await h.league(org);
      const golfer = await h.user();
      await registerOk(h, org, first, { userId: golfer.id });
      await registerOk(h, org, second, { userId: golfer.id });
    });

    for (const [field, extra] of [
      ['teamName', { teamName: 'The Aces' }],
      ['teamId', { teamId: 1 }],
      ['partnerEmails', { partnerEmails: ['friend@example.com'] }],
    ] as const) {
      void test(`an individual league refuses ${field} with 422 and registers no one`, async () => {
        const h = harness();
        const org = await h.org();
        const league = await h.league(org, { entrySize: 1 });
        const golfer = await h.user();
        const response = await postRegistration(h, org, league, { userId: golfer.id, ...extra });
        assertInvalid(response, [field]);
        assert.equal(await memberCount(h, org, league), 0);
      });
    }

    void test('a team league needs exactly one of teamId and teamName (neither or both: 422)', async () => {
      const h = harness();
      const org = await h.org();
      const league = await h.league(org, { entrySize: 2 });
      const [founder, golfer] = await users(h, 2);
      assert.ok(founder !== undefined && golfer !== undefined);
      const team = await registerOk(h, org, league, {
        userId: founder.id,
        teamName: unique('Team'),
      });
      assertInvalid(await postRegistration(h, org, league, { userId: golfer.id }), []);
      assertInvalid(
        await postRegistration(h, org, league, {
          userId: golfer.id,
          teamId: team.teamId,
          teamName: unique('Team'),
        }),
        [],
      );
      assertInvalid(
        await postRegistration(h, org, league, { userId: golfer.id, partnerEmails: [newEmail()] }),
        [],
      );
      assert.equal(await memberCount(h, org, league), 1);
      assert.equal((await publicTeam(h, org, league, team.teamId ?? 0)).seatsFilled, 1);
    });

    void test('a new team: 201 with its id; the public team shows the founder and open seats', async () => {
      const h = harness();
      const org = await h.org();
      const league = await h.league(org, { entrySize: 3 });
      const founder = await h.user();
      const name = unique('Birdie Hunters');
      const answer = await registerOk(h, org, league, { userId: founder.id, teamName: name });
      assert.ok(answer.teamId !== null && Number.isInteger(answer.teamId));
      assert.equal(answer.entry.teamId, answer.teamId);
      assert.equal(answer.entry.userId, founder.id);
      assert.deepEqual(answer.invites, []);
      assert.deepEqual(await publicTeam(h, org, league, answer.teamId), {
        id: answer.teamId,
        name,
        memberNames: [golferName(founder)],
        entrySize: 3,
        seatsFilled: 1,
        seatsRemaining: 2,
        complete: false,
      });
      assert.equal(await memberCount(h, org, league), 1);
    });

    void test('joining a team: 201, members listed in joining order, complete when full', async () => {
      const h = harness();
      const org = await h.org();
      const league = await h.league(org, { entrySize: 2 });
      const [founder, partner] = await users(h, 2);
      assert.ok(founder !== undefined && partner !== undefined);
      const team = await registerOk(h, org, league, {
        userId: founder.id,
        teamName: unique('Team'),
      });
      assert.ok(team.teamId !== null);
      const joined = await registerOk(h, org, league, { userId: partner.id, teamId: team.teamId });
      assert.equal(joined.teamId, team.teamId);
      assert.equal(joined.entry.teamId, team.teamId);
      assert.notEqual(joined.entry.id, team.entry.id);
      const summary = await publicTeam(h, org, league, team.teamId);
      assert.deepEqual(summary.memberNames, [golferName(founder), golferName(partner)]);
      assert.equal(summary.seatsFilled, 2);
      assert.equal(summary.seatsRemaining, 0);
      assert.equal(summary.complete, true);
      assert.equal(await memberCount(h, org, league), 2);
    });

    void test('joining a complete team is 409 and changes nothing', async () => {
      const h = harness();
      const org = await h.org();
      const league = await h.league(org, { entrySize: 2 });
      const [founder, partner, late] = await users(h, 3);
      assert.ok(founder !== undefined && partner !== undefined && late !== undefined);
      const team = await registerOk(h, org, league, {
        userId: founder.id,
        teamName: unique('Team'),
      });
      assert.ok(team.teamId !== null);
      await registerOk(h, org, league, { userId: partner.id, teamId: team.teamId });
      assertPlainText(
        await postRegistration(h, org, league, { userId: late.id, teamId: team.teamId }),
        409,
      );
      const summary = await publicTeam(h, org, league, team.teamId);
      assert.equal(summary.seatsFilled, 2);
      assert.deepEqual(summary.memberNames, [golferName(founder), golferName(partner)]);
      assert.equal(await memberCount(h, org, league), 2);
    });

    void test('partner invites: a token only for an address that has an account', async () => {
      const h = harness();
      const org = await h.org();
      const league = await h.league(org, { entrySize: 3 });
      const founder = await h.user();
      const member = await h.user();
      const stranger = newEmail('stranger');
      const answer = await registerOk(h, org, league, {
        userId: founder.id,
        teamName: unique('Team'),
        partnerEmails: [member.email, stranger],
      });
      assert.equal(answer.invites.length, 2);
      const byEmail = new Map(answer.invites.map((invite) => [invite.email.toLowerCase(), invite]));
      const withAccount = byEmail.get(member.email.toLowerCase());
      const withoutAccount = byEmail.get(stranger.toLowerCase());
      assert.ok(withAccount !== undefined && withoutAccount !== undefined);
      assert.equal(withoutAccount.token, null);
      assert.ok(withAccount.token !== null);
      assert.match(withAccount.token, /^[A-Za-z0-9_-]{22,}$/);
      const resolved = await h.inject({
        method: 'GET',
        url: `${PUBLIC}/event-series-invites/${withAccount.token}`,
      });
      assert.equal(resolved.statusCode, 200, resolved.body);
      const invite = resolved.json<InviteResolution>();
      assert.equal(invite.email.toLowerCase(), member.email.toLowerCase());
      assert.equal(invite.accepted, false);
      assert.equal(invite.team.id, answer.teamId);
      // Registering onto the team accepts the invite.
      await registerOk(h, org, league, { userId: member.id, teamId: answer.teamId });
      const again = await h.inject({
        method: 'GET',
        url: `${PUBLIC}/event-series-invites/${withAccount.token}`,
      });
      assert.equal(again.json<InviteResolution>().accepted, true);
    });

    void test('entrySize 4: a new team may name 3 partners but not 4 (422)', async () => {
      const h = harness();
      const org = await h.org();
      const league = await h.league(org, { entrySize: 4 });
      const [ok, tooMany] = await users(h, 2);
      assert.ok(ok !== undefined && tooMany !== undefined);
      const three = [newEmail(), newEmail(), newEmail()];
      const answer = await registerOk(h, org, league, {
        userId: ok.id,
        teamName: unique('Team'),
        partnerEmails: three,
      });
      assert.deepEqual(answer.invites.map((invite) => invite.email).sort(), [...three].sort());
      const four = [newEmail(), newEmail(), newEmail(), newEmail()];
      const name = unique('Team');
      assertInvalid(
        await postRegistration(h, org, league, {
          userId: tooMany.id,
          teamName: name,
          partnerEmails: four,
        }),
        ['partnerEmails'],
      );
      assert.equal(await invitesTo(h, four), 0);
      assert.equal(await memberCount(h, org, league), 1);
    });

    void test('joining a team with 2 seats left allows 1 partner, not 2 (422)', async () => {
      const h = harness();
      const org = await h.org();
      const league = await h.league(org, { entrySize: 4 });
      const [founder, second, third, fourth] = await users(h, 4);
      assert.ok(
        founder !== undefined &&
          second !== undefined &&
          third !== undefined &&
          fourth !== undefined,
      );
      const team = await registerOk(h, org, league, {
        userId: founder.id,
        teamName: unique('Team'),
      });
      assert.ok(team.teamId !== null);
      await registerOk(h, org, league, { userId: second.id, teamId: team.teamId });
      const two = [newEmail(), newEmail()];
      assertInvalid(
        await postRegistration(h, org, league, {
          userId: third.id,
          teamId: team.teamId,
          partnerEmails: two,
        }),
        ['partnerEmails'],
      );
      assert.equal(await invitesTo(h, two), 0);
      const one = [newEmail()];
      const joined = await registerOk(h, org, league, {
        userId: third.id,
        teamId: team.teamId,
        partnerEmails: one,
      });
      assert.equal(joined.invites.length, 1);
      // The last seat: no partner may be named at all.
      assertInvalid(
        await postRegistration(h, org, league, {
          userId: fourth.id,
          teamId: team.teamId,
          partnerEmails: [newEmail()],
        }),
        ['partnerEmails'],
      );
      await registerOk(h, org, league, { userId: fourth.id, teamId: team.teamId });
      assert.equal((await publicTeam(h, org, league, team.teamId)).complete, true);
    });

    void test('the same partner written twice in different case counts once', async () => {
      const h = harness();
      const org = await h.org();
      const league = await h.league(org, { entrySize: 2 });
      const golfer = await h.user();
      const email = newEmail('Dup');
      const answer = await registerOk(h, org, league, {
        userId: golfer.id,
        teamName: unique('Team'),
        partnerEmails: [email, email.toUpperCase()],
      });
      assert.equal(answer.invites.length, 1);
    });

    void test("the registrant's own address and an already registered golfer are refused as partners", async () => {
      const h = harness();
      const org = await h.org();
      const league = await h.league(org, { entrySize: 3 });
      const [registered, golfer] = await users(h, 2);
      assert.ok(registered !== undefined && golfer !== undefined);
      await registerOk(h, org, league, { userId: registered.id, teamName: unique('Team') });
      assertInvalid(
        await postRegistration(h, org, league, {
          userId: golfer.id,
          teamName: unique('Team'),
          partnerEmails: [golfer.email.toUpperCase()],
        }),
        ['partnerEmails'],
      );
      assertInvalid(
        await postRegistration(h, org, league, {
          userId: golfer.id,
          teamName: unique('Team'),
          partnerEmails: [registered.email],
        }),
        ['partnerEmails'],
      );
      assert.equal(await memberCount(h, org, league), 1);
    });

    void test('a bad partner address is 422', async () => {
      const h = harness();
      const org = await h.org();
      const league = await h.league(org, { entrySize: 2 });
      const golfer = await h.user();
      assertInvalid(
        await postRegistration(h, org, league, {
          userId: golfer.id,
          teamName: unique('Team'),
          partnerEmails: ['not-an-address'],
        }),
        [],
      );
      assert.equal(await memberCount(h, org, league), 0);
    });

    void test('a duplicate team name in the league, whatever its case, is 409; other leagues are apart', async () => {
      const h = harness();
      const org = await h.org();
      const league = await h.league(org, { entrySize: 2 });
      const otherLeague = await h.league(org, { entrySize: 2 });
      const [first, second, third] = await users(h, 3);
      assert.ok(first !== undefined && second !== undefined && third !== undefined);
      const name = unique('Fairway Friends');
      await registerOk(h, org, league, { userId: first.id, teamName: name });
      for (const variant of [name, name.toUpperCase(), name.toLowerCase()]) {
        assertPlainText(
          await postRegistration(h, org, league, { userId: second.id, teamName: variant }),
          409,
        );
      }
      assert.equal(await memberCount(h, org, league), 1);
      await registerOk(h, org, otherLeague, { userId: third.id, teamName: name });
    });

    void test('an unknown userId is 422 naming userId; a malformed one too', async () => {
      const h = harness();
      const org = await h.org();
      const league = await h.league(org);
      assertInvalid(await postRegistration(h, org, league, { userId: 2_000_000_000 }), ['userId']);
      assertInvalid(await postRegistration(h, org, league, { userId: '5' }), ['userId']);
      assertInvalid(await postRegistration(h, org, league, { userId: 0 }), ['userId']);
      assertInvalid(await postRegistration(h, org, league, {}), ['userId']);
      assert.equal(await memberCount(h, org, league), 0);
    });

    void test('an unknown teamId, or a team of another league, is 422 naming teamId', async () => {
      const h = harness();
      const org = await h.org();
      const league = await h.league(org, { entrySize: 2 });
      const otherLeague = await h.league(org, { entrySize: 2 });
      const [golfer, foreignFounder] = await users(h, 2);
      assert.ok(golfer !== undefined && foreignFounder !== undefined);
      const foreign = await registerOk(h, org, otherLeague, {
        userId: foreignFounder.id,
        teamName: unique('Team'),
      });
      assertInvalid(
        await postRegistration(h, org, league, { userId: golfer.id, teamId: 2_000_000_000 }),
        ['teamId'],
      );
      assertInvalid(
        await postRegistration(h, org, league, { userId: golfer.id, teamId: foreign.teamId }),
        ['teamId'],
      );
      assert.equal(await memberCount(h, org, league), 0);
      assert.equal((await publicTeam(h, org, otherLeague, foreign.teamId ?? 0)).seatsFilled, 1);
    });

    void test('an unknown field is 422', async () => {
      const h = harness();
      const org = await h.org();
      const league = await h.league(org);
      const golfer = await h.user();
      assertInvalid(await postRegistration(h, org, league, { userId: golfer.id, feeCents: 0 }), [
        'feeCents',
      ]);
      assert.equal(await memberCount(h, org, league), 0);
    });

    void test('an unknown league, a league of another org and an unknown org are 404', async () => {
      const h = harness();
      const org = await h.org();
      const other = await h.org();
      const foreign = await h.league(other);
      const golfer = await h.user();
      assertPlainText(
        await postRegistration(h, org, { id: 2_000_000_000, slug: 'x' }, { userId: golfer.id }),
        404,
      );
      assertPlainText(await postRegistration(h, org, foreign, { userId: golfer.id }), 404);
      assertPlainText(
        await postRegistration(h, { ...org, slug: unique('nowhere') }, foreign, {
          userId: golfer.id,
        }),
        404,
      );
      assert.equal(await memberCount(h, other, foreign), 0);
    });

    void test('maxEntries on an individual league: the golfer over the cap is 409', async () => {
      const h = harness();
      const org = await h.org();
      const league = await h.league(org, { maxEntries: 2 });
      const [a, b, c] = await users(h, 3);
      assert.ok(a !== undefined && b !== undefined && c !== undefined);
      await registerOk(h, org, league, { userId: a.id });
      await registerOk(h, org, league, { userId: b.id });
      assertPlainText(await postRegistration(h, org, league, { userId: c.id }), 409);
      assert.equal(await memberCount(h, org, league), 2);
    });

    void test('maxEntries counts golfers: a team holds all its seats; a partner joining is never refused', async () => {
      const h = harness();
      const org = await h.org();
      const league = await h.league(org, { entrySize: 2, maxEntries: 4 });
      const [a, b, c, d, e] = await users(h, 5);
      assert.ok(
        a !== undefined && b !== undefined && c !== undefined && d !== undefined && e !== undefined,
      );
      const first = await registerOk(h, org, league, { userId: a.id, teamName: unique('Team') });
      await registerOk(h, org, league, { userId: b.id, teamName: unique('Team') });
      const name = unique('Team');
      assertPlainText(
        await postRegistration(h, org, league, { userId: c.id, teamName: name }),
        409,
      );
      assert.equal(await memberCount(h, org, league), 2);
      // The refused team was not left behind.
      const joined = await registerOk(h, org, league, { userId: d.id, teamId: first.teamId });
      assert.equal(joined.teamId, first.teamId);
      assert.equal(await memberCount(h, org, league), 3);
      assertPlainText(
        await postRegistration(h, org, league, { userId: e.id, teamName: name }),
        409,
      );
    });

    void test('a team too big for what is left of maxEntries is refused', async () => {
      const h = harness();
      const org = await h.org();
      const league = await h.league(org, { entrySize: 3, maxEntries: 5 });
      const [a, b] = await users(h, 2);
      assert.ok(a !== undefined && b !== undefined);
      await registerOk(h, org, league, { userId: a.id, teamName: unique('Team') });
      assertPlainText(
        await postRegistration(h, org, league, { userId: b.id, teamName: unique('Team') }),
        409,
      );
    });

    void test('feePerEntry: the first registrant buys the entry, the partner joins free', async () => {
      const h = harness();
      const org = await h.org();
      const league = await h.league(org, {
        entrySize: 2,
        feePerEntry: true,
        feeMembersCents: 20000,
      });
      const [founder, partner] = await users(h, 2);
      assert.ok(founder !== undefined && partner !== undefined);
      const first = await registerOk(h, org, league, {
        userId: founder.id,
        teamName: unique('Team'),
        partnerEmails: [partner.email],
      });
      assert.equal(first.entry.paidEntry, true);
      assert.equal(first.entry.feeCents, 20000);
      const token = first.invites[0]?.token;
      assert.ok(typeof token === 'string');
      const invite = await h.inject({
        method: 'GET',
        url: `${PUBLIC}/event-series-invites/${token}`,
      });
      assert.equal(invite.json<InviteResolution>().feeCents, 0);
      const second = await registerOk(h, org, league, { userId: partner.id, teamId: first.teamId });
      assert.equal(second.entry.paidEntry, false);
      assert.equal(second.entry.feeCents, 0);
    });

    void test('feePerEntry: a second team buys its own entry', async () => {
      const h = harness();
      const org = await h.org();
      const league = await h.league(org, {
        entrySize: 2,
        feePerEntry: true,
        feeMembersCents: 20000,
      });
      const [a, b] = await users(h, 2);
      assert.ok(a !== undefined && b !== undefined);
      await registerOk(h, org, league, { userId: a.id, teamName: unique('Team') });
      const other = await registerOk(h, org, league, { userId: b.id, teamName: unique('Team') });
      assert.equal(other.entry.paidEntry, true);
      assert.equal(other.entry.feeCents, 20000);
    });

    void test('per-golfer fee: both teammates pay the league fee', async () => {
      const h = harness();
      const org = await h.org();
      const league = await h.league(org, {
        entrySize: 2,
        feePerEntry: false,
        feeMembersCents: 17500,
      });
      const [founder, partner] = await users(h, 2);
      assert.ok(founder !== undefined && partner !== undefined);
      const first = await registerOk(h, org, league, {
        userId: founder.id,
        teamName: unique('Team'),
        partnerEmails: [partner.email],
      });
      assert.equal(first.entry.feeCents, 17500);
      const token = first.invites[0]?.token;
      assert.ok(typeof token === 'string');
      const invite = await h.inject({
        method: 'GET',
        url: `${PUBLIC}/event-series-invites/${token}`,
      });
      assert.equal(invite.json<InviteResolution>().feeCents, 17500);
      const second = await registerOk(h, org, league, { userId: partner.id, teamId: first.teamId });
      assert.equal(second.entry.feeCents, 17500);
    });

    void test('all or nothing: a new team with too many partners leaves no golfer, team or invite', async () => {
      const h = harness();
      const org = await h.org();
      const league = await h.league(org, { entrySize: 4 });
      const golfer = await h.user();
      const partnerWithAccount = await h.user();
      const name = unique('Team');
      const partners = [partnerWithAccount.email, newEmail(), newEmail(), newEmail()];
      const refused = await postRegistration(h, org, league, {
        userId: golfer.id,
        teamName: name,
        partnerEmails: partners,
      });
      assertInvalid(refused, ['partnerEmails']);
      assert.equal(await memberCount(h, org, league), 0);
      assert.equal(await invitesTo(h, partners), 0);
      // Neither the golfer nor the team name was kept.
      const answer = await registerOk(h, org, league, { userId: golfer.id, teamName: name });
      const team = await publicTeam(h, org, league, answer.teamId ?? 0);
      assert.deepEqual(team.memberNames, [golferName(golfer)]);
      assert.equal(team.seatsFilled, 1);
      assert.equal(await memberCount(h, org, league), 1);
      assert.equal(await invitesTo(h, partners), 0);
      // The league still has room for exactly the seats one team took.
      const leagueRow = await h.admin('PATCH', leaguePath(org, league.id), { name: 'Touch' });
      assert.equal(leagueRow.json<AdminLeague>().seatsReserved, 4);
    });

    void test('all or nothing: joining with too many partners leaves the team and its invites unchanged', async () => {
      const h = harness();
      const org = await h.org();
      const league = await h.league(org, { entrySize: 4 });
      const [founder, second, joiner] = await users(h, 3);
      assert.ok(founder !== undefined && second !== undefined && joiner !== undefined);
      const team = await registerOk(h, org, league, {
        userId: founder.id,
        teamName: unique('Team'),
      });
      assert.ok(team.teamId !== null);
      await registerOk(h, org, league, { userId: second.id, teamId: team.teamId });
      const before = await publicTeam(h, org, league, team.teamId);
      const partners = [newEmail(), newEmail(), newEmail()];
      assertInvalid(
        await postRegistration(h, org, league, {
          userId: joiner.id,
          teamId: team.teamId,
          partnerEmails: partners,
        }),
        ['partnerEmails'],
      );
      assert.deepEqual(await publicTeam(h, org, league, team.teamId), before);
      assert.equal(await memberCount(h, org, league), 2);
      assert.equal(await invitesTo(h, partners), 0);
      // The golfer was not left on the roster either.
      await registerOk(h, org, league, { userId: joiner.id, teamId: team.teamId });
    });

    void test('all or nothing: a partner already in the league refuses the whole registration', async () => {
      const h = harness();
      const org = await h.org();
      const league = await h.league(org, { entrySize: 3 });
      const [registered, golfer] = await users(h, 2);
      assert.ok(registered !== undefined && golfer !== undefined);
      await registerOk(h, org, league, { userId: registered.id, teamName: unique('Team') });
      const fresh = newEmail();
      const name = unique('Team');
      assertInvalid(
        await postRegistration(h, org, league, {
          userId: golfer.id,
          teamName: name,
          partnerEmails: [fresh, registered.email],
        }),
        ['partnerEmails'],
      );
      assert.equal(await memberCount(h, org, league), 1);
      assert.equal(await invitesTo(h, [fresh]), 0);
      await registerOk(h, org, league, { userId: golfer.id, teamName: name });
    });
  },
  NO_LIMITS,
);

// ---------------------------------------------------------------------------------------------
// Withdrawal and team deletion
// ---------------------------------------------------------------------------------------------

describeOnDatabases(
  'admin API: withdrawal and team deletion',
  (harness) => {
    void test('withdrawal: 204 with no body, memberCount drops', async () => {
      const h = harness();
      const org = await h.org();
      const league = await h.league(org);
      const [a, b] = await users(h, 2);
      assert.ok(a !== undefined && b !== undefined);
      await registerOk(h, org, league, { userId: a.id });
      await registerOk(h, org, league, { userId: b.id });
      const response = await withdraw(h, org, league, a.id);
      assert.equal(response.statusCode, 204, response.body);
      assert.equal(response.body, '');
      assert.equal(await memberCount(h, org, league), 1);
    });

    void test('withdrawal is 404 when the golfer is not registered, or no longer is', async () => {
      const h = harness();
      const org = await h.org();
      const league = await h.league(org);
      const [a, never] = await users(h, 2);
      assert.ok(a !== undefined && never !== undefined);
      await registerOk(h, org, league, { userId: a.id });
      assertPlainText(await withdraw(h, org, league, never.id), 404);
      assertPlainText(await withdraw(h, org, league, 2_000_000_000), 404);
      assert.equal((await withdraw(h, org, league, a.id)).statusCode, 204);
      assertPlainText(await withdraw(h, org, league, a.id), 404);
      assert.equal(await memberCount(h, org, league), 0);
    });

    void test('withdrawal from another league, another org or with a malformed id is 404', async () => {
      const h = harness();
      const org = await h.org();
      const other = await h.org();
      const league = await h.league(org);
      const elsewhere = await h.league(org);
      const foreign = await h.league(other);
      const golfer = await h.user();
      await registerOk(h, org, league, { userId: golfer.id });
      assertPlainText(await withdraw(h, org, elsewhere, golfer.id), 404);
      assertPlainText(await withdraw(h, org, foreign, golfer.id), 404);
      assertPlainText(await h.admin('DELETE', `${registrationsPath(org, league)}/abc`), 404);
      assert.equal(await memberCount(h, org, league), 1);
    });

    void test('withdrawal frees the seat: a complete team becomes joinable again', async () => {
      const h = harness();
      const org = await h.org();
      const league = await h.league(org, { entrySize: 2 });
      const [founder, partner, replacement] = await users(h, 3);
      assert.ok(founder !== undefined && partner !== undefined && replacement !== undefined);
      const team = await registerOk(h, org, league, {
        userId: founder.id,
        teamName: unique('Team'),
      });
      assert.ok(team.teamId !== null);
      await registerOk(h, org, league, { userId: partner.id, teamId: team.teamId });
      assertPlainText(
        await postRegistration(h, org, league, { userId: replacement.id, teamId: team.teamId }),
        409,
      );
      assert.equal((await withdraw(h, org, league, partner.id)).statusCode, 204);
      const freed = await publicTeam(h, org, league, team.teamId);
      assert.deepEqual(
        {
          memberNames: freed.memberNames,
          seatsFilled: freed.seatsFilled,
          seatsRemaining: freed.seatsRemaining,
          complete: freed.complete,
        },
        { memberNames: [golferName(founder)], seatsFilled: 1, seatsRemaining: 1, complete: false },
      );
      assert.equal(await memberCount(h, org, league), 1);
      await registerOk(h, org, league, { userId: replacement.id, teamId: team.teamId });
      const full = await publicTeam(h, org, league, team.teamId);
      assert.deepEqual(full.memberNames, [golferName(founder), golferName(replacement)]);
      assert.equal(full.complete, true);
    });

    void test('withdrawal frees a place under maxEntries', async () => {
      const h = harness();
      const org = await h.org();
      const league = await h.league(org, { maxEntries: 1 });
      const [a, b] = await users(h, 2);
      assert.ok(a !== undefined && b !== undefined);
      await registerOk(h, org, league, { userId: a.id });
      assertPlainText(await postRegistration(h, org, league, { userId: b.id }), 409);
      assert.equal((await withdraw(h, org, league, a.id)).statusCode, 204);
      await registerOk(h, org, league, { userId: b.id });
    });

    void test('the last member of a team withdrawing frees the team seats under maxEntries', async () => {
      const h = harness();
      const org = await h.org();
      const league = await h.league(org, { entrySize: 2, maxEntries: 2 });
      const [a, b] = await users(h, 2);
      assert.ok(a !== undefined && b !== undefined);
      await registerOk(h, org, league, { userId: a.id, teamName: unique('Team') });
      assertPlainText(
        await postRegistration(h, org, league, { userId: b.id, teamName: unique('Team') }),
        409,
      );
      assert.equal((await withdraw(h, org, league, a.id)).statusCode, 204);
      await registerOk(h, org, league, { userId: b.id, teamName: unique('Team') });
      assert.equal(await memberCount(h, org, league), 1);
    });

    void test('re-registering after withdrawal works and is counted once', async () => {
      const h = harness();
      const org = await h.org();
      const league = await h.league(org, { entrySize: 2 });
      const golfer = await h.user();
      const first = await registerOk(h, org, league, {
        userId: golfer.id,
        teamName: unique('Team'),
      });
      assert.equal((await withdraw(h, org, league, golfer.id)).statusCode, 204);
      assert.equal(await memberCount(h, org, league), 0);
      const again = await registerOk(h, org, league, { userId: golfer.id, teamId: first.teamId });
      assert.notEqual(again.entry.id, first.entry.id);
      assert.equal(await memberCount(h, org, league), 1);
      const team = await publicTeam(h, org, league, first.teamId ?? 0);
      assert.deepEqual(team.memberNames, [golferName(golfer)]);
      assertPlainText(
        await postRegistration(h, org, league, { userId: golfer.id, teamName: unique('Team') }),
        409,
      );
    });

    void test('team deletion: 204; the team and its invites 404; its members leave the roster', async () => {
      const h = harness();
      const org = await h.org();
      const league = await h.league(org, { entrySize: 3 });
      const [founder, partner, invited, bystander] = await users(h, 4);
      assert.ok(
        founder !== undefined &&
          partner !== undefined &&
          invited !== undefined &&
          bystander !== undefined,
      );
      const team = await registerOk(h, org, league, {
        userId: founder.id,
        teamName: unique('Team'),
        partnerEmails: [invited.email],
      });
      assert.ok(team.teamId !== null);
      await registerOk(h, org, league, { userId: partner.id, teamId: team.teamId });
      const other = await registerOk(h, org, league, {
        userId: bystander.id,
        teamName: unique('Team'),
      });
      const token = team.invites[0]?.token;
      assert.ok(typeof token === 'string');
      const inviteUrl = `${PUBLIC}/event-series-invites/${token}`;
      assert.equal((await h.inject({ method: 'GET', url: inviteUrl })).statusCode, 200);
      assert.equal(await memberCount(h, org, league), 3);

      const response = await deleteTeam(h, org, league, team.teamId);
      assert.equal(response.statusCode, 204, response.body);
      assert.equal(response.body, '');
      assertPlainText(await h.inject({ method: 'GET', url: inviteUrl }), 404);
      assertPlainText(
        await h.inject({ method: 'GET', url: publicTeamPath(org, league, team.teamId) }),
        404,
      );
      assert.equal(await memberCount(h, org, league), 1);
      assert.equal((await publicTeam(h, org, league, other.teamId ?? 0)).seatsFilled, 1);
      // Its members are off the roster: withdrawing them is 404, registering them again works.
      assertPlainText(await withdraw(h, org, league, founder.id), 404);
      await registerOk(h, org, league, { userId: founder.id, teamId: other.teamId });
      await registerOk(h, org, league, { userId: partner.id, teamId: other.teamId });
      assert.equal(await memberCount(h, org, league), 3);
      // Joining the deleted team is refused: it names no team of the league.
      assertInvalid(
        await postRegistration(h, org, league, { userId: invited.id, teamId: team.teamId }),
        ['teamId'],
      );
    });

    void test('team deletion frees its seats under maxEntries and its name', async () => {
      const h = harness();
      const org = await h.org();
      const league = await h.league(org, { entrySize: 2, maxEntries: 2 });
      const [a, b] = await users(h, 2);
      assert.ok(a !== undefined && b !== undefined);
      const name = unique('Team');
      const team = await registerOk(h, org, league, { userId: a.id, teamName: name });
      assertPlainText(
        await postRegistration(h, org, league, { userId: b.id, teamName: unique('Team') }),
        409,
      );
      assert.equal((await deleteTeam(h, org, league, team.teamId ?? 0)).statusCode, 204);
      assert.equal(await memberCount(h, org, league), 0);
      await registerOk(h, org, league, { userId: b.id, teamName: name });
    });

    void test('team deletion is 404 for an unknown team, a team of another league, and twice', async () => {
      const h = harness();
      const org = await h.org();
      const league = await h.league(org, { entrySize: 2 });
      const otherLeague = await h.league(org, { entrySize: 2 });
      const golfer = await h.user();
      const team = await registerOk(h, org, otherLeague, {
        userId: golfer.id,
        teamName: unique('Team'),
      });
      assert.ok(team.teamId !== null);
      assertPlainText(await deleteTeam(h, org, league, 2_000_000_000), 404);
      assertPlainText(await deleteTeam(h, org, league, team.teamId), 404);
      assertPlainText(await h.admin('DELETE', `${leaguePath(org, league.id)}/teams/abc`), 404);
      assert.equal((await publicTeam(h, org, otherLeague, team.teamId)).seatsFilled, 1);
      assert.equal((await deleteTeam(h, org, otherLeague, team.teamId)).statusCode, 204);
      assertPlainText(await deleteTeam(h, org, otherLeague, team.teamId), 404);
      assert.equal(await memberCount(h, org, otherLeague), 0);
    });

    void test('deleting a team whose members all withdrew', async () => {
      const h = harness();
      const org = await h.org();
      const league = await h.league(org, { entrySize: 2, maxEntries: 4 });
      const [a, b, c] = await users(h, 3);
      assert.ok(a !== undefined && b !== undefined && c !== undefined);
      const team = await registerOk(h, org, league, { userId: a.id, teamName: unique('Team') });
      await registerOk(h, org, league, { userId: b.id, teamName: unique('Team') });
      assert.equal((await withdraw(h, org, league, a.id)).statusCode, 204);
      assert.equal((await deleteTeam(h, org, league, team.teamId ?? 0)).statusCode, 204);
      assert.equal(await memberCount(h, org, league), 1);
      // One team of two seats is left: exactly one more team fits under maxEntries 4.
      await registerOk(h, org, league, { userId: c.id, teamName: unique('Team') });
      const d = await h.user();
      assertPlainText(
        await postRegistration(h, org, league, { userId: d.id, teamName: unique('Team') }),
        409,
      );
    });
  },
  NO_LIMITS,
);

// ---------------------------------------------------------------------------------------------
// Races
// ---------------------------------------------------------------------------------------------

describeOnDatabases(
  'admin API: concurrent registrations',
  (harness) => {
    async function lastSeatRace(racers: number, entrySize: number, seatsLeft: number) {
      const h = harness();
      const org = await h.org();
      const league = await h.league(org, { entrySize });
      const founder = await h.user();
      const team = await registerOk(h, org, league, {
        userId: founder.id,
        teamName: unique('Team'),
      });
      const teamId = team.teamId;
      assert.ok(teamId !== null);
      for (let filled = 1; filled < entrySize - seatsLeft; filled += 1) {
        const member = await h.user();
        await registerOk(h, org, league, { userId: member.id, teamId });
      }
      const before = await memberCount(h, org, league);
      const golfers = await users(h, racers);
      const answers = await Promise.all(
        golfers.map((golfer) => postRegistration(h, org, league, { userId: golfer.id, teamId })),
      );
      const winners = answers.filter((answer) => answer.statusCode === 201);
      const losers = answers.filter((answer) => answer.statusCode !== 201);
      assert.equal(winners.length, seatsLeft, `statuses: ${statuses(answers).join(', ')}`);
      for (const loser of losers) assertPlainText(loser, 409);
      const summary = await publicTeam(h, org, league, teamId);
      assert.equal(summary.seatsFilled, entrySize);
      assert.equal(summary.seatsRemaining, 0);
      assert.equal(summary.complete, true);
      assert.equal(summary.memberNames.length, entrySize);
      const winnerIds = winners.map((winner) => winner.json<RegistrationAnswer>().entry.userId);
      const winnerNames = golfers.filter((golfer) => winnerIds.includes(golfer.id)).map(golferName);
      for (const name of winnerNames) assert.ok(summary.memberNames.includes(name));
      assert.equal(await memberCount(h, org, league), before + seatsLeft);
      assert.equal(await activeEntries(h, league.id), before + seatsLeft);
      assert.equal(await activeEntries(h, league.id, teamId), entrySize);
      // The losers are not on the roster: withdrawing them is 404.
      for (const golfer of golfers.filter((candidate) => !winnerIds.includes(candidate.id))) {
        assertPlainText(await withdraw(h, org, league, golfer.id), 404);
      }
    }

    void test("two registrations racing for a team's last seat: exactly one wins", async () => {
      await lastSeatRace(2, 2, 1);
    });

    void test("ten registrations racing for a team's last seat: exactly one wins", async () => {
      await lastSeatRace(10, 2, 1);
    });

    void test("ten registrations racing for a four-seat team's last seat: exactly one wins", async () => {
      await lastSeatRace(10, 4, 1);
    });

    void test('eight registrations racing for two free seats: exactly two win', async () => {
      await lastSeatRace(8, 4, 2);
    });

    void test('new teams racing against maxEntries: exactly as many as fit', async () => {
      const h = harness();
      const org = await h.org();
      const league = await h.league(org, { entrySize: 2, maxEntries: 6 });
      const golfers = await users(h, 8);
      const answers = await Promise.all(
        golfers.map((golfer) =>
          postRegistration(h, org, league, { userId: golfer.id, teamName: unique('Team') }),
        ),
      );
      const winners = answers.filter((answer) => answer.statusCode === 201);
      assert.equal(winners.length, 3, `statuses: ${statuses(answers).join(', ')}`);
      for (const loser of answers.filter((answer) => answer.statusCode !== 201)) {
        assertPlainText(loser, 409);
      }
      assert.equal(await memberCount(h, org, league), 3);
      assert.equal(await activeEntries(h, league.id), 3);
      const teamIds = winners.map((winner) => winner.json<RegistrationAnswer>().teamId);
      assert.equal(new Set(teamIds).size, 3);
      for (const teamId of teamIds) {
        assert.equal((await publicTeam(h, org, league, teamId ?? 0)).seatsFilled, 1);
      }
      // Full for new teams, but each winning team still takes its partner.
      const late = await h.user();
      assertPlainText(
        await postRegistration(h, org, league, { userId: late.id, teamName: unique('Team') }),
        409,
      );
      await registerOk(h, org, league, { userId: late.id, teamId: teamIds[0] });
      assert.equal(await memberCount(h, org, league), 4);
    });

    void test('individual golfers racing against maxEntries: exactly as many as fit', async () => {
      const h = harness();
      const org = await h.org();
      const league = await h.league(org, { maxEntries: 4 });
      const golfers = await users(h, 10);
      const answers = await Promise.all(
        golfers.map((golfer) => postRegistration(h, org, league, { userId: golfer.id })),
      );
      assert.deepEqual(statuses(answers), [201, 201, 201, 201, 409, 409, 409, 409, 409, 409]);
      assert.equal(await activeEntries(h, league.id), 4);
      for (const loser of answers.filter((answer) => answer.statusCode !== 201)) {
        assertPlainText(loser, 409);
      }
      assert.equal(await memberCount(h, org, league), 4);
    });

    void test('partners joining and new teams racing together respect both the seats and the cap', async () => {
      const h = harness();
      const org = await h.org();
      const league = await h.league(org, { entrySize: 2, maxEntries: 4 });
      const founder = await h.user();
      const team = await registerOk(h, org, league, {
        userId: founder.id,
        teamName: unique('Team'),
      });
      const joiners = await users(h, 4);
      const founders = await users(h, 4);
      const answers = await Promise.all([
        ...joiners.map((golfer) =>
          postRegistration(h, org, league, { userId: golfer.id, teamId: team.teamId }),
        ),
        ...founders.map((golfer) =>
          postRegistration(h, org, league, { userId: golfer.id, teamName: unique('Team') }),
        ),
      ]);
      const joined = answers.slice(0, 4).filter((answer) => answer.statusCode === 201);
      const founded = answers.slice(4).filter((answer) => answer.statusCode === 201);
      assert.equal(joined.length, 1, `statuses: ${statuses(answers).join(', ')}`);
      assert.equal(founded.length, 1, `statuses: ${statuses(answers).join(', ')}`);
      for (const loser of answers.filter((answer) => answer.statusCode !== 201)) {
        assertPlainText(loser, 409);
      }
      assert.equal(await memberCount(h, org, league), 3);
      assert.equal((await publicTeam(h, org, league, team.teamId ?? 0)).seatsFilled, 2);
      assert.equal(await activeEntries(h, league.id), 3);
      assert.equal(await activeEntries(h, league.id, team.teamId), 2);
    });

    void test('the same golfer registered twice at once: one 201, one 409', async () => {
      const h = harness();
      const org = await h.org();
      const league = await h.league(org);
      const golfer = await h.user();
      const answers = await Promise.all([
        postRegistration(h, org, league, { userId: golfer.id }),
        postRegistration(h, org, league, { userId: golfer.id }),
      ]);
      assert.deepEqual(statuses(answers), [201, 409]);
      assert.equal(await memberCount(h, org, league), 1);
    });

    void test('two new teams of the same name at once: one 201, one 409', async () => {
      const h = harness();
      const org = await h.org();
      const league = await h.league(org, { entrySize: 2 });
      const [a, b] = await users(h, 2);
      assert.ok(a !== undefined && b !== undefined);
      const name = unique('Team');
      const answers = await Promise.all([
        postRegistration(h, org, league, { userId: a.id, teamName: name }),
        postRegistration(h, org, league, { userId: b.id, teamName: name.toUpperCase() }),
      ]);
      assert.deepEqual(statuses(answers), [201, 409]);
      assert.equal(await memberCount(h, org, league), 1);
    });

    void test('the same golfer withdrawn twice at once: one 204, one 404, counted once', async () => {
      const h = harness();
      const org = await h.org();
      const league = await h.league(org);
      const [a, b] = await users(h, 2);
      assert.ok(a !== undefined && b !== undefined);
      await registerOk(h, org, league, { userId: a.id });
      await registerOk(h, org, league, { userId: b.id });
      const answers = await Promise.all([
        withdraw(h, org, league, a.id),
        withdraw(h, org, league, a.id),
      ]);
      assert.deepEqual(statuses(answers), [204, 404]);
      assert.equal(await memberCount(h, org, league), 1);
    });
  },
  NO_LIMITS,
);
