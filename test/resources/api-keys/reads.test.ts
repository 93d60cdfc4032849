import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createApiKey } from '../../../src/resources/api-keys/service.js';
import { createEvent } from '../../../src/resources/events/service.js';
import { createSeries, postResults } from '../../../src/resources/standings/service.js';
import { withdrawRegistration } from '../../../src/resources/registrations/service.js';
import { generateEventTeeSheet } from '../../../src/resources/tee-sheets/service.js';
import { leaguePath, leaguesPath } from '../../support/admin.js';
import {
  ADMIN,
  ADMIN_TOKEN,
  DEFAULT_NOW,
  describeOnDatabases,
  unique,
  type Harness,
} from '../../support/harness.js';
import { NINE_PARS, golferNamed, leagueNight, score } from '../../support/score-cards.js';
import { bearer } from './keys.js';

/** GETs `url` with `key` (the operator's token by default) and expects 200. */
async function read<T>(h: Harness, url: string, key = ADMIN_TOKEN): Promise<T> {
  const response = await h.inject({ method: 'GET', url, headers: bearer(key) });
  assert.equal(response.statusCode, 200, `${url}: ${response.body}`);
  return response.json<T>();
}

async function organizerKey(h: Harness, orgSlug: string): Promise<string> {
  return (
    await createApiKey(
      h.database.db,
      orgSlug,
      { name: 'Organizer', role: 'organizer' },
      DEFAULT_NOW,
    )
  ).key;
}

describeOnDatabases('admin reads: what each caller sees (decisions §23)', (harness) => {
  void test('the orgs: every one for the operator, its own for an organizer key', async () => {
    const h = harness();
    const a = await h.org();
    const b = await h.org();
    const all = await read<{ count: number; orgs: { slug: string }[] }>(
      h,
      `${ADMIN}/orgs?limit=200`,
    );
    const slugs = all.orgs.map((org) => org.slug);
    assert.ok(slugs.includes(a.slug) && slugs.includes(b.slug), 'the operator sees both');
    assert.ok(all.count >= 2);
    const own = await read(h, `${ADMIN}/orgs`, await organizerKey(h, b.slug));
    assert.deepEqual(own, {
      count: 1,
      orgs: [
        {
          id: b.id,
          slug: b.slug,
          name: b.name,
          timezone: b.timezone,
          oddsEnabled: true,
          newsletterConsentText: null,
          newsletterConsentDefault: `I agree to receive the ${b.name} newsletter by e-mail. I can unsubscribe at any time.`,
        },
      ],
    });
    const paged = await read<{ count: number; orgs: unknown[] }>(h, `${ADMIN}/orgs?limit=1`);
    assert.equal(paged.orgs.length, 1, 'limit pages the list');
    assert.equal(paged.count, all.count, 'count is the whole list’s');
  });

  void test('golfers: the org’s own, searched by name or address and paged; another org’s is 404', async () => {
    const h = harness();
    const night = await leagueNight(h, { golfers: ['Ava', 'Ben', 'Cleo'] });
    const other = await leagueNight(h, { golfers: ['Dora'] });
    const key = await organizerKey(h, night.org.slug);
    const path = `${ADMIN}/orgs/${night.org.slug}/golfers`;
    type List = { count: number; users: { id: number; firstName: string; email: string }[] };
    const all = await read<List>(h, path, key);
    assert.deepEqual(
      all.users.map((user) => user.firstName).toSorted(),
      ['Ava', 'Ben', 'Cleo'],
      'the org’s golfers only',
    );
    const ben = golferNamed(night, 'Ben');
    const byName = await read<List>(h, `${path}?search=BEN`, key);
    assert.deepEqual(
      byName.users.map((user) => user.id),
      [ben.id],
    );
    const byAddress = await read<List>(
      h,
      `${path}?search=${encodeURIComponent(ben.email.slice(0, 12))}`,
      key,
    );
    assert.ok(byAddress.users.some((user) => user.id === ben.id));
    const page = await read<List>(h, `${path}?limit=2&offset=2`, key);
    assert.equal(page.count, 3);
    assert.equal(page.users.length, 1);
    const one = await read<{ id: number; email: string }>(h, `${path}/${ben.id}`, key);
    assert.equal(one.email, ben.email);
    const dora = golferNamed(other, 'Dora');
    const refused = await h.inject({
      method: 'GET',
      url: `${path}/${dora.id}`,
      headers: bearer(key),
    });
    assert.equal(refused.statusCode, 404, 'another org’s golfer is not found');
    const byOperator = await h.inject({
      method: 'GET',
      url: `${path}/${dora.id}`,
      headers: bearer(ADMIN_TOKEN),
    });
    assert.equal(byOperator.statusCode, 404, 'nor for the operator, under this org');
  });

  void test('adding a golfer by e-mail: a new account (201), or the known one linked (200), never a 409', async () => {
    const h = harness();
    const a = await h.org();
    const b = await h.org();
    const known = await h.user({ email: `${unique('known')}@example.com` });
    const key = await organizerKey(h, b.slug);
    const path = `${ADMIN}/orgs/${b.slug}/golfers`;
    const add = async (email: string) =>
      h.inject({
        method: 'POST',
        url: path,
        headers: bearer(key),
        payload: { email, firstName: 'New', lastName: 'Name' },
      });
    const fresh = await add(`${unique('fresh')}@example.com`);
    assert.equal(fresh.statusCode, 201, fresh.body);
    const linked = await add(known.email.toUpperCase());
    assert.equal(linked.statusCode, 200, linked.body);
    assert.deepEqual(linked.json(), {
      id: known.id,
      email: known.email,
      firstName: known.first_name,
      lastName: known.last_name,
      publicProfile: true,
    });
    const again = await add(known.email);
    assert.equal(again.statusCode, 200, 'adding twice is adding once');
    type List = { count: number; users: { id: number }[] };
    const ofB = await read<List>(h, path, key);
    assert.deepEqual(
      ofB.users.map((user) => user.id).toSorted((x, y) => x - y),
      [known.id, fresh.json<{ id: number }>().id].toSorted((x, y) => x - y),
    );
    const ofA = await read<List>(h, `${ADMIN}/orgs/${a.slug}/golfers`);
    assert.equal(ofA.count, 0, 'another org gains nobody');
  });

  void test('leagues of every status, one with its roster (withdrawn too) and teams', async () => {
    const h = harness();
    const night = await leagueNight(h, { golfers: ['Ava', 'Ben'] });
    const draft = await h.league(night.org, { status: 'draft' });
    const teams = await h.league(night.org, { entrySize: 2 });
    const golfer = await h.user();
    const partner = await h.user();
    await h.register(night.org, teams, {
      userId: golfer.id,
      teamName: 'Bogey Free',
      partnerEmails: [partner.email],
    });
    await withdrawRegistration(h.database.db, {
      orgSlug: night.org.slug,
      leagueId: night.league.id,
      userId: golferNamed(night, 'Ben').id,
    });
    const list = await read<{ count: number; leagues: { id: number; status: string }[] }>(
      h,
      leaguesPath(night.org),
    );
    assert.equal(list.count, 3);
    assert.deepEqual(
      list.leagues.map((league) => league.id),
      [teams.id, draft.id, night.league.id],
      'newest first, drafts included',
    );
    type Detail = {
      memberCount: number;
      roster: { userId: number; status: string; teamId: number | null }[];
      teams: { name: string; memberCount: number }[];
    };
    const detail = await read<Detail>(h, leaguePath(night.org, night.league.id));
    assert.deepEqual(
      detail.roster.map((entry) => [entry.userId, entry.status]),
      [
        [golferNamed(night, 'Ava').id, 'active'],
        [golferNamed(night, 'Ben').id, 'withdrawn'],
      ],
    );
    const teamDetail = await read<Detail>(h, leaguePath(night.org, teams.id));
    assert.deepEqual(teamDetail.teams, [
      {
        id: teamDetail.roster[0]?.teamId,
        name: 'Bogey Free',
        memberCount: 1,
        entryPaid: false,
        invites: [{ email: partner.email, accepted: false }],
      },
    ]);
  });

  void test('events of every status with the list’s filters; one with its field, cards and tee sheet', async () => {
    const h = harness();
    const night = await leagueNight(h, { golfers: ['Ava', 'Ben'] });
    const { event: draft } = await createEvent(h.database.db, night.org.slug, {
      slug: unique('draft'),
      title: 'Draft Night',
      eventType: 'league-night',
      status: 'draft',
      startDate: '2026-07-01T22:00:00Z',
    });
    const path = `${ADMIN}/orgs/${night.org.slug}/events`;
    type List = { count: number; events: { id: number; status: string }[] };
    const all = await read<List>(h, path);
    assert.deepEqual(
      all.events.map((event) => event.id),
      [night.event.id, draft.id],
    );
    const ofLeague = await read<List>(h, `${path}?eventSeries=${night.league.slug}`);
    assert.deepEqual(
      ofLeague.events.map((event) => event.id),
      [night.event.id],
    );
    const upcoming = await read<List>(h, `${path}?filter=upcoming&limit=1`);
    assert.equal(upcoming.count, 2);
    assert.equal(upcoming.events.length, 1);
    await score(h, night, 'Ava', [4, 5, null, null, null, null, null, null, null]);
    await generateEventTeeSheet(h.database.db, {
      orgSlug: night.org.slug,
      eventId: night.event.id,
      generate: { format: 'tee-times', firstStart: '17:00', intervalMinutes: 10, groupSize: 4 },
    });
    type Detail = {
      pars: number[];
      field: { userId: number; holes: (number | null)[] | null }[];
      teeSheet: { format: string; groups: { userIds: number[] }[] } | null;
    };
    const detail = await read<Detail>(h, `${path}/${night.event.id}`);
    assert.deepEqual(detail.pars, NINE_PARS);
    assert.deepEqual(
      detail.field.map((golfer) => [golfer.userId, golfer.holes?.slice(0, 2) ?? null]),
      [
        [golferNamed(night, 'Ava').id, [4, 5]],
        [golferNamed(night, 'Ben').id, null],
      ],
    );
    assert.equal(detail.teeSheet?.format, 'tee-times');
    assert.deepEqual(
      detail.teeSheet.groups.flatMap((group) => group.userIds),
      night.golfers.map((golfer) => golfer.id),
    );
    const bare = await read<Detail>(h, `${path}/${draft.id}`);
    assert.equal(bare.teeSheet, null, 'no sheet is null');
  });

  void test('a standings series with its seasons and results', async () => {
    const h = harness();
    const night = await leagueNight(h, { golfers: ['Ava'] });
    const db = h.database.db;
    const series = await createSeries(db, night.org.slug, { name: 'Race', scope: 'overall' });
    await postResults(db, {
      orgSlug: night.org.slug,
      seriesId: series.id,
      eventId: night.event.id,
      results: [{ userId: golferNamed(night, 'Ava').id, position: 1, points: 10 }],
    });
    const path = `${ADMIN}/orgs/${night.org.slug}/standing-series`;
    const list = await read<{ count: number; standingSeries: { id: number }[] }>(h, path);
    assert.deepEqual(list, {
      count: 1,
      standingSeries: [{ id: series.id, name: 'Race', scope: 'overall' }],
    });
    const detail = await read<{ seasons: unknown[]; results: unknown[] }>(
      h,
      `${path}/${series.id}`,
    );
    assert.deepEqual(detail.seasons, []);
    assert.deepEqual(detail.results, [
      {
        eventId: night.event.id,
        seasonId: null,
        competitorId: (detail.results[0] as { competitorId: number }).competitorId,
        name: 'Ava Golfer',
        position: 1,
        points: 10,
      },
    ]);
  });
});
