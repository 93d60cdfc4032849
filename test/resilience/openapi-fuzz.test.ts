import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import {
  DEMO_FEATURED_POST_SLUG,
  DEMO_INVITE_TOKEN,
  DEMO_ORG_SLUG,
  seedDemo,
} from '../../src/cli/seed-demo.js';
import { TARGETS } from '../support/databases.js';
import {
  ADMIN,
  ADMIN_TOKEN,
  NO_LIMITS,
  PUBLIC,
  describeUnlessSkipped,
  startHarness,
  stopHarness,
  type Harness,
} from '../support/harness.js';
import {
  assertDocumented,
  isEventStream,
  mediaTypeOf,
  operationsOf,
  type DocumentedOperation,
  type JsonSchema,
  type OpenApiDocument,
} from '../support/openapi.js';

/**
 * Fuzzing from the OpenAPI documents, public and admin: every documented operation is called with path, query
 * and body values drawn from its own schemas, mutated into wrong types, out-of-range numbers,
 * control characters, huge and strange strings, alongside real values of the demo data. Every
 * answer must be documented for its operation (status and media type), never a 5xx, and a
 * JSON success must match its documented schema. The generator is seeded: a failure names
 * its seed and request, and the same seed replays it.
 */

const CASES_PER_OPERATION = 60;
const SEED = Number(process.env.FUZZ_SEED ?? 20261123);

/** Mulberry32: small, fast and reproducible. */
function generator(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    chance: (p: number) => next() < p,
    integer: (below: number) => Math.floor(next() * below),
    pick<T>(values: readonly T[]): T {
      const value = values[Math.floor(next() * values.length)];
      if (value === undefined) throw new Error('nothing to pick from');
      return value;
    },
  };
}
type Random = ReturnType<typeof generator>;

const STRANGE_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0007b',
  '\t\n',
  'x'.repeat(5000),
  '<script>alert(1)</script>',
  "' or 1=1 --",
  '%',
  '%zz',
  '../..',
  '🏌️‍♀️',
  '\ud800',
  'null',
  '0',
  '-1',
  '1e999',
  '2026-02-30',
  '0000-01-01',
  '9999-12-31T25:61:00Z',
  'https://evil.example/',
  'Ω'.repeat(300),
];

const STRANGE_NUMBERS = [0, -1, 1, 1.5, 2 ** 31, -(2 ** 31) - 1, 2 ** 53, Number.MAX_VALUE, 1e-300];

const STRANGE_PATH_VALUES = [
  '0',
  '-1',
  '+2',
  '0x2',
  '2.0',
  '02',
  '1e0',
  '99999999999999999999',
  '%00',
  '%zz',
  '%2F',
  '..',
  'x'.repeat(300),
  '%F0%9F%8F%8C',
  '%20',
  'null',
];

/** A value of `schema`'s shape, most often valid-looking, often wrong. */
function valueOf(schema: JsonSchema | undefined, random: Random, depth = 0): unknown {
  if (schema === undefined || depth > 4 || random.chance(0.08)) return anyValue(random, depth);
  const choices = schema.anyOf ?? schema.oneOf;
  if (choices !== undefined) return valueOf(random.pick(choices), random, depth + 1);
  if (schema.enum !== undefined && random.chance(0.7)) return random.pick(schema.enum);
  if (schema.const !== undefined && random.chance(0.7)) return schema.const;
  const type = Array.isArray(schema.type) ? random.pick(schema.type) : schema.type;
  switch (type) {
    case 'string':
      if (random.chance(0.5)) return random.pick(STRANGE_STRINGS);
      if (schema.format === 'date') return random.pick(['2026-06-16', '1899-12-31', '2200-01-01']);
      if (schema.format === 'date-time')
        return random.pick(['2026-06-16T18:00:00Z', '1000-01-01T00:00:00Z']);
      if (schema.format === 'email') return random.pick(['pat@example.com', 'no-at-sign', '@']);
      return 'x'.repeat(Math.max(1, Math.min(schema.minLength ?? 1, 10)));
    case 'integer':
    case 'number':
      return random.chance(0.6)
        ? random.pick(STRANGE_NUMBERS)
        : (schema.minimum ?? 0) + random.integer(5);
    case 'boolean':
      return random.chance(0.8) ? random.chance(0.5) : 'true';
    case 'null':
      return null;
    case 'array': {
      const length = random.chance(0.1) ? 200 : random.integer(4);
      return Array.from({ length }, () => valueOf(schema.items, random, depth + 1));
    }
    case 'object': {
      const result: Record<string, unknown> = {};
      for (const [name, property] of Object.entries(schema.properties ?? {})) {
        const required = schema.required?.includes(name) ?? false;
        if (random.chance(required ? 0.9 : 0.5))
          result[name] = valueOf(property, random, depth + 1);
      }
      if (random.chance(0.1)) result.unexpected = valueOf(undefined, random, depth + 1);
      return result;
    }
    default:
      return anyValue(random, depth);
  }
}

function anyValue(random: Random, depth: number): unknown {
  switch (random.integer(6)) {
    case 0:
      return null;
    case 1:
      return random.pick(STRANGE_STRINGS);
    case 2:
      return random.pick(STRANGE_NUMBERS);
    case 3:
      return random.chance(0.5);
    case 4:
      return depth > 3 ? [] : [anyValue(random, depth + 1)];
    default:
      return depth > 3
        ? {}
        : { [random.pick(['a', 'id', '__proto__', 'constructor'])]: anyValue(random, depth + 1) };
  }
}

/** Real values of the demo data, by path parameter name. */
async function realValues(h: Harness): Promise<Record<string, string[]>> {
  const db = h.database.db;
  const ids = async (
    table:
      | 'event_series'
      | 'events'
      | 'teams'
      | 'users'
      | 'standing_series'
      | 'standing_competitors'
      | 'standing_seasons'
      | 'brackets'
      | 'bracket_matches'
      | 'membership_plans',
  ) =>
    (await db.selectFrom(table).select('id').orderBy('id').limit(5).execute()).map((row) =>
      String(row.id),
    );
  const slugs = async (table: 'event_series' | 'events' | 'brackets' | 'membership_plans') =>
    (await db.selectFrom(table).select('slug').orderBy('id').limit(5).execute()).map(
      (row) => row.slug,
    );
  const leagueIds = await ids('event_series');
  const eventIds = await ids('events');
  return {
    orgSlug: [DEMO_ORG_SLUG],
    slug: [...(await slugs('event_series')), ...(await slugs('membership_plans'))],
    eventSlug: await slugs('events'),
    id: [
      ...leagueIds,
      ...eventIds,
      ...(await ids('brackets')),
      ...(await ids('membership_plans')),
      // Admin paths name leagues and events by slug too (decisions §23).
      ...(await slugs('event_series')),
      ...(await slugs('events')),
    ],
    teamId: await ids('teams'),
    userId: await ids('users'),
    seriesId: await ids('standing_series'),
    competitorId: await ids('standing_competitors'),
    seasonId: await ids('standing_seasons'),
    token: [DEMO_INVITE_TOKEN],
    bracketSlug: await slugs('brackets'),
    matchId: await ids('bracket_matches'),
    postSlug: [DEMO_FEATURED_POST_SLUG],
    playerSlug: (
      await db.selectFrom('players').select('slug').orderBy('slug').limit(5).execute()
    ).map((row) => row.slug),
  };
}

function pathValue(name: string, real: Record<string, string[]>, random: Random): string {
  const known = real[name] ?? [];
  if (known.length > 0 && random.chance(0.6)) return random.pick(known);
  return random.pick(STRANGE_PATH_VALUES);
}

function queryValue(schema: JsonSchema | undefined, random: Random): string {
  const value = valueOf(schema, random);
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  try {
    return encodeURIComponent(text);
  } catch {
    // A lone surrogate has no UTF-8 form: its CESU bytes stand in, an invalid sequence to parse.
    return '%ED%A0%80';
  }
}

interface FuzzRequest {
  method: DocumentedOperation['method'];
  url: string;
  headers: Record<string, string>;
  payload?: string;
}

function requestFor(
  { path, method, operation }: DocumentedOperation,
  real: Record<string, string[]>,
  random: Random,
  headers: Record<string, string>,
): FuzzRequest {
  const url = path.replace(/\{(\w+)\}/g, (_match, name: string) => pathValue(name, real, random));
  const query: string[] = [];
  for (const parameter of operation.parameters ?? []) {
    if (parameter.in !== 'query' || !random.chance(0.5)) continue;
    query.push(`${parameter.name}=${queryValue(parameter.schema, random)}`);
    if (random.chance(0.1)) query.push(`${parameter.name}=${queryValue(parameter.schema, random)}`);
  }
  if (random.chance(0.1))
    query.push(`${random.pick(['x', 'limit', '__proto__'])}=${queryValue(undefined, random)}`);
  const target = query.length === 0 ? url : `${url}?${query.join('&')}`;
  const json = operation.requestBody?.content['application/json'];
  if (json === undefined) return { method, url: target, headers };
  if (random.chance(0.05)) {
    return {
      method,
      url: target,
      headers: { ...headers, 'content-type': 'application/json' },
      payload: '{"a":',
    };
  }
  return {
    method,
    url: target,
    headers: { ...headers, 'content-type': 'application/json' },
    payload: JSON.stringify(valueOf(json.schema, random)),
  };
}

/** Compiles the schema at `pointer` inside the document, with the document's references. */
function schemaChecker(document: OpenApiDocument) {
  const ajv = new Ajv2020({ strict: false, allErrors: false, validateFormats: true });
  addFormats.default(ajv);
  ajv.addSchema(document, 'document');
  return (pointer: string) => ajv.getSchema(`document#${pointer}`);
}

const escapePointer = (part: string) => part.replaceAll('~', '~0').replaceAll('/', '~1');

async function fuzzDocument(h: Harness, documentUrl: string, headers: Record<string, string>) {
  const answer = await h.inject({ url: documentUrl, headers });
  assert.equal(answer.statusCode, 200, `${documentUrl} answered ${answer.statusCode}`);
  const document = answer.json<OpenApiDocument>();
  const checker = schemaChecker(document);
  const real = await realValues(h);
  const random = generator(SEED);
  let sent = 0;
  let operations = 0;
  /** Operations that answered a 2xx at least once: their success bodies were checked. */
  const succeeded = new Set<string>();
  for (const operation of operationsOf(document)) {
    if (isEventStream(operation.operation)) continue;
    operations += 1;
    for (let round = 0; round < CASES_PER_OPERATION; round += 1) {
      const request = requestFor(operation, real, random, headers);
      const what = `seed ${SEED}: ${request.method} ${request.url.slice(0, 300)} ${request.payload?.slice(0, 300) ?? ''}`;
      const response = await h.inject(request);
      sent += 1;
      assert.ok(
        response.statusCode < 500,
        `${what} answered ${response.statusCode}: ${response.body.slice(0, 300)}`,
      );
      assertDocumented(operation.operation, response, what);
      const status = String(response.statusCode);
      if (status.startsWith('2')) succeeded.add(`${operation.method} ${operation.path}`);
      if (status.startsWith('2') && mediaTypeOf(response) === 'application/json') {
        const pointer = [
          '',
          'paths',
          operation.path,
          operation.method.toLowerCase(),
          'responses',
          status,
          'content',
          'application/json',
          'schema',
        ]
          .map(escapePointer)
          .join('/');
        const validate = checker(pointer);
        assert.ok(validate !== undefined, `${what}: no schema at ${pointer}`);
        assert.ok(
          validate(response.json()),
          `${what}: body does not match its schema: ${JSON.stringify(validate.errors)}`,
        );
      }
    }
  }
  return { sent, operations, succeeded: succeeded.size };
}

for (const target of TARGETS) {
  describeUnlessSkipped(`fuzzing from the OpenAPI documents [${target.name}]`, target.skip, () => {
    let h: Harness;
    before(async () => {
      h = await startHarness(target, NO_LIMITS);
      await seedDemo(h.database.db, h.clock.now);
    });
    after(async () => {
      await stopHarness(h);
    });

    void test('every public operation answers only what it documents, never a 5xx', async () => {
      const { sent, operations, succeeded } = await fuzzDocument(h, `${PUBLIC}/openapi.json`, {});
      assert.ok(sent >= 13 * CASES_PER_OPERATION, `${sent} requests`);
      // Real slugs and ids are among the values tried, so every public read also succeeds.
      assert.equal(succeeded, operations, 'operations that answered a 2xx');
    });

    void test('every admin operation answers only what it documents, never a 5xx', async () => {
      const { sent, operations, succeeded } = await fuzzDocument(h, `${ADMIN}/openapi.json`, {
        authorization: `Bearer ${ADMIN_TOKEN}`,
      });
      assert.ok(sent >= 20 * CASES_PER_OPERATION, `${sent} requests`);
      // Random bodies rarely make a valid write, but some must, or no success body is checked.
      assert.ok(
        succeeded * 3 >= operations,
        `${succeeded} of ${operations} operations answered a 2xx`,
      );
    });
  });
}
