import type { LightMyRequestResponse } from 'fastify';
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { AdminLeague, PublicLeague as League } from '../../../src/resources/leagues/schema.js';
import type { AdminStandingSeries } from '../../../src/resources/standings/schema.js';
import { PLAIN_TEXT, assertEachNotFound } from '../../support/assertions.js';
import { ADMIN, ADMIN_TOKEN, PUBLIC, describeOnDatabases, unique } from '../../support/harness.js';

const STOCK_CREST = '/media/stock/crest.svg';

const REQUIRED_FIELDS = [
  'entrySize',
  'feeMembersCents',
  'feePerEntry',
  'id',
  'linkedEventCount',
  'memberCount',
  'name',
  'seasonLabel',
  'seriesImageUrl',
  'slug',
  'spotsRemaining',
  'standingSeriesId',
  'status',
];
const NULLABLE_FIELDS = ['spotsRemaining', 'standingSeriesId'];
const OPTIONAL_FIELDS = [
  'description',
  'endDate',
  'maxEntries',
  'registrationClosesAt',
  'registrationOpensAt',
  'scheduleLabel',
  'startDate',
];

/** Checks every field's type and that nothing but the League's fields is present. */
function assertLeagueShape(league: Record<string, unknown>): void {
  for (const field of REQUIRED_FIELDS) assert.ok(field in league, `${field} is present`);
  for (const field of Object.keys(league)) {
    assert.ok(
      REQUIRED_FIELDS.includes(field) || OPTIONAL_FIELDS.includes(field),
      `${field} is not a public League field`,
    );
    if (!NULLABLE_FIELDS.includes(field))
      assert.notEqual(league[field], null, `${field} is not null`);
    assert.notEqual(league[field], undefined);
  }
  for (const field of NULLABLE_FIELDS) {
    assert.ok(
      league[field] === null || Number.isInteger(league[field]),
      `${field}: integer or null`,
    );
  }
  for (const field of ['id', 'feeMembersCents', 'entrySize', 'memberCount', 'linkedEventCount']) {
    assert.ok(Number.isInteger(league[field]), `${field} is an integer`);
  }
  for (const field of ['name', 'slug', 'seasonLabel', 'status', 'seriesImageUrl']) {
    assert.equal(typeof league[field], 'string', `${field} is a string`);
  }
  assert.equal(typeof league.feePerEntry, 'boolean');
  assert.ok(['open', 'active', 'completed'].includes(league.status as string));
  assert.ok((league.seriesImageUrl as string).startsWith('/media/'));
}

/** Headers that legitimately differ between two otherwise identical answers. */
const VOLATILE_HEADERS = ['date', 'ratelimit', 'ratelimit-reset', 'ratelimit-remaining'];

function comparable(response: LightMyRequestResponse) {
  const headers: Record<string, unknown> = { ...response.headers };
  for (const header of VOLATILE_HEADERS) Reflect.deleteProperty(headers, header);
  return { status: response.statusCode, body: response.body, headers };
}

function assertNotFound(response: LightMyRequestResponse, what: string): void {
  assert.equal(response.statusCode, 404, `${what}: ${response.body}`);
  assert.equal(response.headers['content-type'], PLAIN_TEXT, what);
}

/** Every answer is a 404 with the same status, body and headers. */
function assertIdenticalNotFounds(answers: LightMyRequestResponse[]): void {
  answers.forEach((answer, index) => {
    assertNotFound(answer, `answer ${index}`);
  });
  const [first, ...rest] = answers.map(comparable);
  for (const other of rest) assert.deepEqual(other, first);
}

// A 1×1 transparent PNG, and different bytes of the same type.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const OTHER_PNG = Buffer.concat([PNG, Buffer.from('trailing bytes make another image')]);

describeOnDatabases('public league list and lookup', (harness) => {
  const get = (url: string) => harness().inject({ method: 'GET', url: `${PUBLIC}${url}` });

  void test('lists open, active and completed leagues, members-only included, hiding draft and private', async () => {
    const h = harness();
    const org = await h.org();
    const open = await h.league(org, { status: 'open' });
    const active = await h.league(org, { status: 'active', membersOnly: true });
    const completed = await h.league(org, { status: 'completed' });
    await h.league(org, { status: 'draft' });
    await h.league(org, { status: 'private' });

    const response = await h.inject({
      method: 'GET',
      url: `${PUBLIC}/orgs/${org.slug}/event-series`,
    });

    assert.equal(response.statusCode, 200);
    const slugs = response.json<League[]>().map((league) => league.slug);
    assert.deepEqual(slugs, [open.slug, active.slug, completed.slug]);
  });

  void test('a hidden league and an unknown one give byte-identical 404s', async () => {
    const h = harness();
    const org = await h.org();
    const hidden = await h.league(org, { status: 'private' });
    const draft = await h.league(org, { status: 'draft' });
    const answers = await Promise.all(
      [hidden.slug, draft.slug, 'no-such-league'].map((slug) =>
        h.inject({ method: 'GET', url: `${PUBLIC}/orgs/${org.slug}/event-series/${slug}` }),
      ),
    );
    for (const answer of answers) {
      assert.equal(answer.statusCode, 404);
      assert.equal(answer.headers['content-type'], 'text/plain; charset=utf-8');
    }
    const [first, ...rest] = answers.map((answer) => ({
      body: answer.body,
      // The remaining-requests count moves with every request by design.
      headers: { ...answer.headers, date: undefined, ratelimit: undefined },
    }));
    for (const other of rest) assert.deepEqual(other, first);
  });

  void test('a league with only required fields has exactly the documented fields, standingSeriesId null, extensions omitted', async () => {
    const h = harness();
    const org = await h.org();
    const league = await h.league(org, {
      name: 'Tuesday Twilight',
      seasonLabel: 'Summer 2026',
      status: 'open',
      feeMembersCents: 12345,
      feePerEntry: false,
      entrySize: 1,
    });

    const response = await get(`/orgs/${org.slug}/event-series/${league.slug}`);

    assert.equal(response.statusCode, 200);
    assert.match(String(response.headers['content-type']), /^application\/json/);
    const body = response.json<Record<string, unknown>>();
    assertLeagueShape(body);
    assert.deepEqual(body, {
      id: league.id,
      name: 'Tuesday Twilight',
      slug: league.slug,
      seasonLabel: 'Summer 2026',
      status: 'open',
      feeMembersCents: 12345,
      feePerEntry: false,
      entrySize: 1,
      seriesImageUrl: STOCK_CREST,
      memberCount: 0,
      linkedEventCount: 0,
      spotsRemaining: null,
      standingSeriesId: null,
    });
    for (const field of OPTIONAL_FIELDS) assert.ok(!(field in body), `${field} is omitted`);
  });

  void test('every extension that is set is returned with its type; derived dates stay absent without linked events', async () => {
    const h = harness();
    const org = await h.org();
    const league = await h.league(org, {
      status: 'active',
      entrySize: 2,
      feePerEntry: true,
      feeMembersCents: 30000,
      scheduleLabel: 'Tuesdays, 5:30 pm',
      description: 'Two-person best ball, all season long.',
      registrationOpensAt: '2026-03-01',
      registrationClosesAt: '2026-04-15',
      maxEntries: 40,
    });

    const response = await get(`/orgs/${org.slug}/event-series/${league.slug}`);

    assert.equal(response.statusCode, 200);
    const body = response.json<Record<string, unknown>>();
    assertLeagueShape(body);
    assert.deepEqual(body, {
      id: league.id,
      name: league.name,
      slug: league.slug,
      seasonLabel: league.season_label,
      scheduleLabel: 'Tuesdays, 5:30 pm',
      status: 'active',
      feeMembersCents: 30000,
      feePerEntry: true,
      entrySize: 2,
      seriesImageUrl: STOCK_CREST,
      memberCount: 0,
      linkedEventCount: 0,
      spotsRemaining: 40,
      standingSeriesId: null,
      description: 'Two-person best ball, all season long.',
      registrationOpensAt: '2026-03-01',
      registrationClosesAt: '2026-04-15',
      maxEntries: 40,
    });
  });

  void test('standingSeriesId is the integer id of the linked standings series', async () => {
    const h = harness();
    const org = await h.org();
    const created = await h.admin('POST', `${ADMIN}/orgs/${org.slug}/standing-series`, {
      name: 'Season points',
      scope: 'season',
    });
    assert.equal(created.statusCode, 201, created.body);
    const seriesId = created.json<AdminStandingSeries>().id;
    const linked = await h.league(org, { standingSeriesId: seriesId });
    const unlinked = await h.league(org);

    const single = await get(`/orgs/${org.slug}/event-series/${linked.slug}`);
    assert.equal(single.statusCode, 200);
    assertLeagueShape(single.json());
    assert.equal(single.json<League>().standingSeriesId, seriesId);

    const list = (await get(`/orgs/${org.slug}/event-series`)).json<League[]>();
    assert.deepEqual(
      list.map((league) => [league.id, league.standingSeriesId]),
      [
        [linked.id, seriesId],
        [unlinked.id, null],
      ],
    );

    const unlink = await h.admin('PATCH', `${ADMIN}/orgs/${org.slug}/event-series/${linked.id}`, {
      standingSeriesId: null,
    });
    assert.equal(unlink.statusCode, 200, unlink.body);
    const after = await get(`/orgs/${org.slug}/event-series/${linked.slug}`);
    assert.equal(after.json<League>().standingSeriesId, null);
    const standings = await get(`/orgs/${org.slug}/event-series/${linked.slug}/standings`);
    assert.deepEqual(standings.json(), { standingSeries: null, table: null });
  });

  void test('list items have the same shape and values as the single league', async () => {
    const h = harness();
    const org = await h.org();
    const plain = await h.league(org, { status: 'completed' });
    const full = await h.league(org, {
      status: 'open',
      scheduleLabel: 'Thursdays',
      description: 'Scramble',
      registrationOpensAt: '2026-01-01',
      registrationClosesAt: '2026-12-31',
      maxEntries: 12,
      membersOnly: true,
    });

    const list = await get(`/orgs/${org.slug}/event-series`);

    assert.equal(list.statusCode, 200);
    const items = list.json<Record<string, unknown>[]>();
    assert.ok(Array.isArray(items));
    assert.equal(items.length, 2);
    for (const item of items) assertLeagueShape(item);
    for (const [index, league] of [plain, full].entries()) {
      const single = await get(`/orgs/${org.slug}/event-series/${league.slug}`);
      assert.deepEqual(items[index], single.json());
    }
  });

  void test('an org without public leagues lists an empty array', async () => {
    const h = harness();
    const org = await h.org();
    await h.league(org, { status: 'draft' });
    await h.league(org, { status: 'private' });

    const response = await get(`/orgs/${org.slug}/event-series`);

    assert.equal(response.statusCode, 200);
    assert.deepEqual(response.json(), []);
  });

  void test('no internal field leaks from list, get or standings', async () => {
    const h = harness();
    const org = await h.org();
    const league = await h.league(org, {
      status: 'open',
      membersOnly: true,
      maxEntries: 10,
      entrySize: 2,
    });
    const user = await h.user();
    await h.register(org, league, { userId: user.id, teamName: unique('Team') });

    const bodies = [
      (await get(`/orgs/${org.slug}/event-series`)).body,
      (await get(`/orgs/${org.slug}/event-series/${league.slug}`)).body,
      (await get(`/orgs/${org.slug}/event-series/${league.slug}/standings`)).body,
    ];
    const internal = [
      'membersOnly',
      'members_only',
      'seatsReserved',
      'seats_reserved',
      'org_id',
      'orgId',
      'image_path',
      'imagePath',
      'created_at',
      'createdAt',
      'member_count',
      'season_label',
      'fee_members_cents',
      'standing_series_id',
      'linked_event_count',
    ];
    for (const body of bodies) {
      for (const field of internal) assert.ok(!body.includes(`"${field}"`), `${field} leaks`);
      assert.ok(!body.includes(user.email), 'no e-mail leaks');
    }
    const single = JSON.parse(bodies[1] ?? '') as Record<string, unknown>;
    assert.equal(single.memberCount, 1);
    assert.equal(single.maxEntries, 10);
  });

  void test('scheduleLabel is returned verbatim, never parsed or normalised', async () => {
    const h = harness();
    const org = await h.org();
    const labels = [
      'Tuesdays 5:30pm (weather permitting) — except 7/4!',
      '  leading and trailing spaces  ',
      'Line one\nLine two\ttabbed',
      '<b>not html</b> & "quotes" \'single\' \\ backslash',
      'Mardi 17h30 · 火曜日 · 🏌️‍♀️⛳',
      '2026-13-45 to whenever',
    ];
    for (const label of labels) {
      const league = await h.league(org, { scheduleLabel: label });
      const single = await get(`/orgs/${org.slug}/event-series/${league.slug}`);
      assert.equal(single.json<League>().scheduleLabel, label);
    }
    const list = await get(`/orgs/${org.slug}/event-series`);
    assert.deepEqual(
      list.json<League[]>().map((league) => league.scheduleLabel),
      labels,
    );
  });

  void test('scheduleLabel set through the admin API is stored verbatim and omitted once cleared', async () => {
    const h = harness();
    const org = await h.org();
    const label = '  Wednesdays\t6 pm  ';
    const created = await h.admin('POST', `${ADMIN}/orgs/${org.slug}/event-series`, {
      slug: unique('league'),
      name: 'Admin League',
      seasonLabel: '2026',
      scheduleLabel: label,
      description: 'Set by the organizer',
      maxEntries: 8,
      registrationOpensAt: '2026-01-01',
      status: 'open',
      feeMembersCents: 5000,
      entrySize: 1,
    });
    assert.equal(created.statusCode, 201, created.body);
    const { id, slug } = created.json<AdminLeague>();

    const before = await get(`/orgs/${org.slug}/event-series/${slug}`);
    assert.equal(before.json<League>().scheduleLabel, label);

    const patched = await h.admin('PATCH', `${ADMIN}/orgs/${org.slug}/event-series/${id}`, {
      scheduleLabel: null,
      description: null,
      maxEntries: null,
      registrationOpensAt: null,
    });
    assert.equal(patched.statusCode, 200, patched.body);

    const after = await get(`/orgs/${org.slug}/event-series/${slug}`);
    const body = after.json<Record<string, unknown>>();
    assertLeagueShape(body);
    for (const field of ['scheduleLabel', 'description', 'maxEntries', 'registrationOpensAt']) {
      assert.ok(!(field in body), `${field} is omitted once cleared`);
    }
  });

  void test('seriesImageUrl is the stock crest without an upload, and the service serves it', async () => {
    const h = harness();
    const org = await h.org();
    const league = await h.league(org);

    const single = await get(`/orgs/${org.slug}/event-series/${league.slug}`);
    assert.equal(single.json<League>().seriesImageUrl, STOCK_CREST);

    const crest = await h.inject({ method: 'GET', url: STOCK_CREST });
    assert.equal(crest.statusCode, 200);
    assert.match(String(crest.headers['content-type']), /^image\/svg\+xml/);
    assert.ok(crest.body.includes('<svg'));
  });

  void test('an uploaded crest replaces the stock one under /media/, content-addressed and served', async () => {
    const h = harness();
    const org = await h.org();
    const league = await h.league(org);
    const upload = (bytes: Buffer) =>
      h.inject({
        method: 'PUT',
        url: `${ADMIN}/orgs/${org.slug}/event-series/${league.id}/image`,
        headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'image/png' },
        payload: bytes,
      });

    assert.equal((await upload(PNG)).statusCode, 200);
    const first = (await get(`/orgs/${org.slug}/event-series/${league.slug}`)).json<League>();
    assert.notEqual(first.seriesImageUrl, STOCK_CREST);
    assert.match(first.seriesImageUrl, /^\/media\//);
    const served = await h.inject({ method: 'GET', url: first.seriesImageUrl });
    assert.equal(served.statusCode, 200);
    assert.equal(served.headers['content-type'], 'image/png');
    assert.deepEqual(served.rawPayload, PNG);

    assert.equal((await upload(OTHER_PNG)).statusCode, 200);
    const second = (await get(`/orgs/${org.slug}/event-series/${league.slug}`)).json<League>();
    assert.match(second.seriesImageUrl, /^\/media\//);
    assert.notEqual(second.seriesImageUrl, first.seriesImageUrl);
  });

  void test('memberCount counts the active roster and drops after a withdrawal', async () => {
    const h = harness();
    const org = await h.org();
    const league = await h.league(org, { entrySize: 1 });
    const golfers = [await h.user(), await h.user(), await h.user()];
    for (const golfer of golfers) await h.register(org, league, { userId: golfer.id });
    const memberCount = async () =>
      (await get(`/orgs/${org.slug}/event-series/${league.slug}`)).json<League>().memberCount;
    const listedCount = async () =>
      (await get(`/orgs/${org.slug}/event-series`))
        .json<League[]>()
        .find((item) => item.id === league.id)?.memberCount;

    assert.equal(await memberCount(), 3);
    assert.equal(await listedCount(), 3);

    const withdrawn = await h.admin(
      'DELETE',
      `${ADMIN}/orgs/${org.slug}/event-series/${league.id}/registrations/${golfers[1]?.id ?? 0}`,
    );
    assert.equal(withdrawn.statusCode, 204, withdrawn.body);

    assert.equal(await memberCount(), 2);
    assert.equal(await listedCount(), 2);

    // The withdrawn golfer registering again counts once more; nobody is counted twice.
    await h.register(org, league, { userId: golfers[1]?.id ?? 0 });
    assert.equal(await memberCount(), 3);
  });

  void test('memberCount counts golfers on a team league and drops when a team is deleted', async () => {
    const h = harness();
    const org = await h.org();
    const league = await h.league(org, { entrySize: 2 });
    const [a, b, c] = [await h.user(), await h.user(), await h.user()];
    const team = await h.register(org, league, { userId: a.id, teamName: unique('Team') });
    await h.register(org, league, { userId: b.id, teamId: team.teamId ?? 0 });
    await h.register(org, league, { userId: c.id, teamName: unique('Team') });
    const memberCount = async () =>
      (await get(`/orgs/${org.slug}/event-series/${league.slug}`)).json<League>().memberCount;

    assert.equal(await memberCount(), 3);

    const withdrawn = await h.admin(
      'DELETE',
      `${ADMIN}/orgs/${org.slug}/event-series/${league.id}/registrations/${c.id}`,
    );
    assert.equal(withdrawn.statusCode, 204);
    assert.equal(await memberCount(), 2);

    const deleted = await h.admin(
      'DELETE',
      `${ADMIN}/orgs/${org.slug}/event-series/${league.id}/teams/${team.teamId ?? 0}`,
    );
    assert.equal(deleted.statusCode, 204, deleted.body);
    assert.equal(await memberCount(), 0);
  });

  void test('memberCount of one league ignores the rosters of other leagues', async () => {
    const h = harness();
    const org = await h.org();
    const counted = await h.league(org);
    const other = await h.league(org);
    const golfer = await h.user();
    await h.register(org, other, { userId: golfer.id });

    const response = await get(`/orgs/${org.slug}/event-series/${counted.slug}`);
    assert.equal(response.json<League>().memberCount, 0);
  });

  void test('an unknown org is 404 for list, get and standings', async () => {
    const missing = unique('no-org');
    assertIdenticalNotFounds([
      await get(`/orgs/${missing}/event-series/anything`),
      await get(`/orgs/${missing}/event-series/anything/standings`),
    ]);
    assertNotFound(await get(`/orgs/${missing}/event-series`), 'list of an unknown org');
  });

  void test('an org sees only its own leagues, even when another org uses the same slug', async () => {
    const h = harness();
    const mine = await h.org();
    const theirs = await h.org();
    const slug = unique('shared');
    const own = await h.league(mine, { slug, name: 'Mine' });
    await h.league(theirs, { slug, name: 'Theirs' });
    const foreign = await h.league(theirs, { name: 'Only theirs' });

    const single = await get(`/orgs/${mine.slug}/event-series/${slug}`);
    assert.equal(single.statusCode, 200);
    assert.equal(single.json<League>().id, own.id);
    assert.equal(single.json<League>().name, 'Mine');

    const list = await get(`/orgs/${mine.slug}/event-series`);
    assert.deepEqual(
      list.json<League[]>().map((league) => league.id),
      [own.id],
    );

    assertIdenticalNotFounds([
      await get(`/orgs/${mine.slug}/event-series/${foreign.slug}`),
      await get(`/orgs/${mine.slug}/event-series/${unique('unknown')}`),
    ]);
    assertIdenticalNotFounds([
      await get(`/orgs/${mine.slug}/event-series/${foreign.slug}/standings`),
      await get(`/orgs/${mine.slug}/event-series/${unique('unknown')}/standings`),
    ]);
  });

  void test('id-addressed endpoints treat hidden, unknown and other-org leagues as the same 404', async () => {
    const h = harness();
    const org = await h.org();
    const other = await h.org();
    const draft = await h.league(org, { status: 'draft', entrySize: 2 });
    const hidden = await h.league(org, { status: 'private', entrySize: 2 });
    const foreign = await h.league(other, { status: 'open', entrySize: 2 });
    const teams = new Map<number, number>();
    for (const league of [draft, hidden, foreign]) {
      const founder = await h.user();
      const registered = await h.register(league.org_id === org.id ? org : other, league, {
        userId: founder.id,
        teamName: unique('Team'),
      });
      teams.set(league.id, registered.teamId ?? 0);
    }
    const unknownId = 2_000_000_000;

    const start = (id: number) =>
      h.inject({
        method: 'POST',
        url: `${PUBLIC}/orgs/${org.slug}/event-series/${id}/register/start`,
      });
    assertIdenticalNotFounds([
      await start(draft.id),
      await start(hidden.id),
      await start(foreign.id),
      await start(unknownId),
    ]);

    const team = (id: number) =>
      get(`/orgs/${org.slug}/event-series/${id}/teams/${teams.get(id) ?? 1}`);
    assertIdenticalNotFounds([
      await team(draft.id),
      await team(hidden.id),
      await team(foreign.id),
      await get(`/orgs/${org.slug}/event-series/${unknownId}/teams/1`),
    ]);

    // The foreign league is public and reachable under its own org.
    const own = await get(
      `/orgs/${other.slug}/event-series/${foreign.id}/teams/${teams.get(foreign.id) ?? 0}`,
    );
    assert.equal(own.statusCode, 200);
  });

  void test('a league becomes visible when it leaves draft and hidden again when made private', async () => {
    const h = harness();
    const org = await h.org();
    const league = await h.league(org, { status: 'draft' });
    const url = `/orgs/${org.slug}/event-series/${league.slug}`;
    const patch = (status: string) =>
      h.admin('PATCH', `${ADMIN}/orgs/${org.slug}/event-series/${league.id}`, { status });

    assertNotFound(await get(url), 'draft');
    assert.equal((await patch('open')).statusCode, 200);
    assert.equal((await get(url)).statusCode, 200);
    assert.equal((await get(`${url}/standings`)).statusCode, 200);
    assert.deepEqual(
      (await get(`/orgs/${org.slug}/event-series`)).json<League[]>().map((item) => item.id),
      [league.id],
    );
    assert.equal((await patch('private')).statusCode, 200);
    assertNotFound(await get(url), 'private');
    assertNotFound(await get(`${url}/standings`), 'private standings');
    assert.deepEqual((await get(`/orgs/${org.slug}/event-series`)).json(), []);
  });

  void test('standings of a public league without a linked series are 200 with both fields null', async () => {
    const h = harness();
    const org = await h.org();
    for (const status of ['open', 'active', 'completed'] as const) {
      const league = await h.league(org, { status });
      const response = await get(`/orgs/${org.slug}/event-series/${league.slug}/standings`);
      assert.equal(response.statusCode, 200, status);
      assert.match(String(response.headers['content-type']), /^application\/json/);
      assert.deepEqual(response.json(), { standingSeries: null, table: null });
    }
  });

  void test('standings of a hidden league are the same 404 as an unknown league', async () => {
    const h = harness();
    const org = await h.org();
    const draft = await h.league(org, { status: 'draft' });
    const hidden = await h.league(org, { status: 'private' });
    assertIdenticalNotFounds([
      await get(`/orgs/${org.slug}/event-series/${draft.slug}/standings`),
      await get(`/orgs/${org.slug}/event-series/${hidden.slug}/standings`),
      await get(`/orgs/${org.slug}/event-series/${unique('unknown')}/standings`),
    ]);
  });

  void test('malformed org and league slugs are plain-text 404s', async () => {
    const h = harness();
    const org = await h.org();
    for (const url of [
      `/orgs/${org.slug}/event-series/Not_A_Slug`,
      `/orgs/${org.slug}/event-series/bad%20slug/standings`,
      `/orgs/NOT_AN_ORG/event-series`,
    ]) {
      assertNotFound(await get(url), url);
    }
  });

  void test('path values the router cannot read (over-long, bad percent-encoding) are plain-text 404s', async () => {
    const h = harness();
    const org = await h.org();
    const league = await h.league(org);
    const urls = [
      `/orgs/${'a'.repeat(250)}/event-series`,
      `/orgs/${org.slug}/event-series/${'b'.repeat(250)}`,
      `/orgs/${org.slug}/event-series/${league.slug}${'-x'.repeat(120)}/standings`,
      `/orgs/%ZZ/event-series`,
      `/orgs/${org.slug}/event-series/%E0%A4%A`,
    ];
    await assertEachNotFound(urls, (url) => get(url));
  });
});
