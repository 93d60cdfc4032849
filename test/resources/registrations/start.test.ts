import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { test } from 'node:test';
import type { Org } from '../../../src/db/schema.js';
import type { StartRegistrationResponse } from '../../../src/resources/registrations/schema.js';
import { withdraw } from '../../support/admin.js';
import {
  PLAIN_TEXT,
  assertEachNotFound,
  assertPlainText,
  comparable,
} from '../../support/assertions.js';
import { at } from '../../support/clock.js';
import { ADMIN, PUBLIC, describeOnDatabases, unique, type Harness } from '../../support/harness.js';
import { foundTeam } from '../../support/teams.js';

const REGISTRATION_URL = 'https://pay.example.com/register';

function startUrl(org: Org | string, leagueId: number | string, query = ''): string {
  const orgSlug = typeof org === 'string' ? org : org.slug;
  return `${PUBLIC}/orgs/${orgSlug}/event-series/${leagueId}/register/start${query}`;
}

async function start(
  h: Harness,
  org: Org | string,
  leagueId: number | string,
  query = '',
  extra: Omit<InjectOptions, 'method' | 'url'> = {},
): Promise<LightMyRequestResponse> {
  return h.inject({ method: 'POST', url: startUrl(org, leagueId, query), ...extra });
}

/** A 200 whose `url` is the hosted page with exactly the expected query; returns it parsed. */
function assertStarted(
  response: LightMyRequestResponse,
  expected: { org: string; eventSeries: number; eventSeriesTeam?: number },
  base = REGISTRATION_URL,
): URL {
  assert.equal(response.statusCode, 200, response.body);
  assert.match(String(response.headers['content-type']), /^application\/json/);
  assert.equal(response.headers['cache-control'], 'no-store');
  const body = response.json<Record<string, unknown>>();
  assert.deepEqual(Object.keys(body), ['url']);
  assert.equal(typeof body.url, 'string');
  const url = new URL(body.url as string);
  const baseUrl = new URL(base);
  assert.equal(url.origin, baseUrl.origin);
  assert.equal(url.pathname, baseUrl.pathname);
  const want: [string, string][] = [
    ...baseUrl.searchParams.entries(),
    ['org', expected.org],
    ['eventSeries', String(expected.eventSeries)],
  ];
  if (expected.eventSeriesTeam !== undefined) {
    want.push(['eventSeriesTeam', String(expected.eventSeriesTeam)]);
  }
  assert.deepEqual(
    [...url.searchParams.entries()].sort(([a], [b]) => a.localeCompare(b)),
    want.sort(([a], [b]) => a.localeCompare(b)),
  );
  return url;
}

function assertConflict(response: LightMyRequestResponse): void {
  assertPlainText(response, 409);
}

describeOnDatabases('registration start', (harness) => {
  void test('returns the hosted page with org and eventSeries, not cacheable', async () => {
    const h = harness();
    const org = await h.org();
    const league = await h.league(org, { status: 'open' });

    const response = await start(h, org, league.id);

    const url = assertStarted(response, { org: org.slug, eventSeries: league.id });
    assert.ok(!url.searchParams.has('eventSeriesTeam'));
    assert.equal(
      (response.json<StartRegistrationResponse>().url.split('?')[0] ?? '').replace(/\/$/, ''),
      REGISTRATION_URL,
    );
  });

  void test('an active league takes registrations too', async () => {
    const h = harness();
    const org = await h.org();
    const league = await h.league(org, { status: 'active' });
    assertStarted(await start(h, org, league.id), { org: org.slug, eventSeries: league.id });
  });

  void test('carries eventSeriesTeam when a team with a free seat is named', async () => {
    const h = harness();
    const org = await h.org();
    const league = await h.league(org, { entrySize: 2 });
    const founder = await h.user();
    const { teamId } = await h.register(org, league, {
      userId: founder.id,
      teamName: unique('Team'),
    });
    assert.ok(teamId !== null);

    assertStarted(await start(h, org, league.id, `?eventSeriesTeam=${teamId}`), {
      org: org.slug,
      eventSeries: league.id,
      eventSeriesTeam: teamId,
    });
  });

  void test('query parameters other than eventSeriesTeam are not passed through', async () => {
    const h = harness();
    const org = await h.org();
    const league = await h.league(org);
    const response = await start(
      h,
      org,
      league.id,
      '?utm_source=mail&org=evil&eventSeries=999&next=https%3A%2F%2Fevil.example',
    );
    assertStarted(response, { org: org.slug, eventSeries: league.id });
  });

  void test('any request body is ignored: JSON, invalid JSON, bytes of any type, none at all', async () => {
    const h = harness();
    const org = await h.org();
    const league = await h.league(org);
    const bytes = randomBytes(2048);
    const bodies: Omit<InjectOptions, 'method' | 'url'>[] = [
      {},
      { payload: '' },
      { payload: bytes },
      { payload: 'plain words' },
      { headers: { 'content-type': 'application/json' }, payload: '{"url": "https://evil' },
      { headers: { 'content-type': 'application/json' }, payload: '' },
      {
        headers: { 'content-type': 'application/json; charset=utf-8' },
        payload: JSON.stringify({ url: 'https://evil.example', org: 'evil', eventSeries: 1 }),
      },
      { headers: { 'content-type': 'application/json' }, payload: bytes },
      { headers: { 'content-type': 'text/plain' }, payload: bytes },
      { headers: { 'content-type': 'application/octet-stream' }, payload: bytes },
      { headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'a=1&b=%%%' },
      { headers: { 'content-type': 'multipart/form-data; boundary=xyz' }, payload: bytes },
      { headers: { 'content-type': 'image/png' }, payload: bytes },
      { headers: { 'content-type': 'application/x-nobody-knows' }, payload: bytes },
    ];
    for (const [index, extra] of bodies.entries()) {
      const response = await start(h, org, league.id, '', extra);
      assert.equal(response.statusCode, 200, `body #${index}: ${response.body}`);
      assertStarted(response, { org: org.slug, eventSeries: league.id });
    }
  });

  void test('a body over the size limit is a plain-text 413', async () => {
    const h = harness();
    const org = await h.org();
    const league = await h.league(org);
    const response = await start(h, org, league.id, '', {
      headers: { 'content-type': 'application/octet-stream' },
      payload: Buffer.alloc(2 * 1024 * 1024, 1),
    });
    assertPlainText(response, 413);
  });

  void test('an unknown org, an unknown league and a hidden league are the same plain-text 404', async () => {
    const h = harness();
    const org = await h.org();
    const draft = await h.league(org, { status: 'draft' });
    const hidden = await h.league(org, { status: 'private' });
    const open = await h.league(org);
    const answers = [
      await start(h, org, draft.id),
      await start(h, org, hidden.id),
      await start(h, org, 2_000_000_000),
      await start(h, unique('no-org'), open.id),
    ];
    for (const answer of answers) assertPlainText(answer, 404);
    const [first, ...rest] = answers.map(comparable);
    for (const other of rest) assert.deepEqual(other, first);
  });

  void test('a hidden league is 404 even with a valid team of its own', async () => {
    const h = harness();
    const org = await h.org();
    const league = await h.league(org, { status: 'open', entrySize: 2 });
    const founder = await h.user();
    const { teamId } = await h.register(org, league, {
      userId: founder.id,
      teamName: unique('Team'),
    });
    const hide = await h.admin('PATCH', `${ADMIN}/orgs/${org.slug}/event-series/${league.id}`, {
      status: 'private',
    });
    assert.equal(hide.statusCode, 200);
    assertPlainText(await start(h, org, league.id, `?eventSeriesTeam=${teamId ?? 0}`), 404);
    assertPlainText(await start(h, org, league.id), 404);
  });

  void test('a league of another org is 404', async () => {
    const h = harness();
    const org = await h.org();
    const other = await h.org();
    const foreign = await h.league(other);
    assertPlainText(await start(h, org, foreign.id), 404);
    assertStarted(await start(h, other, foreign.id), {
      org: other.slug,
      eventSeries: foreign.id,
    });
  });

  void test('a malformed league id is a plain-text 404', async () => {
    const h = harness();
    const org = await h.org();
    for (const id of ['abc', '0', '-1', '1.5', '99999999999', '%20']) {
      assertPlainText(await start(h, org, id), 404);
    }
  });

  void test('a league id the router cannot read (over-long, bad percent-encoding) is a plain-text 404', async () => {
    const h = harness();
    const org = await h.org();
    const ids = ['9'.repeat(250), '%E0%A4%A'];
    await assertEachNotFound(ids, (id) => start(h, org, id));
  });

  void test('eventSeriesTeam that is not a positive integer is a plain-text 400 naming it', async () => {
    const h = harness();
    const org = await h.org();
    const league = await h.league(org, { entrySize: 2 });
    for (const value of ['abc', '0', '-1', '1.5', '', '1abc', 'true']) {
      const response = await start(h, org, league.id, `?eventSeriesTeam=${value}`);
      assertPlainText(response, 400);
      assert.ok(response.body.includes('eventSeriesTeam'), `${value}: ${response.body}`);
    }
  });

  void test('eventSeriesTeam that is a positive integer beyond any id names no team: 404, not 400', async () => {
    const h = harness();
    const org = await h.org();
    const league = await h.league(org, { entrySize: 2 });
    for (const value of ['2147483648', '99999999999']) {
      assertPlainText(await start(h, org, league.id, `?eventSeriesTeam=${value}`), 404);
    }
  });

  void test('eventSeriesTeam naming no team of this league is 404', async () => {
    const h = harness();
    const org = await h.org();
    const league = await h.league(org, { entrySize: 2 });
    const sibling = await h.league(org, { entrySize: 2 });
    const other = await h.org();
    const foreign = await h.league(other, { entrySize: 2 });
    const [a, b] = [await h.user(), await h.user()];
    const siblingTeam = await foundTeam(h, org, sibling, a);
    const foreignTeam = await foundTeam(h, other, foreign, b);

    for (const teamId of [siblingTeam.teamId, foreignTeam.teamId, 2_000_000_000]) {
      assertPlainText(await start(h, org, league.id, `?eventSeriesTeam=${teamId ?? 0}`), 404);
    }
    // Each team is fine in its own league.
    assert.equal(
      (await start(h, org, sibling.id, `?eventSeriesTeam=${siblingTeam.teamId ?? 0}`)).statusCode,
      200,
    );
  });

  void test('eventSeriesTeam on an individual league names no team: 404', async () => {
    const h = harness();
    const org = await h.org();
    const league = await h.league(org, { entrySize: 1 });
    const teamLeague = await h.league(org, { entrySize: 2 });
    const golfer = await h.user();
    const { teamId } = await foundTeam(h, org, teamLeague, golfer);
    assertPlainText(await start(h, org, league.id, `?eventSeriesTeam=${teamId ?? 0}`), 404);
  });

  void test('a complete team is 409, and takes registrations again once a seat is freed', async () => {
    const h = harness();
    const org = await h.org();
    const league = await h.league(org, { entrySize: 2 });
    const [a, b] = [await h.user(), await h.user()];
    const { teamId } = await foundTeam(h, org, league, a);
    await h.register(org, league, { userId: b.id, teamId: teamId ?? 0 });

    assertConflict(await start(h, org, league.id, `?eventSeriesTeam=${teamId ?? 0}`));

    await withdraw(h, org, league, b.id);
    assertStarted(await start(h, org, league.id, `?eventSeriesTeam=${teamId ?? 0}`), {
      org: org.slug,
      eventSeries: league.id,
      eventSeriesTeam: teamId ?? 0,
    });
  });

  void test('a completed league is 409, with or without a team', async () => {
    const h = harness();
    const org = await h.org();
    const league = await h.league(org, { entrySize: 2, status: 'open' });
    const golfer = await h.user();
    const { teamId } = await foundTeam(h, org, league, golfer);
    const completed = await h.admin(
      'PATCH',
      `${ADMIN}/orgs/${org.slug}/event-series/${league.id}`,
      { status: 'completed' },
    );
    assert.equal(completed.statusCode, 200);

    assertConflict(await start(h, org, league.id));
    assertConflict(await start(h, org, league.id, `?eventSeriesTeam=${teamId ?? 0}`));

    const individual = await h.league(org, { status: 'completed' });
    assertConflict(await start(h, org, individual.id));
  });

  void test('the registration window is inclusive on both days', async () => {
    const h = harness();
    const org = await h.org({ timezone: 'America/Chicago' });
    const league = await h.league(org, {
      registrationOpensAt: '2026-06-01',
      registrationClosesAt: '2026-06-30',
    });
    const expected = { org: org.slug, eventSeries: league.id };
    const cases: [string, number][] = [
      ['2026-05-31T17:00:00Z', 409], // the day before it opens, local noon
      ['2026-06-01T05:00:00Z', 200], // local midnight of the opening day
      ['2026-06-01T17:00:00Z', 200], // the opening day
      ['2026-06-15T17:00:00Z', 200],
      ['2026-06-30T17:00:00Z', 200], // the closing day
      ['2026-07-01T04:59:00Z', 200], // local 23:59 of the closing day
      ['2026-07-01T17:00:00Z', 409], // the day after it closes
      ['2027-01-01T17:00:00Z', 409],
    ];
    for (const [instant, status] of cases) {
      await at(h, instant, async () => {
        const response = await start(h, org, league.id);
        if (status === 200) assertStarted(response, expected);
        else assertConflict(response);
      });
    }
  });

  void test('only one bound of the window may be set', async () => {
    const h = harness();
    const org = await h.org({ timezone: 'America/Chicago' });
    const opensOnly = await h.league(org, { registrationOpensAt: '2026-06-10' });
    const closesOnly = await h.league(org, { registrationClosesAt: '2026-06-10' });

    await at(h, '2026-06-09T17:00:00Z', async () => {
      assertConflict(await start(h, org, opensOnly.id));
      assert.equal((await start(h, org, closesOnly.id)).statusCode, 200);
    });
    await at(h, '2026-06-11T17:00:00Z', async () => {
      assert.equal((await start(h, org, opensOnly.id)).statusCode, 200);
      assertConflict(await start(h, org, closesOnly.id));
    });
  });

  void test('the window is read in the org time zone (west of UTC)', async () => {
    const h = harness();
    const org = await h.org({ timezone: 'America/Chicago' });
    const closing = await h.league(org, { registrationClosesAt: '2026-06-30' });
    const opening = await h.league(org, { registrationOpensAt: '2026-07-01' });

    // 03:00 UTC on July 1 is still June 30 in Chicago.
    await at(h, '2026-07-01T03:00:00Z', async () => {
      assertStarted(await start(h, org, closing.id), {
        org: org.slug,
        eventSeries: closing.id,
      });
      assertConflict(await start(h, org, opening.id));
    });
    // 06:00 UTC on July 1 is July 1 in Chicago.
    await at(h, '2026-07-01T06:00:00Z', async () => {
      assertConflict(await start(h, org, closing.id));
      assertStarted(await start(h, org, opening.id), {
        org: org.slug,
        eventSeries: opening.id,
      });
    });
  });

  void test('the window is read in the org time zone (east of UTC)', async () => {
    const h = harness();
    const org = await h.org({ timezone: 'Asia/Tokyo' });
    const closing = await h.league(org, { registrationClosesAt: '2026-06-30' });
    const opening = await h.league(org, { registrationOpensAt: '2026-07-01' });

    // 14:00 UTC on June 30 is 23:00 on June 30 in Tokyo.
    await at(h, '2026-06-30T14:00:00Z', async () => {
      assert.equal((await start(h, org, closing.id)).statusCode, 200);
      assertConflict(await start(h, org, opening.id));
    });
    // 16:00 UTC on June 30 is already July 1 in Tokyo.
    await at(h, '2026-06-30T16:00:00Z', async () => {
      assertConflict(await start(h, org, closing.id));
      assert.equal((await start(h, org, opening.id)).statusCode, 200);
    });
  });

  void test('outside the window a team with a free seat is refused too', async () => {
    const h = harness();
    const org = await h.org({ timezone: 'America/Chicago' });
    const league = await h.league(org, { entrySize: 2, registrationClosesAt: '2026-06-30' });
    const golfer = await h.user();
    const { teamId } = await foundTeam(h, org, league, golfer);
    await at(h, '2026-07-02T17:00:00Z', async () => {
      assertConflict(await start(h, org, league.id, `?eventSeriesTeam=${teamId ?? 0}`));
    });
  });

  void test('individual league: maxEntries counts golfers; a freed seat opens registration again', async () => {
    const h = harness();
    const org = await h.org();
    const league = await h.league(org, { entrySize: 1, maxEntries: 2 });
    const [a, b] = [await h.user(), await h.user()];

    await h.register(org, league, { userId: a.id });
    assert.equal((await start(h, org, league.id)).statusCode, 200);
    await h.register(org, league, { userId: b.id });
    assertConflict(await start(h, org, league.id));

    await withdraw(h, org, league, a.id);
    assertStarted(await start(h, org, league.id), { org: org.slug, eventSeries: league.id });
  });

  void test('team league: a new team that would exceed maxEntries is 409, joining a team with a free seat is 200', async () => {
    const h = harness();
    const org = await h.org();
    const league = await h.league(org, { entrySize: 2, maxEntries: 4 });
    const [a, b, c] = [await h.user(), await h.user(), await h.user()];
    const half = await h.register(org, league, { userId: a.id, teamName: unique('Half') });
    const full = await h.register(org, league, { userId: b.id, teamName: unique('Full') });
    await h.register(org, league, { userId: c.id, teamId: full.teamId ?? 0 });

    // Two teams hold all four seats, though only three golfers are on the roster.
    assertConflict(await start(h, org, league.id));
    assertStarted(await start(h, org, league.id, `?eventSeriesTeam=${half.teamId ?? 0}`), {
      org: org.slug,
      eventSeries: league.id,
      eventSeriesTeam: half.teamId ?? 0,
    });
    assertConflict(await start(h, org, league.id, `?eventSeriesTeam=${full.teamId ?? 0}`));
  });

  void test('team league: a partner joins even when the team filled the league, and a new team needs all its seats', async () => {
    const h = harness();
    const org = await h.org();
    const league = await h.league(org, { entrySize: 2, maxEntries: 3 });
    const golfer = await h.user();
    const { teamId } = await foundTeam(h, org, league, golfer);

    // One team holds 2 of 3 seats: a second team of two would not fit.
    assertConflict(await start(h, org, league.id));
    assert.equal(
      (await start(h, org, league.id, `?eventSeriesTeam=${teamId ?? 0}`)).statusCode,
      200,
    );
  });

  void test('team league: deleting a team gives its seats back', async () => {
    const h = harness();
    const org = await h.org();
    const league = await h.league(org, { entrySize: 2, maxEntries: 2 });
    const golfer = await h.user();
    const { teamId } = await foundTeam(h, org, league, golfer);
    assertConflict(await start(h, org, league.id));

    const deleted = await h.admin(
      'DELETE',
      `${ADMIN}/orgs/${org.slug}/event-series/${league.id}/teams/${teamId ?? 0}`,
    );
    assert.equal(deleted.statusCode, 204, deleted.body);
    assert.equal((await start(h, org, league.id)).statusCode, 200);
    assertPlainText(await start(h, org, league.id, `?eventSeriesTeam=${teamId ?? 0}`), 404);
  });

  void test('team league: a partner withdrawing keeps the team seats reserved', async () => {
    const h = harness();
    const org = await h.org();
    const league = await h.league(org, { entrySize: 2, maxEntries: 2 });
    const [a, b] = [await h.user(), await h.user()];
    const { teamId } = await foundTeam(h, org, league, a);
    await h.register(org, league, { userId: b.id, teamId: teamId ?? 0 });
    await withdraw(h, org, league, b.id);

    // The team still holds both seats: a new team does not fit, the free seat can be refilled.
    assertConflict(await start(h, org, league.id));
    assert.equal(
      (await start(h, org, league.id, `?eventSeriesTeam=${teamId ?? 0}`)).statusCode,
      200,
    );
  });

  void test('a league without maxEntries never refuses for capacity', async () => {
    const h = harness();
    const org = await h.org();
    const league = await h.league(org, { entrySize: 1 });
    for (let index = 0; index < 5; index += 1) {
      const golfer = await h.user();
      await h.register(org, league, { userId: golfer.id });
    }
    assert.equal((await start(h, org, league.id)).statusCode, 200);
  });

  void test('only POST starts a registration', async () => {
    const h = harness();
    const org = await h.org();
    const league = await h.league(org);
    const response = await h.inject({ method: 'GET', url: startUrl(org, league.id) });
    assert.ok([404, 405].includes(response.statusCode), String(response.statusCode));
    assert.equal(response.headers['content-type'], PLAIN_TEXT);
  });
});

const BASE_WITH_QUERY = 'https://pay.example.com/leagues/register?lang=en&ref=club+site';

describeOnDatabases(
  'registration start with a configured page that has its own query',
  (harness) => {
    void test('keeps the configured query and appends the parameters, properly encoded', async () => {
      const h = harness();
      const org = await h.org();
      const league = await h.league(org, { entrySize: 2 });
      const golfer = await h.user();
      const { teamId } = await foundTeam(h, org, league, golfer);

      const url = assertStarted(
        await start(h, org, league.id, `?eventSeriesTeam=${teamId ?? 0}`),
        { org: org.slug, eventSeries: league.id, eventSeriesTeam: teamId ?? 0 },
        BASE_WITH_QUERY,
      );
      assert.equal(url.searchParams.get('ref'), 'club site');
      assert.equal(url.searchParams.get('lang'), 'en');
    });
  },
  { registrationUrl: BASE_WITH_QUERY },
);
