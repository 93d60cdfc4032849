import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { test } from 'node:test';
import type { LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { MAX_PUBLIC_URL_LENGTH } from '../src/http/edge/pipeline.js';
import { DOCUMENTS, formatOpenApiDocument } from '../src/cli/openapi.js';
import {
  DEMO_BRACKET_SLUG,
  DEMO_FEATURED_POST_SLUG,
  DEMO_ORG_SLUG,
  DEMO_PLAN_SLUG,
  DEMO_PLAYER_SLUG,
  seedDemo,
} from '../src/cli/seed-demo.js';
import {
  ADMIN,
  PUBLIC,
  describeOnDatabases,
  startHarness,
  stopHarness,
  type Harness,
} from './support/harness.js';
import { TARGETS } from './support/databases.js';
import {
  assertDocumented,
  isEventStream,
  operationsOf,
  type OpenApiDocument,
} from './support/openapi.js';

const LIMIT = 3;
const EDGE_STATUSES = ['200', '404', '414', '429', '500', '503'];
/** The body a valid call of an operation that reads one sends. */
const BODIES: Record<string, Record<string, unknown>> = {
  subscribeToNewsletter: { email: 'inventory@example.com', consent: true },
};

function documentOf(h: Harness, url = `${PUBLIC}/openapi.json`): Promise<OpenApiDocument> {
  return h.inject({ url, remoteAddress: freshClient() }).then((response) => {
    assert.equal(response.statusCode, 200);
    return response.json<OpenApiDocument>();
  });
}

/** A client address no other request of the suite uses, so each starts a fresh count. */
function freshClient(): string {
  return `10.${randomBytes(3).join('.')}`;
}

describeOnDatabases(
  'OpenAPI document',
  (harness) => {
    void test('the served documents are the committed ones (run `npm run openapi` after a change)', async () => {
      for (const { file, url } of DOCUMENTS) {
        const served = await documentOf(harness(), url);
        const committed = await readFile(file, 'utf8');
        assert.equal(formatOpenApiDocument(served), committed, file);
        assert.equal(served.openapi, '3.1.0');
      }
    });

    void test('a served document names the origin it was read from as its server', async () => {
      const h = harness();
      const direct = await h.inject({
        url: `${PUBLIC}/openapi.json`,
        headers: { host: 'clubhouse.test:8080' },
        remoteAddress: freshClient(),
      });
      assert.deepEqual(direct.json<OpenApiDocument>().servers, [
        { url: 'http://clubhouse.test:8080' },
      ]);
      assert.match(String(direct.headers.vary), /Host/);
      // Kept by URL alone, an answer for one host would be served to another.
      const other = await h.inject({
        url: `${PUBLIC}/openapi.json`,
        headers: { host: 'other.test' },
        remoteAddress: freshClient(),
      });
      assert.deepEqual(other.json<OpenApiDocument>().servers, [{ url: 'http://other.test' }]);
      const admin = await h.inject({ url: `${ADMIN}/openapi.json`, headers: { host: 'a.test' } });
      assert.deepEqual(admin.json<OpenApiDocument>().servers, [{ url: 'http://a.test' }]);
    });

    void test('each of many origins, asked in turn and again, gets the document naming it', async () => {
      const h = harness();
      const hosts = Array.from({ length: 12 }, (_, index) => `club-${index}.test`);
      for (const host of [...hosts, ...hosts.toReversed()]) {
        const answer = await h.inject({
          url: `${PUBLIC}/openapi.json`,
          headers: { host },
          remoteAddress: freshClient(),
        });
        assert.deepEqual(answer.json<OpenApiDocument>().servers, [{ url: `http://${host}` }]);
      }
    });

    void test('every operation has a unique camelCase operationId, a declared tag, described parameters and examples', async () => {
      for (const { url } of DOCUMENTS) {
        const document = await documentOf(harness(), url);
        const tags = new Set(document.tags.map((tag) => tag.name));
        const ids = new Set<string>();
        for (const { path, method, operation } of operationsOf(document)) {
          const what = `${method} ${path}`;
          assert.match(operation.operationId ?? '', /^[a-z][a-zA-Z]+$/, what);
          assert.ok(!ids.has(operation.operationId ?? ''), `${what}: operationId used twice`);
          ids.add(operation.operationId ?? '');
          assert.ok((operation.tags ?? []).length > 0, `${what} has no tag`);
          for (const tag of operation.tags ?? []) assert.ok(tags.has(tag), `${what}: ${tag}`);
          for (const parameter of operation.parameters ?? []) {
            assert.ok((parameter.description ?? '') !== '', `${what}: ${parameter.name}`);
          }
          for (const [status, response] of Object.entries(operation.responses)) {
            for (const [type, media] of Object.entries(response.content ?? {})) {
              assert.ok(media.example !== undefined, `${what} ${status} ${type}: no example`);
            }
          }
        }
      }
    });

    void test('the admin document is open to read, and names the bearer scheme on every operation', async () => {
      const document = await documentOf(harness(), `${ADMIN}/openapi.json`);
      assert.deepEqual(document.security, [{ adminToken: [] }]);
      const operations = operationsOf(document);
      assert.ok(operations.length > 0);
      for (const { path, operation } of operations) {
        assert.ok(path.startsWith(`${ADMIN}/`), path);
        for (const status of ['401', '429', '503']) {
          assert.ok(operation.responses[status] !== undefined, `${path} lacks ${status}`);
        }
      }
      const publicDocument = await documentOf(harness());
      assert.deepEqual(publicDocument.security, []);
    });

    void test('the document is readable from any origin, with an ETag', async () => {
      const response = await harness().inject({
        url: `${PUBLIC}/openapi.json`,
        remoteAddress: freshClient(),
      });
      assert.equal(response.headers['access-control-allow-origin'], '*');
      assert.match(String(response.headers.etag), /^"[^"]+"$/);
      assert.match(String(response.headers['content-type']), /^application\/json/);
    });

    void test('/docs and /docs/admin serve Swagger UI on the canonical documents', async () => {
      const h = harness();
      for (const [page, document] of [
        ['/docs', `${PUBLIC}/openapi.json`],
        ['/docs/admin', `${ADMIN}/openapi.json`],
      ] as const) {
        const html = await h.inject({ url: page });
        assert.equal(html.statusCode, 200, page);
        assert.match(String(html.headers['content-type']), /^text\/html/);
        assert.match(html.body, /swagger-ui/i);
        const initializer = await h.inject({ url: `${page}/static/swagger-initializer.js` });
        assert.ok(initializer.body.includes(`"url":"${document}"`), page);
      }
    });

    void test('only public routes are described, each with every answer the edge can give', async () => {
      const document = await documentOf(harness());
      const operations = operationsOf(document);
      assert.equal(operations.length, 30);
      for (const { path, method, operation } of operations) {
        assert.ok(path.startsWith(`${PUBLIC}/`), path);
        assert.deepEqual(operation.security ?? document.security, [], `${method} ${path}`);
        // A submission that is accepted for later work (a newsletter subscription) says 202.
        const success = operation.responses['202'] === undefined ? '200' : '202';
        const edge = EDGE_STATUSES.map((status) => (status === '200' ? success : status));
        const expected =
          method === 'POST'
            ? [...edge, '413']
            : isEventStream(operation)
              ? EDGE_STATUSES
              : [...EDGE_STATUSES, '304'];
        const hasQuery = (operation.parameters ?? []).some((parameter) => parameter.in === 'query');
        if (hasQuery) expected.push('400');
        for (const status of expected) {
          assert.ok(operation.responses[status] !== undefined, `${method} ${path} lacks ${status}`);
        }
        for (const [status, response] of Object.entries(operation.responses)) {
          if (status === success || status === '304' || status === '422') continue;
          assert.deepEqual(
            Object.keys(response.content ?? {}),
            ['text/plain'],
            `${path} ${status}`,
          );
        }
      }
    });

    void test('route inventory: every answer each public route gives is documented with its media type', async () => {
      const h = harness();
      await seedDemo(h.database.db, h.clock.now);
      const db = h.database.db;
      const team = await db
        .selectFrom('teams')
        .innerJoin('invites', 'invites.team_id', 'teams.id')
        .select(['teams.id', 'teams.event_series_id', 'invites.token'])
        .where('invites.token', 'is not', null)
        .executeTakeFirstOrThrow();
      const event = await db
        .selectFrom('events')
        .select('slug')
        .where('status', '=', 'published')
        .orderBy('id')
        .executeTakeFirstOrThrow();
      const competitor = await db
        .selectFrom('standing_competitors')
        .select(['id', 'series_id'])
        .orderBy('id')
        .executeTakeFirstOrThrow();
      const league = await db
        .selectFrom('event_series')
        .select(['id', 'slug'])
        .where('slug', '=', 'tuesday-night-league')
        .executeTakeFirstOrThrow();
      const values: Record<string, string> = {
        orgSlug: DEMO_ORG_SLUG,
        slug: league.slug,
        id: String(team.event_series_id),
        teamId: String(team.id),
        token: team.token ?? '',
        eventSlug: event.slug,
        seriesId: String(competitor.series_id),
        competitorId: String(competitor.id),
        bracketSlug: DEMO_BRACKET_SLUG,
        postSlug: DEMO_FEATURED_POST_SLUG,
        playerSlug: DEMO_PLAYER_SLUG,
      };
      const plan = await db
        .selectFrom('membership_plans')
        .select(['id', 'slug'])
        .where('slug', '=', DEMO_PLAN_SLUG)
        .executeTakeFirstOrThrow();
      const planValues: Record<string, string> = { slug: plan.slug, id: String(plan.id) };
      const operations = operationsOf(await documentOf(h));
      for (const { path, method, operation } of operations) {
        const own = path.includes('/membership-plans/') ? planValues : {};
        const url = path.replace(
          /\{(\w+)\}/g,
          (_match, name: string) => own[name] ?? values[name] ?? name,
        );
        const unknownUrl = path.replace(/\{(\w+)\}/g, (_match, name: string) =>
          name === 'token'
            ? 'x'.repeat(32)
            : name.endsWith('Id') || name === 'id'
              ? '999999'
              : 'nowhere',
        );
        const body = BODIES[operation.operationId ?? ''];
        const send = (target: string, remoteAddress = freshClient(), headers = {}) =>
          h.inject({
            method,
            url: target,
            remoteAddress,
            headers,
            ...(body === undefined ? {} : { payload: body }),
          });
        const seen = new Set<number>();
        const check = async (what: string, response: Promise<LightMyRequestResponse>) => {
          const answered = await response;
          assertDocumented(operation, answered, `${method} ${path} (${what})`);
          seen.add(answered.statusCode);
          return answered;
        };

        const stream = isEventStream(operation);
        if (!stream) {
          const ok = await check('valid', send(url));
          if (method === 'GET') {
            const etag = String(ok.headers.etag);
            await check('conditional', send(url, freshClient(), { 'if-none-match': etag }));
          }
        }
        await check('unknown', send(unknownUrl));
        await check('long URL', send(`${url}?pad=${'a'.repeat(MAX_PUBLIC_URL_LENGTH)}`));
        const query = (operation.parameters ?? []).find((parameter) => parameter.in === 'query');
        if (query !== undefined) await check('bad query', send(`${url}?${query.name}=%21`));
        const client = freshClient();
        for (let index = 0; index < LIMIT; index += 1) await send(unknownUrl, client);
        await check('over the limit', send(unknownUrl, client));

        const success = operation.responses['202'] === undefined ? 200 : 202;
        const expected = stream ? [404, 414, 429] : [success, 404, 414, 429];
        if (method === 'GET' && !stream) expected.push(304);
        if (query !== undefined) expected.push(400);
        assert.deepEqual([...seen].sort(), expected.sort(), `${method} ${path}`);
      }
    });
  },
  { rateLimitPerMinute: LIMIT },
);

void test('a failing database query answers a documented plain-text 500 on every public route', async (t) => {
  const target = TARGETS[0];
  assert.ok(target !== undefined);
  const h = await startHarness(target);
  t.after(async () => {
    await stopHarness(h);
  });
  const operations = operationsOf(await documentOf(h));
  // Every public route reads the organization first; without its table, each query fails.
  await sql`drop table orgs cascade`.execute(h.database.db);
  for (const { path, method, operation } of operations) {
    const url = path.replace(/\{(\w+)\}/g, (_match, name: string) =>
      name === 'token' ? 'x'.repeat(32) : name.endsWith('Id') || name === 'id' ? '1' : 'some-slug',
    );
    const body = BODIES[operation.operationId ?? ''];
    const response = await h.inject({
      method,
      url,
      ...(body === undefined ? {} : { payload: body }),
    });
    assert.equal(response.statusCode, 500, `${method} ${path}`);
    assert.equal(response.body, 'Internal Server Error');
    assertDocumented(operation, response, `${method} ${path} (database down)`);
  }
});
