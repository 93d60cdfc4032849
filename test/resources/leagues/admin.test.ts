import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Org } from '../../../src/db/schema.js';
import type { AdminLeague } from '../../../src/resources/leagues/schema.js';
import {
  STOCK_CREST,
  leagueBody,
  leaguePath,
  leaguesPath,
  postRegistration,
  publicLeague,
  publicLeaguePath,
  registerOk,
  standingSeriesId,
  users,
} from '../../support/admin.js';
import { assertInvalid, assertPlainText } from '../../support/assertions.js';
import { NO_LIMITS, PUBLIC, describeOnDatabases, unique } from '../../support/harness.js';
import type { Harness } from '../../support/harness.js';

/** Optional league fields that the public API leaves out, rather than show as null. */
const OMITTED_WHEN_UNSET = [
  'scheduleLabel',
  'description',
  'registrationOpensAt',
  'registrationClosesAt',
  'maxEntries',
];

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
      for (const field of OMITTED_WHEN_UNSET) {
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
      const unset = {
        scheduleLabel: null,
        description: null,
        registrationOpensAt: null,
        registrationClosesAt: null,
        maxEntries: null,
        standingSeriesId: null,
      };
      const response = await h.admin('PATCH', leaguePath(org, before.id), unset);
      assert.equal(response.statusCode, 200, response.body);
      const after = response.json<AdminLeague>();
      assert.deepEqual(after, { ...before, ...unset });
      const shown = await publicLeague(h, org, before.slug);
      for (const field of OMITTED_WHEN_UNSET) {
        assert.equal(field in shown, false, `${field} is omitted after unset`);
      }
      assert.equal(shown.standingSeriesId, null);
    });

    void test('an unset maxEntries no longer caps registrations', async () => {
      const h = harness();
      const org = await h.org();
      const league = await h.league(org, { maxEntries: 1 });
      const [first, second] = await users(h, 2);
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
