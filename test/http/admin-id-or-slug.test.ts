import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { LightMyRequestResponse } from 'fastify';
import { generateEventTeeSheet } from '../../src/resources/tee-sheets/service.js';
import { ADMIN, ADMIN_TOKEN, describeOnDatabases, type Harness } from '../support/harness.js';
import {
  operationsOf,
  type DocumentedOperation,
  type OpenApiDocument,
} from '../support/openapi.js';
import {
  NINE_PARS,
  fullCard,
  leagueNight,
  score,
  type NightSetup,
} from '../support/score-cards.js';
import { createSeries } from '../support/standings.js';

/**
 * Admin paths take a league's or an event's slug wherever they take its id (decisions §23).
 * Every admin operation of the document under `/event-series/{id}` or `/events/{id}` is in
 * `CASES` (a new one fails the first test until it is added), and each is called by slug,
 * then by id, on the same league night: the second answer shows the first reached the same
 * resource (the same read, or the write already done: a 409 or 404 where a repeat fails).
 * Another org's slug, and a slug naming nothing, are the 404 of an unknown id.
 */

const TEAM = 'Eagles';

/** A 1×1 transparent PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

interface Fixture {
  night: NightSetup;
  /** A golfer of the org in no league yet. */
  newcomerId: number;
  alId: number;
  seriesId: number;
}

interface Case {
  /** Statuses of the call by slug, then by id. */
  statuses: [number, number];
  body?: (f: Fixture) => unknown;
  /** Path values besides `orgSlug` and `id`. */
  path?: (f: Fixture) => Record<string, number>;
  /** State the call needs, made before the calls. */
  prepare?: (h: Harness, f: Fixture) => Promise<unknown>;
  /** An image upload: the PNG as the body. */
  image?: true;
}

const al = (f: Fixture) => ({ userId: f.alId });
const teamOf = (f: Fixture) => ({ teamId: f.night.teams.get(TEAM) ?? 0 });
const generated = (h: Harness, f: Fixture) =>
  generateEventTeeSheet(h.database.db, {
    orgSlug: f.night.org.slug,
    eventId: f.night.event.id,
    generate: { format: 'tee-times', firstStart: '18:00', intervalMinutes: 10, groupSize: 2 },
  });

const CASES: Record<string, Case> = {
  'GET /orgs/{orgSlug}/event-series/{id}': { statuses: [200, 200] },
  'PATCH /orgs/{orgSlug}/event-series/{id}': {
    statuses: [200, 200],
    body: () => ({ name: 'Renamed League' }),
  },
  'PUT /orgs/{orgSlug}/event-series/{id}/image': { statuses: [200, 200], image: true },
  'POST /orgs/{orgSlug}/event-series/{id}/registrations': {
    // The repeat finds the golfer already registered in that league.
    statuses: [201, 409],
    body: (f) => ({ userId: f.newcomerId, teamName: 'Hawks' }),
  },
  'DELETE /orgs/{orgSlug}/event-series/{id}/registrations/{userId}': {
    statuses: [204, 404],
    path: al,
  },
  'DELETE /orgs/{orgSlug}/event-series/{id}/teams/{teamId}': {
    statuses: [204, 404],
    path: teamOf,
  },
  'GET /orgs/{orgSlug}/events/{id}': { statuses: [200, 200] },
  'PATCH /orgs/{orgSlug}/events/{id}': {
    statuses: [200, 200],
    body: () => ({ title: 'Renamed Night' }),
  },
  // A league night's field is its league's roster: both calls reach the night and are told so.
  'POST /orgs/{orgSlug}/events/{id}/entries': {
    statuses: [409, 409],
    body: (f) => ({ userId: f.newcomerId }),
  },
  'DELETE /orgs/{orgSlug}/events/{id}/entries/{userId}': { statuses: [409, 409], path: al },
  'PUT /orgs/{orgSlug}/events/{id}/tee-sheet': {
    statuses: [200, 200],
    body: (f) => ({ format: 'tee-times', groups: [{ startTime: '18:00', userIds: [f.alId] }] }),
  },
  'DELETE /orgs/{orgSlug}/events/{id}/tee-sheet': { statuses: [204, 404], prepare: generated },
  'POST /orgs/{orgSlug}/events/{id}/tee-sheet/generate': {
    statuses: [200, 200],
    body: () => ({ format: 'shotgun', firstStart: '18:00', groupSize: 4 }),
  },
  'PUT /orgs/{orgSlug}/events/{id}/scores/{userId}': {
    statuses: [200, 200],
    body: () => ({ holes: fullCard(5) }),
    path: al,
  },
  'PATCH /orgs/{orgSlug}/events/{id}/scores/{userId}': {
    statuses: [200, 200],
    body: () => ({ holes: { '2': 6 } }),
    path: al,
  },
  'DELETE /orgs/{orgSlug}/events/{id}/scores/{userId}': {
    statuses: [204, 404],
    path: al,
    prepare: (h, f) => score(h, f.night, 'Al', fullCard(5)),
  },
  'POST /orgs/{orgSlug}/events/{id}/results/from-leaderboard': {
    statuses: [200, 200],
    body: (f) => ({ seriesId: f.seriesId, points: [10, 8] }),
    prepare: async (h, f) => {
      await score(h, f.night, 'Al', fullCard(5));
      await score(h, f.night, 'Bo', fullCard(4));
    },
  },
  'GET /orgs/{orgSlug}/events/{id}/score-cards': { statuses: [200, 200] },
  'GET /orgs/{orgSlug}/events/{id}/handicaps': { statuses: [200, 200] },
  'PUT /orgs/{orgSlug}/events/{id}/handicaps': {
    statuses: [200, 200],
    body: (f) => ({ [String(f.alId)]: 7 }),
  },
};

/** Admin operations that name a league or an event by `{id}`, keyed `METHOD /path`. */
function namingOperations(document: OpenApiDocument): Map<string, DocumentedOperation> {
  return new Map(
    operationsOf(document)
      .filter(({ path }) => /\/(event-series|events)\/\{id\}/.test(path))
      .map((operation) => [`${operation.method} ${operation.path.slice(ADMIN.length)}`, operation]),
  );
}

/** What an answer says, without what moves on every write (versions, timestamps). */
function answerOf(response: LightMyRequestResponse): unknown {
  if (!String(response.headers['content-type']).startsWith('application/json')) {
    return response.body;
  }
  const volatile = new Set(['leaderboardVersion', 'updatedAt']);
  return JSON.parse(response.body, (key, value: unknown) =>
    volatile.has(key) ? undefined : value,
  ) as unknown;
}

describeOnDatabases('admin paths by id or slug', (harness) => {
  async function fixture(h: Harness): Promise<Fixture> {
    const night = await leagueNight(h, { teams: { [TEAM]: ['Al', 'Bo'] }, pars: NINE_PARS });
    const alUser = night.golfers.find((golfer) => golfer.first_name === 'Al');
    assert.ok(alUser !== undefined);
    return {
      night,
      alId: alUser.id,
      newcomerId: (await h.user({ firstName: 'Cy', lastName: 'Newcomer' })).id,
      seriesId: await createSeries(h, night.org, 'overall'),
    };
  }

  function call(h: Harness, key: string, f: Fixture, org: string, ref: string) {
    const [method, template] = key.split(' ') as [string, string];
    const spec = CASES[key];
    const values: Record<string, string> = { orgSlug: org, id: ref };
    for (const [name, value] of Object.entries(spec?.path?.(f) ?? {})) {
      values[name] = String(value);
    }
    const url = ADMIN + template.replace(/\{(\w+)\}/g, (_all, name: string) => values[name] ?? '');
    if (spec?.image === true) {
      return h.inject({
        method,
        url,
        headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'image/png' },
        payload: PNG,
      });
    }
    return h.admin(method as 'GET', url, spec?.body?.(f));
  }

  const refOf = (key: string, f: Fixture) =>
    key.includes('/event-series/')
      ? { id: String(f.night.league.id), slug: f.night.league.slug }
      : { id: String(f.night.event.id), slug: f.night.event.slug };

  void test('every admin operation naming a league or an event by id is in the table', async () => {
    const answer = await harness().inject({ url: `${ADMIN}/openapi.json` });
    assert.equal(answer.statusCode, 200);
    const naming = namingOperations(answer.json<OpenApiDocument>());
    assert.deepEqual([...naming.keys()].sort(), Object.keys(CASES).sort());
    for (const [key, { operation }] of naming) {
      const id = operation.parameters?.find((parameter) => parameter.name === 'id');
      assert.match(String(id?.description), /id, or its slug/, key);
    }
  });

  for (const key of Object.keys(CASES)) {
    void test(`${key}: the slug reaches what the id does; another org's slug is a 404`, async () => {
      const h = harness();
      const spec = CASES[key];
      assert.ok(spec !== undefined);
      const [f, other] = [await fixture(h), await fixture(h)];
      const { org } = f.night;
      for (const foreign of [refOf(key, other).slug, 'no-such-thing', refOf(key, other).id]) {
        const answer = await call(h, key, f, org.slug, foreign);
        assert.equal(answer.statusCode, 404, `${key} by ${foreign}: ${answer.body}`);
      }
      await spec.prepare?.(h, f);
      const { id, slug } = refOf(key, f);
      const bySlug = await call(h, key, f, org.slug, slug);
      const byId = await call(h, key, f, org.slug, id);
      assert.deepEqual(
        [bySlug.statusCode, byId.statusCode],
        spec.statuses,
        `${key}: by slug ${bySlug.body.slice(0, 300)}; by id ${byId.body.slice(0, 300)}`,
      );
      if (spec.statuses[0] === spec.statuses[1]) {
        assert.deepEqual(answerOf(bySlug), answerOf(byId), key);
      }
    });
  }
});
