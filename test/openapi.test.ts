import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { test } from 'node:test';
import type { LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { MAX_PUBLIC_URL_LENGTH } from '../src/http/edge/pipeline.js';
import { OPENAPI_FILE, formatOpenApiDocument } from '../src/cli/openapi.js';
import { DEMO_ORG_SLUG, seedDemo } from '../src/services/demo-data.js';
import {
  PUBLIC,
  describeOnDatabases,
  startHarness,
  stopHarness,
  type Harness,
} from './support/harness.js';
import { TARGETS } from './support/databases.js';

interface Operation {
  parameters?: { in: string; name: string }[];
  responses: Record<string, { content?: Record<string, unknown> }>;
}
interface OpenApiDocument {
  openapi: string;
  paths: Record<string, Partial<Record<'get' | 'post', Operation>>>;
}

const LIMIT = 3;
const EDGE_STATUSES = ['200', '404', '414', '429', '500'];

function documentOf(h: Harness): Promise<OpenApiDocument> {
  return h
    .inject({ url: `${PUBLIC}/openapi.json`, remoteAddress: freshClient() })
    .then((response) => {
      assert.equal(response.statusCode, 200);
      return response.json<OpenApiDocument>();
    });
}

function operationsOf(document: OpenApiDocument) {
  return Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({
      path,
      method: method.toUpperCase() as 'GET' | 'POST',
      operation,
    })),
  );
}

/** A client address no other request of the suite uses, so each starts a fresh count. */
function freshClient(): string {
  return `10.${randomBytes(3).join('.')}`;
}

/**
 * A live stream never ends by itself, so an injected request for one never completes; its
 * own suite reads its answers over sockets (test/leaderboard-stream.test.ts).
 */
function isEventStream(operation: Operation): boolean {
  return operation.responses['200']?.content?.['text/event-stream'] !== undefined;
}

/** The media type a response was sent with, or none for a bodiless 304. */
function mediaTypeOf(response: LightMyRequestResponse): string | undefined {
  const type = response.headers['content-type'];
  return typeof type === 'string' ? type.split(';')[0] : undefined;
}

function assertDocumented(operation: Operation, response: LightMyRequestResponse, what: string) {
  const documented = operation.responses[String(response.statusCode)];
  assert.ok(documented !== undefined, `${what} answered ${response.statusCode}, not documented`);
  const mediaType = mediaTypeOf(response);
  if (documented.content === undefined) {
    assert.equal(response.body, '', `${what}: ${response.statusCode} is documented without a body`);
  } else {
    assert.ok(
      mediaType !== undefined && mediaType in documented.content,
      `${what}: ${response.statusCode} sent ${mediaType}, documented ${Object.keys(documented.content).join(', ')}`,
    );
  }
}

describeOnDatabases(
  'OpenAPI document',
  (harness) => {
    void test('the served document is the committed docs/openapi.json (run `npm run openapi` after a change)', async () => {
      const served = await documentOf(harness());
      const committed = await readFile(OPENAPI_FILE, 'utf8');
      assert.equal(formatOpenApiDocument(served), committed);
      assert.equal(served.openapi, '3.1.0');
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

    void test('/docs serves Swagger UI on the same document', async () => {
      const h = harness();
      const page = await h.inject({ url: '/docs' });
      assert.equal(page.statusCode, 200);
      assert.match(String(page.headers['content-type']), /^text\/html/);
      assert.match(page.body, /swagger-ui/i);
      const uiDocument = await h.inject({ url: '/docs/json' });
      assert.deepEqual(uiDocument.json(), await documentOf(h));
    });

    void test('only public routes are described, each with every answer the edge can give', async () => {
      const operations = operationsOf(await documentOf(harness()));
      assert.equal(operations.length, 14);
      for (const { path, method, operation } of operations) {
        assert.ok(path.startsWith(`${PUBLIC}/`), path);
        const expected =
          method === 'POST'
            ? [...EDGE_STATUSES, '413']
            : isEventStream(operation)
              ? [...EDGE_STATUSES, '503']
              : [...EDGE_STATUSES, '304'];
        const hasQuery = (operation.parameters ?? []).some((parameter) => parameter.in === 'query');
        if (hasQuery) expected.push('400');
        for (const status of expected) {
          assert.ok(operation.responses[status] !== undefined, `${method} ${path} lacks ${status}`);
        }
        for (const [status, response] of Object.entries(operation.responses)) {
          if (status === '200' || status === '304') continue;
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
      };
      const operations = operationsOf(await documentOf(h));
      for (const { path, method, operation } of operations) {
        const url = path.replace(/\{(\w+)\}/g, (_match, name: string) => values[name] ?? name);
        const unknownUrl = path.replace(/\{(\w+)\}/g, (_match, name: string) =>
          name === 'token'
            ? 'x'.repeat(32)
            : name.endsWith('Id') || name === 'id'
              ? '999999'
              : 'nowhere',
        );
        const send = (target: string, remoteAddress = freshClient(), headers = {}) =>
          h.inject({ method, url: target, remoteAddress, headers });
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

        const expected = stream ? [404, 414, 429] : [200, 404, 414, 429];
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
    const response = await h.inject({ method, url });
    assert.equal(response.statusCode, 500, `${method} ${path}`);
    assert.equal(response.body, 'Internal Server Error');
    assertDocumented(operation, response, `${method} ${path} (database down)`);
  }
});
