import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import type { InjectOptions } from 'fastify';
import { sql } from 'kysely';
import type { Database, Event, Org } from '../../../src/db/schema.js';
import { addEventEntry, patchEvent } from '../../../src/resources/events/service.js';
import { createApiKey, revokeApiKey } from '../../../src/resources/api-keys/service.js';
import { subscribe } from '../../../src/resources/newsletter/service.js';
import { createSeries } from '../../../src/resources/standings/service.js';
import { putScoreCard } from '../../../src/resources/leaderboards/service.js';
import { generateEventTeeSheet } from '../../../src/resources/tee-sheets/service.js';
import { leagueBody, leaguePath, leaguesPath, newEmail } from '../../support/admin.js';
import {
  adminBracket,
  bracketPath,
  bracketsPath,
  draftBracket,
  matchId,
  publishedBracket,
  resultPath,
} from '../../support/brackets.js';
import { setResult } from '../../../src/resources/brackets/service.js';
import {
  ADMIN,
  ADMIN_TOKEN,
  DEFAULT_NOW,
  describeOnDatabases,
  unique,
  type Harness,
} from '../../support/harness.js';
import { newPlan, plansPath } from '../../support/membership-plans.js';
import { NINE_PARS, createNight } from '../../support/score-cards.js';
import { assertDocumented, operationsOf, type OpenApiDocument } from '../../support/openapi.js';
import { postsPath, writePost } from '../../support/posts.js';
import { bearer, keysPath } from './keys.js';

/**
 * Who may do what in the admin API (decisions §21; OWASP API1 and API5): every operation
 * of the admin OpenAPI document, called on org A's records by each kind of caller. The
 * organizer of B and the scorer of an A event stand for the two ways a key could reach past
 * its scope; the revoked and expired keys were organizer keys of A, the strongest there are.
 * Each cell's status is written below; a refused call must change nothing in the database.
 */
const CALLERS = [
  'operator',
  'organizer A',
  'organizer B',
  'scorer of an A event',
  'revoked',
  'expired',
  'none',
] as const;
type Caller = (typeof CALLERS)[number];

// prettier-ignore
const EXPECTED: Record<string, readonly [number, number, number, number, number, number, number]> = {
  //                           operator  org A  org B  scorer  revoked  expired  none
  createOrg:                  [201,      403,   403,   403,    401,     401,     401],
  updateOrg:                  [200,      200,   404,   403,    401,     401,     401],
  createUser:                 [201,      403,   403,   403,    401,     401,     401],
  updateUser:                 [200,      403,   403,   403,    401,     401,     401],
  createLeague:               [201,      201,   404,   403,    401,     401,     401],
  updateLeague:               [200,      200,   404,   403,    401,     401,     401],
  setLeagueImage:             [200,      200,   404,   403,    401,     401,     401],
  createRegistration:         [201,      201,   404,   403,    401,     401,     401],
  withdrawRegistration:       [204,      204,   404,   403,    401,     401,     401],
  deleteTeam:                 [204,      204,   404,   403,    401,     401,     401],
  createEvent:                [201,      201,   404,   403,    401,     401,     401],
  updateEvent:                [200,      200,   404,   403,    401,     401,     401],
  addEventEntry:              [201,      201,   404,   403,    401,     401,     401],
  removeEventEntry:           [204,      204,   404,   403,    401,     401,     401],
  createStandingSeries:       [201,      201,   404,   403,    401,     401,     401],
  createSeason:               [201,      201,   404,   403,    401,     401,     401],
  postResults:                [200,      200,   404,   403,    401,     401,     401],
  putTeeSheet:                [200,      200,   404,   403,    401,     401,     401],
  deleteTeeSheet:             [204,      204,   404,   403,    401,     401,     401],
  generateTeeSheet:           [200,      200,   404,   403,    401,     401,     401],
  putScoreCard:               [200,      200,   404,   200,    401,     401,     401],
  patchScoreCard:             [200,      200,   404,   200,    401,     401,     401],
  deleteScoreCard:            [204,      204,   404,   204,    401,     401,     401],
  getPlayingHandicaps:        [200,      200,   404,   403,    401,     401,     401],
  putPlayingHandicaps:        [200,      200,   404,   403,    401,     401,     401],
  postResultsFromLeaderboard: [200,      200,   404,   403,    401,     401,     401],
  getScoringSheet:            [200,      200,   404,   200,    401,     401,     401],
  createApiKey:               [201,      201,   404,   403,    401,     401,     401],
  listApiKeys:                [200,      200,   404,   403,    401,     401,     401],
  revokeApiKey:               [204,      204,   404,   403,    401,     401,     401],
  listOrgs:                   [200,      200,   200,   403,    401,     401,     401],
  getOrg:                     [200,      200,   404,   403,    401,     401,     401],
  listGolfers:                [200,      200,   404,   403,    401,     401,     401],
  getGolfer:                  [200,      200,   404,   403,    401,     401,     401],
  addGolfer:                  [201,      201,   404,   403,    401,     401,     401],
  listLeagues:                [200,      200,   404,   403,    401,     401,     401],
  getLeague:                  [200,      200,   404,   403,    401,     401,     401],
  listEvents:                 [200,      200,   404,   403,    401,     401,     401],
  getEvent:                   [200,      200,   404,   403,    401,     401,     401],
  listStandingSeries:         [200,      200,   404,   403,    401,     401,     401],
  getStandingSeries:          [200,      200,   404,   403,    401,     401,     401],
  createBracket:              [201,      201,   404,   403,    401,     401,     401],
  listAdminBrackets:          [200,      200,   404,   403,    401,     401,     401],
  getAdminBracket:            [200,      200,   404,   403,    401,     401,     401],
  publishBracket:             [200,      200,   404,   403,    401,     401,     401],
  setMatchResult:             [200,      200,   404,   403,    401,     401,     401],
  removeMatchResult:          [204,      204,   404,   403,    401,     401,     401],
  listAdminPosts:             [200,      200,   404,   403,    401,     401,     401],
  getAdminPost:               [200,      200,   404,   403,    401,     401,     401],
  createPost:                 [201,      201,   404,   403,    401,     401,     401],
  updatePost:                 [200,      200,   404,   403,    401,     401,     401],
  deletePost:                 [204,      204,   404,   403,    401,     401,     401],
  setPostImage:               [200,      200,   404,   403,    401,     401,     401],
  createMembershipPlan:       [201,      201,   404,   403,    401,     401,     401],
  listAdminMembershipPlans:   [200,      200,   404,   403,    401,     401,     401],
  getAdminMembershipPlan:     [200,      200,   404,   403,    401,     401,     401],
  updateMembershipPlan:       [200,      200,   404,   403,    401,     401,     401],
  recordMembershipPurchase:   [201,      201,   404,   403,    401,     401,     401],
  listNewsletterSubscribers:  [200,      200,   404,   403,    401,     401,     401],
  eraseNewsletterSubscriber:  [204,      204,   404,   403,    401,     401,     401],
};

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** Org A, its scorer's event, org B, and a key of each kind. */
interface World {
  a: Org;
  scored: Event;
  keys: Record<Caller, string | undefined>;
}

/** A request on org A's records, with whatever of them it needs made fresh for it. */
type RequestOf = (h: Harness, world: World) => Promise<Omit<InjectOptions, 'headers'>>;

const json = (method: InjectOptions['method'], url: string, payload?: object) => ({
  method,
  url,
  ...(payload === undefined ? {} : { payload }),
});

async function night(h: Harness, org: Org): Promise<Event> {
  const event = await createNight(h, org, null);
  return (await patchEvent(h.database.db, org.slug, event.id, { pars: NINE_PARS })).event;
}

async function entered(h: Harness, org: Org, event: Event): Promise<number> {
  const golfer = await h.user();
  await addEventEntry(h.database.db, { orgSlug: org.slug, eventId: event.id, userId: golfer.id });
  return golfer.id;
}

const eventPath = (org: Org, event: Event) => `${ADMIN}/orgs/${org.slug}/events/${event.id}`;
const seriesPath = (org: Org) => `${ADMIN}/orgs/${org.slug}/standing-series`;

const REQUESTS: Record<string, RequestOf> = {
  createOrg: async () =>
    json('POST', `${ADMIN}/orgs`, { slug: unique('org'), name: 'New Club', timezone: 'UTC' }),
  updateOrg: async (_h, { a }) =>
    json('PATCH', `${ADMIN}/orgs/${a.slug}`, { name: 'Renamed Club', oddsEnabled: true }),
  createUser: async () =>
    json('POST', `${ADMIN}/users`, { email: newEmail('golfer'), firstName: 'A', lastName: 'B' }),
  updateUser: async (h) =>
    json('PATCH', `${ADMIN}/users/${(await h.user()).id}`, { publicProfile: false }),
  createLeague: async (_h, { a }) => json('POST', leaguesPath(a), leagueBody()),
  updateLeague: async (h, { a }) =>
    json('PATCH', leaguePath(a, (await h.league(a)).id), { name: 'Renamed League' }),
  setLeagueImage: async (h, { a }) => ({
    method: 'PUT',
    url: `${leaguePath(a, (await h.league(a)).id)}/image`,
    payload: PNG,
    headers: { 'content-type': 'image/png' },
  }),
  createRegistration: async (h, { a }) =>
    json('POST', `${leaguePath(a, (await h.league(a)).id)}/registrations`, {
      userId: (await h.user()).id,
    }),
  withdrawRegistration: async (h, { a }) => {
    const league = await h.league(a);
    const golfer = await h.user();
    await h.register(a, league, { userId: golfer.id });
    return json('DELETE', `${leaguePath(a, league.id)}/registrations/${golfer.id}`);
  },
  deleteTeam: async (h, { a }) => {
    const league = await h.league(a, { entrySize: 2 });
    const { teamId } = await h.register(a, league, {
      userId: (await h.user()).id,
      teamName: unique('Team'),
    });
    return json('DELETE', `${leaguePath(a, league.id)}/teams/${teamId}`);
  },
  createEvent: async (_h, { a }) =>
    json('POST', `${ADMIN}/orgs/${a.slug}/events`, {
      slug: unique('night'),
      title: 'League Night',
      eventType: 'league-night',
      status: 'published',
      startDate: '2026-06-23T22:00:00Z',
    }),
  updateEvent: async (h, { a }) =>
    json('PATCH', eventPath(a, await createNight(h, a, null)), { title: 'Renamed Night' }),
  addEventEntry: async (h, { a }) =>
    json('POST', `${eventPath(a, await createNight(h, a, null))}/entries`, {
      userId: (await h.user()).id,
    }),
  removeEventEntry: async (h, { a }) => {
    const event = await createNight(h, a, null);
    return json('DELETE', `${eventPath(a, event)}/entries/${await entered(h, a, event)}`);
  },
  createStandingSeries: async (_h, { a }) =>
    json('POST', seriesPath(a), { name: 'Points Race', scope: 'season' }),
  createSeason: async (h, { a }) => {
    const series = await createSeries(h.database.db, a.slug, { name: 'Race', scope: 'season' });
    return json('POST', `${seriesPath(a)}/${series.id}/seasons`, {
      name: '2026',
      startDate: '2026-01-01',
      endDate: '2026-12-31',
    });
  },
  postResults: async (h, { a }) => {
    const series = await createSeries(h.database.db, a.slug, { name: 'Race', scope: 'overall' });
    const event = await createNight(h, a, null);
    return json('POST', `${seriesPath(a)}/${series.id}/results`, {
      eventId: event.id,
      results: [{ userId: await entered(h, a, event), points: 10 }],
    });
  },
  putTeeSheet: async (h, { a }) => {
    const event = await createNight(h, a, null);
    return json('PUT', `${eventPath(a, event)}/tee-sheet`, {
      format: 'shotgun',
      groups: [{ startingHole: 1, userIds: [await entered(h, a, event)] }],
    });
  },
  deleteTeeSheet: async (h, { a }) => {
    const event = await createNight(h, a, null);
    await entered(h, a, event);
    await generateEventTeeSheet(h.database.db, {
      orgSlug: a.slug,
      eventId: event.id,
      generate: { format: 'tee-times', firstStart: '17:00', intervalMinutes: 10, groupSize: 4 },
    });
    return json('DELETE', `${eventPath(a, event)}/tee-sheet`);
  },
  generateTeeSheet: async (h, { a }) => {
    const event = await createNight(h, a, null);
    await entered(h, a, event);
    return json('POST', `${eventPath(a, event)}/tee-sheet/generate`, {
      format: 'tee-times',
      firstStart: '17:00',
      intervalMinutes: 10,
      groupSize: 4,
    });
  },
  putScoreCard: async (h, { a, scored }) =>
    json('PUT', `${eventPath(a, scored)}/scores/${await entered(h, a, scored)}`, {
      holes: [4, 4, 3, 5, null, null, null, null, null],
    }),
  patchScoreCard: async (h, { a, scored }) =>
    json('PATCH', `${eventPath(a, scored)}/scores/${await entered(h, a, scored)}`, {
      holes: { '4': 5, '5': null },
    }),
  deleteScoreCard: async (h, { a, scored }) => {
    const userId = await entered(h, a, scored);
    await putScoreCard(h.database.db, {
      orgSlug: a.slug,
      eventId: scored.id,
      userId,
      holes: [4, 4, 3, null, null, null, null, null, null],
    });
    return json('DELETE', `${eventPath(a, scored)}/scores/${userId}`);
  },
  getPlayingHandicaps: async (_h, { a, scored }) =>
    json('GET', `${eventPath(a, scored)}/handicaps`),
  putPlayingHandicaps: async (h, { a, scored }) =>
    json('PUT', `${eventPath(a, scored)}/handicaps`, { [await entered(h, a, scored)]: 5 }),
  postResultsFromLeaderboard: async (h, { a }) => {
    const series = await createSeries(h.database.db, a.slug, { name: 'Race', scope: 'overall' });
    return json('POST', `${eventPath(a, await night(h, a))}/results/from-leaderboard`, {
      seriesId: series.id,
      points: [10],
    });
  },
  getScoringSheet: async (_h, { a, scored }) => json('GET', `${eventPath(a, scored)}/score-cards`),
  createApiKey: async (_h, { a }) =>
    json('POST', keysPath(a), { name: 'Another organizer', role: 'organizer' }),
  listApiKeys: async (_h, { a }) => json('GET', keysPath(a)),
  revokeApiKey: async (h, { a }) => {
    const { apiKey } = await createApiKey(
      h.database.db,
      a.slug,
      { name: 'Spare', role: 'organizer' },
      DEFAULT_NOW,
    );
    return json('DELETE', `${keysPath(a)}/${apiKey.id}`);
  },
  listOrgs: async () => json('GET', `${ADMIN}/orgs`),
  getOrg: async (_h, { a }) => json('GET', `${ADMIN}/orgs/${a.slug}`),
  listGolfers: async (_h, { a }) => json('GET', `${ADMIN}/orgs/${a.slug}/golfers?search=a`),
  getGolfer: async (h, { a, scored }) =>
    json('GET', `${ADMIN}/orgs/${a.slug}/golfers/${await entered(h, a, scored)}`),
  addGolfer: async (_h, { a }) =>
    json('POST', `${ADMIN}/orgs/${a.slug}/golfers`, {
      email: newEmail('added'),
      firstName: 'Ada',
      lastName: 'Added',
    }),
  listLeagues: async (_h, { a }) => json('GET', `${leaguesPath(a)}?limit=5`),
  getLeague: async (h, { a }) => json('GET', leaguePath(a, (await h.league(a)).id)),
  listEvents: async (_h, { a }) => json('GET', `${ADMIN}/orgs/${a.slug}/events?filter=all`),
  getEvent: async (_h, { a, scored }) => json('GET', eventPath(a, scored)),
  listStandingSeries: async (_h, { a }) => json('GET', seriesPath(a)),
  getStandingSeries: async (h, { a }) => {
    const series = await createSeries(h.database.db, a.slug, { name: 'Race', scope: 'overall' });
    return json('GET', `${seriesPath(a)}/${series.id}`);
  },
  createBracket: async (h, { a }) =>
    json('POST', bracketsPath(a), {
      slug: unique('bracket'),
      name: 'Club Match Play',
      holesPerMatch: 18,
      entrants: [{ userId: (await h.user()).id }, { userId: (await h.user()).id }],
    }),
  listAdminBrackets: async (_h, { a }) => json('GET', bracketsPath(a)),
  getAdminBracket: async (h, { a }) =>
    json('GET', bracketPath(a, (await draftBracket(h, a, 2)).id)),
  publishBracket: async (h, { a }) =>
    json('POST', `${bracketPath(a, (await draftBracket(h, a, 3)).id)}/publish`),
  setMatchResult: async (h, { a }) => {
    const { id } = await publishedBracket(h, a, 2);
    const final = matchId(await adminBracket(h, a, id), 1, 1);
    return json('PUT', resultPath(a, id, final), { winner: 1, kind: 'holes', up: 2, toPlay: 0 });
  },
  removeMatchResult: async (h, { a }) => {
    const { id } = await publishedBracket(h, a, 2);
    const final = matchId(await adminBracket(h, a, id), 1, 1);
    await setResult(h.database.db, {
      orgSlug: a.slug,
      id,
      matchId: final,
      result: { winner: 2, kind: 'conceded' },
    });
    return json('DELETE', resultPath(a, id, final));
  },
  listAdminPosts: async (_h, { a }) => json('GET', postsPath(a)),
  getAdminPost: async (h, { a }) => json('GET', `${postsPath(a)}/${(await writePost(h, a)).id}`),
  createPost: async (_h, { a }) =>
    json('POST', postsPath(a), { slug: unique('post'), title: 'News', body: 'B', status: 'draft' }),
  updatePost: async (h, { a }) =>
    json('PATCH', `${postsPath(a)}/${(await writePost(h, a)).id}`, { title: 'Renamed' }),
  deletePost: async (h, { a }) => json('DELETE', `${postsPath(a)}/${(await writePost(h, a)).id}`),
  setPostImage: async (h, { a }) => ({
    method: 'PUT',
    url: `${postsPath(a)}/${(await writePost(h, a)).id}/image`,
    payload: PNG,
    headers: { 'content-type': 'image/png' },
  }),
  createMembershipPlan: async (_h, { a }) =>
    json('POST', plansPath(a), {
      slug: unique('plan'),
      name: 'Full membership',
      priceCents: 24000,
      period: 'season',
      status: 'available',
    }),
  listAdminMembershipPlans: async (_h, { a }) => json('GET', plansPath(a)),
  getAdminMembershipPlan: async (h, { a }) =>
    json('GET', `${plansPath(a)}/${(await newPlan(h, a)).id}`),
  updateMembershipPlan: async (h, { a }) =>
    json('PATCH', `${plansPath(a)}/${(await newPlan(h, a)).id}`, { name: 'Renamed plan' }),
  listNewsletterSubscribers: async (_h, { a }) =>
    json('GET', `${ADMIN}/orgs/${a.slug}/newsletter/subscribers?format=csv`),
  eraseNewsletterSubscriber: async (h, { a }) => {
    const email = newEmail('reader');
    await subscribe(h.database.db, {
      orgSlug: a.slug,
      body: { email, consent: true },
      from: { ip: '203.0.113.7', userAgent: null },
      now: DEFAULT_NOW,
      linkOrigin: 'https://clubhouse.example.com',
    });
    const { id } = await h.database.db
      .selectFrom('newsletter_subscribers')
      .select('id')
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    return json('DELETE', `${ADMIN}/orgs/${a.slug}/newsletter/subscribers/${id}`);
  },
  recordMembershipPurchase: async (h, { a }) =>
    json('POST', `${plansPath(a)}/${(await newPlan(h, a)).id}/purchases`, {
      userId: (await h.user()).id,
    }),
};

const TABLES: readonly (keyof Database)[] = [
  'orgs',
  'users',
  'event_series',
  'teams',
  'roster_entries',
  'invites',
  'media',
  'events',
  'event_tags',
  'event_entries',
  'standing_series',
  'standing_seasons',
  'standing_competitors',
  'standing_results',
  'standing_totals',
  'tee_sheets',
  'tee_groups',
  'tee_group_players',
  'score_cards',
  'event_leaderboards',
  'api_keys',
  'org_golfers',
  'brackets',
  'bracket_entrants',
  'bracket_matches',
  'posts',
  'membership_plans',
  'membership_purchases',
  'newsletter_subscribers',
  'newsletter_tokens',
  'mail_outbox',
];

/** Every row of every table, as text: equal before and after a call that changed nothing. */
async function snapshot(h: Harness): Promise<string> {
  const parts = TABLES.map(
    (table) =>
      sql<{
        rows: string | null;
      }>`select string_agg(t::text, '|' order by t::text) as rows from ${sql.table(table)} t`,
  );
  const rows = await Promise.all(
    parts.map(async (part) => (await part.execute(h.database.db)).rows),
  );
  return JSON.stringify(rows);
}

async function world(h: Harness): Promise<World> {
  const db = h.database.db;
  const a = await h.org();
  const b = await h.org();
  const scored = await night(h, a);
  const key = async (
    org: Org,
    body: { role: 'organizer' | 'scorer'; eventId?: number; expiresAt?: string },
    now = DEFAULT_NOW,
  ) => createApiKey(db, org.slug, { name: 'Key', ...body }, now);
  const revoked = await key(a, { role: 'organizer' });
  await revokeApiKey(db, a.slug, revoked.apiKey.id);
  const hourAgo = new Date(DEFAULT_NOW.getTime() - 3_600_000);
  const expired = await key(
    a,
    { role: 'organizer', expiresAt: hourAgo.toISOString() },
    new Date(hourAgo.getTime() - 60_000),
  );
  return {
    a,
    scored,
    keys: {
      operator: ADMIN_TOKEN,
      'organizer A': (await key(a, { role: 'organizer' })).key,
      'organizer B': (await key(b, { role: 'organizer' })).key,
      'scorer of an A event': (await key(a, { role: 'scorer', eventId: scored.id })).key,
      revoked: revoked.key,
      expired: expired.key,
      none: undefined,
    },
  };
}

describeOnDatabases(
  'admin API: who may do what, over every operation of its document',
  (harness) => {
    let document: OpenApiDocument;
    let w: World;
    before(async () => {
      const h = harness();
      document = (await h.inject({ url: `${ADMIN}/openapi.json` })).json<OpenApiDocument>();
      w = await world(h);
    });

    void test('the table has a row for every admin operation, and no other', () => {
      const documented = operationsOf(document).map(({ operation }) => operation.operationId);
      assert.deepEqual(documented.toSorted(), Object.keys(EXPECTED).toSorted());
      assert.deepEqual(Object.keys(REQUESTS).toSorted(), Object.keys(EXPECTED).toSorted());
    });

    for (const [operationId, statuses] of Object.entries(EXPECTED)) {
      void test(operationId, async () => {
        const h = harness();
        const documented = operationsOf(document).find(
          ({ operation }) => operation.operationId === operationId,
        );
        assert.ok(documented !== undefined, `${operationId} is in the admin document`);
        const request = REQUESTS[operationId];
        assert.ok(request !== undefined);
        for (const [index, caller] of CALLERS.entries()) {
          const expected = statuses[index];
          assert.ok(expected !== undefined, `a status for ${caller}`);
          const { headers, ...rest } = (await request(h, w)) as InjectOptions;
          const key = w.keys[caller];
          const before = expected >= 400 ? await snapshot(h) : undefined;
          const response = await h.inject({
            ...rest,
            headers: {
              ...(headers as Record<string, string>),
              ...(key === undefined ? {} : bearer(key)),
            },
          });
          const what = `${operationId} by ${caller}`;
          assert.equal(response.statusCode, expected, `${what}: ${response.body.slice(0, 200)}`);
          assert.equal(documented.method, rest.method, what);
          assertDocumented(documented.operation, response, what);
          if (before !== undefined)
            assert.equal(await snapshot(h), before, `${what} changed nothing`);
        }
      });
    }
  },
);

describeOnDatabases('admin API: a key never reaches another org’s records by id', (harness) => {
  void test('records of org A named under org B’s path, or another event of the scorer’s org, are 404', async () => {
    const h = harness();
    const w = await world(h);
    const b = await h.org();
    const organizerB = (
      await createApiKey(h.database.db, b.slug, { name: 'B', role: 'organizer' }, DEFAULT_NOW)
    ).key;
    const league = await h.league(w.a);
    const other = await night(h, w.a);
    const golfer = await entered(h, w.a, other);
    const scoredGolfer = await entered(h, w.a, w.scored);
    const cases: [string, string, InjectOptions][] = [
      [organizerB, 'A’s league under B', json('PATCH', leaguePath(b, league.id), { name: 'X' })],
      [organizerB, 'A’s event under B', json('PATCH', eventPath(b, other), { title: 'X' })],
      [
        organizerB,
        'A’s card under B',
        json('PUT', `${eventPath(b, other)}/scores/${golfer}`, { holes: NINE_PARS }),
      ],
      [
        w.keys['scorer of an A event'] ?? '',
        'another event of the scorer’s org',
        json('PUT', `${eventPath(w.a, other)}/scores/${golfer}`, { holes: NINE_PARS }),
      ],
      [
        w.keys['scorer of an A event'] ?? '',
        'its event’s id under another org',
        json('PUT', `${ADMIN}/orgs/${b.slug}/events/${w.scored.id}/scores/${scoredGolfer}`, {
          holes: NINE_PARS,
        }),
      ],
    ];
    for (const [key, what, request] of cases) {
      const before = await snapshot(h);
      const response = await h.inject({ ...request, headers: bearer(key) });
      assert.equal(response.statusCode, 404, `${what}: ${response.body}`);
      assert.equal(await snapshot(h), before, `${what} changed nothing`);
    }
  });
});

describeOnDatabases('admin API: a key names only its org’s golfers', (harness) => {
  void test('another org’s golfer or an unknown id is 404 to a key; a new account and the operator pass', async () => {
    const h = harness();
    const w = await world(h);
    const organizerA = w.keys['organizer A'] ?? '';
    const b = await h.org();
    const theirs = await entered(h, b, await createNight(h, b, null));
    const league = await h.league(w.a);
    const event = await createNight(h, w.a, null);
    const series = await createSeries(h.database.db, w.a.slug, { name: 'R', scope: 'overall' });
    const newcomer = await h.user();
    const naming = (userId: number): [string, InjectOptions][] => [
      ['a registration', json('POST', `${leaguePath(w.a, league.id)}/registrations`, { userId })],
      ['an entry', json('POST', `${eventPath(w.a, event)}/entries`, { userId })],
      [
        'a tee sheet',
        json('PUT', `${eventPath(w.a, event)}/tee-sheet`, {
          format: 'shotgun',
          groups: [{ startingHole: 1, userIds: [userId] }],
        }),
      ],
      [
        'results',
        json('POST', `${seriesPath(w.a)}/${series.id}/results`, {
          eventId: event.id,
          results: [{ userId, points: 1 }],
        }),
      ],
      [
        'a bracket',
        json('POST', bracketsPath(w.a), {
          slug: unique('bracket'),
          name: 'Club Match Play',
          holesPerMatch: 18,
          entrants: [{ userId: newcomer.id }, { userId }],
        }),
      ],
    ];
    for (const userId of [theirs, 2_000_000_000]) {
      for (const [what, request] of naming(userId)) {
        const before = await snapshot(h);
        const response = await h.inject({ ...request, headers: bearer(organizerA) });
        assert.equal(response.statusCode, 404, `${what} naming ${userId}: ${response.body}`);
        assert.equal(await snapshot(h), before, `${what} naming ${userId} changed nothing`);
      }
    }
    const [, register] = naming((await h.user()).id)[0] ?? [];
    assert.ok(register !== undefined);
    const fresh = await h.inject({ ...register, headers: bearer(organizerA) });
    assert.equal(fresh.statusCode, 201, 'an account of no org yet can be brought in');
    const [, operator] = naming(theirs)[0] ?? [];
    assert.ok(operator !== undefined);
    const byOperator = await h.inject({ ...operator, headers: bearer(ADMIN_TOKEN) });
    assert.equal(byOperator.statusCode, 201, 'the operator may name anyone');
  });
});
