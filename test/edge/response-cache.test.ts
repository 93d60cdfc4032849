import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import pg from 'pg';
import { buildApp, type App } from '../../src/app.js';
import type { DatabaseHandle } from '../../src/db/connection.js';
import type { Org } from '../../src/db/schema.js';
import {
  ADMIN,
  ADMIN_TOKEN,
  describeOnDatabases,
  describeUnlessSkipped,
  newLeague,
  newOrg,
  PUBLIC,
  testConfig,
} from '../support/harness.js';
import { openPostgresInstances, skipUnlessSet } from '../support/databases.js';
import { eventually } from '../support/eventually.js';
import { kept } from '../support/metrics.js';
import { listen } from '../support/wire.js';

/** How long another instance may take to hear of a change (about a second is expected). */
const HEARD_WITHIN_MS = 5000;

interface LeagueAnswer {
  name: string;
  memberCount: number;
}

/** Cache answers of one result, before routing or by the router alike. */
async function cacheCount(app: App, result: 'hit' | 'miss'): Promise<number> {
  const metrics = await app.inject({ url: '/metrics' });
  return metrics.body
    .split('\n')
    .filter((line) => line.startsWith(`clubhouse_response_cache_total{result="${result}"`))
    .reduce((sum, line) => sum + Number(line.split(' ').at(-1)), 0);
}

function adminPatch(app: App, path: string, payload: Record<string, unknown>) {
  return app.inject({
    method: 'PATCH',
    url: `${ADMIN}${path}`,
    headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
    payload,
  });
}

function nameOf(response: LightMyRequestResponse): string {
  assert.equal(response.statusCode, 200);
  return response.json<LeagueAnswer>().name;
}

describeOnDatabases('the response cache', (harness) => {
  void test('a repeated read is answered from the cache with the same bytes and ETag', async () => {
    const h = harness();
    const org = await h.org();
    const league = await h.league(org);
    const url = `${PUBLIC}/orgs/${org.slug}/event-series/${league.slug}`;
    const first = await h.inject({ url });
    const hitsBefore = await cacheCount(h.app, 'hit');
    const second = await h.inject({ url });
    assert.equal(await cacheCount(h.app, 'hit'), hitsBefore + 1);
    assert.equal(second.statusCode, 200);
    assert.equal(second.body, first.body);
    assert.equal(second.headers.etag, first.headers.etag);
    assert.equal(second.headers['content-type'], first.headers['content-type']);
    assert.equal(second.headers['cache-control'], first.headers['cache-control']);
    assert.equal(second.headers['access-control-allow-origin'], '*');
    assert.match(String(second.headers.ratelimit), /^"ip";r=\d+;t=\d+$/);
    const conditional = await h.inject({
      url,
      headers: { 'if-none-match': String(first.headers.etag) },
    });
    assert.equal(conditional.statusCode, 304);
    assert.equal(conditional.body, '');
  });

  void test('answers past their life are let go as new ones are kept, not held to the caps', async () => {
    const h = harness();
    const org = await h.org();
    const leagues = [await h.league(org), await h.league(org), await h.league(org)];
    const urlOf = (slug: string) => `${PUBLIC}/orgs/${org.slug}/event-series/${slug}`;
    // Other tests' answers, of other orgs, are still current.
    const keptBefore = await kept(h.app, 'answers');
    for (const league of leagues)
      assert.equal((await h.inject({ url: urlOf(league.slug) })).statusCode, 200);
    assert.equal(await kept(h.app, 'answers'), keptBefore + 3);
    h.clock.now = new Date(h.clock.now.getTime() + 60_000);
    assert.equal(
      (await h.inject({ url: `${PUBLIC}/orgs/${org.slug}/event-series` })).statusCode,
      200,
    );
    assert.equal(await kept(h.app, 'answers'), 1);
  });

  void test('an admin edit is visible on the very next read', async () => {
    const h = harness();
    const org = await h.org();
    const league = await h.league(org, { name: 'Before' });
    const url = `${PUBLIC}/orgs/${org.slug}/event-series/${league.slug}`;
    assert.equal(nameOf(await h.inject({ url })), 'Before');
    assert.equal(nameOf(await h.inject({ url })), 'Before');
    for (const name of ['After', 'After again', 'Last']) {
      const patched = await adminPatch(h.app, `/orgs/${org.slug}/event-series/${league.id}`, {
        name,
      });
      assert.equal(patched.statusCode, 200);
      assert.equal(nameOf(await h.inject({ url })), name);
    }
  });

  void test('a write made outside HTTP (a service, a raw statement) is visible on the next read', async () => {
    const h = harness();
    const org = await h.org();
    const league = await h.league(org);
    const url = `${PUBLIC}/orgs/${org.slug}/event-series/${league.slug}`;
    const list = `${PUBLIC}/orgs/${org.slug}/event-series`;
    assert.equal((await h.inject({ url })).json<LeagueAnswer>().memberCount, 0);
    assert.equal((await h.inject({ url: list })).json<unknown[]>().length, 1);
    await h.register(org, league, { userId: (await h.user()).id });
    assert.equal((await h.inject({ url })).json<LeagueAnswer>().memberCount, 1);
    await h.league(org);
    assert.equal((await h.inject({ url: list })).json<unknown[]>().length, 2);
    await sql`update event_series set name = 'Raw' where id = ${league.id}`.execute(h.database.db);
    assert.equal(nameOf(await h.inject({ url })), 'Raw');
  });

  void test('a rolled-back write and a plain read leave cached answers in place', async () => {
    const h = harness();
    const org = await h.org();
    const league = await h.league(org);
    const url = `${PUBLIC}/orgs/${org.slug}/event-series/${league.slug}`;
    await h.inject({ url });
    const version = h.database.version.current;
    await assert.rejects(
      h.database.db.transaction().execute(async (trx) => {
        await trx
          .updateTable('event_series')
          .set({ name: 'Never' })
          .where('id', '=', league.id)
          .execute();
        throw new Error('abandon');
      }),
      /abandon/,
    );
    await h.database.db.selectFrom('event_series').select('id').execute();
    assert.equal(h.database.version.current, version);
    const hitsBefore = await cacheCount(h.app, 'hit');
    assert.notEqual(nameOf(await h.inject({ url })), 'Never');
    assert.equal(await cacheCount(h.app, 'hit'), hitsBefore + 1);
  });

  void test('a write inside a transaction moves the version only when it commits', async () => {
    const h = harness();
    const org = await h.org();
    const league = await h.league(org);
    const version = h.database.version.current;
    await h.database.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('event_series')
        .set({ name: 'Later' })
        .where('id', '=', league.id)
        .execute();
      assert.equal(h.database.version.current, version);
    });
    assert.ok(h.database.version.current > version);
  });

  void test('a data-modifying CTE counts as a write; a plain read does not', async () => {
    const h = harness();
    const org = await h.org();
    const league = await h.league(org);
    const version = h.database.version.current;
    await h.database.db
      .selectFrom('event_series')
      .select('id')
      .where('id', '=', league.id)
      .execute();
    assert.equal(h.database.version.current, version);
    await h.database.db
      .with('renamed', (db) =>
        db
          .updateTable('event_series')
          .set({ name: 'Via CTE' })
          .where('id', '=', league.id)
          .returning('id'),
      )
      .selectFrom('renamed')
      .select('id')
      .execute();
    assert.ok(h.database.version.current > version);
  });

  void test('a 304 computed on a miss has no body and no Content-Length', async () => {
    const h = harness();
    const org = await h.org();
    const league = await h.league(org);
    const url = `${PUBLIC}/orgs/${org.slug}/event-series/${league.slug}`;
    const first = await h.inject({ url });
    // A write drops the kept answer, so the conditional read below is computed again.
    await h.league(org);
    const conditional = await h.inject({
      url,
      headers: { 'if-none-match': String(first.headers.etag) },
    });
    assert.equal(conditional.statusCode, 304);
    assert.equal(conditional.body, '');
    assert.equal(conditional.headers['content-length'], undefined);
    assert.equal(conditional.headers.etag, first.headers.etag);
  });

  void test('answers are recomputed once the clock has moved their life on', async () => {
    const h = harness();
    const org = await h.org();
    const league = await h.league(org);
    const url = `${PUBLIC}/orgs/${org.slug}/event-series/${league.slug}`;
    const start = h.clock.now;
    try {
      await h.inject({ url });
      const missesBefore = await cacheCount(h.app, 'miss');
      h.clock.now = new Date(start.getTime() + testConfig().responseCacheTtlSeconds * 1000);
      await h.inject({ url });
      assert.equal(await cacheCount(h.app, 'miss'), missesBefore + 1);
    } finally {
      h.clock.now = start;
    }
  });
});

const databaseUrl = process.env.DATABASE_URL ?? '';
const postgresSkip = skipUnlessSet('DATABASE_URL', 'PostgreSQL');

describeUnlessSkipped('two instances on one PostgreSQL', postgresSkip, () => {
  const apps: App[] = [];
  const databases: DatabaseHandle[] = [];
  let org: Org;
  let path = '';

  before(async () => {
    if (databaseUrl === '') throw new Error('CI=true but DATABASE_URL is not set');
    databases.push(...(await openPostgresInstances(databaseUrl, 2)));
    const first = databases[0];
    if (first === undefined) throw new Error('no database opened');
    for (const database of databases) {
      apps.push(
        await buildApp(
          { config: testConfig(), database, now: () => new Date('2026-06-16T18:00:00Z') },
          { logger: false },
        ),
      );
    }
    org = await newOrg(first.db, { name: 'Shared Golf Club' });
    const league = await newLeague(first.db, org, { name: 'Start', feeMembersCents: 1000 });
    path = `/orgs/${org.slug}/event-series/${league.id}`;
    for (const database of databases) {
      await eventually('the change feed listens', () => database.version.reliable);
      assert.ok(database.version.reliable, 'the change feed listens');
    }
  });

  after(async () => {
    for (const app of apps) await app.close();
    for (const database of databases) await database.close();
  });

  void test('an edit through one instance is seen by the other once it hears of it', async () => {
    const [writer, reader] = apps;
    assert.ok(writer !== undefined && reader !== undefined);
    // Over real sockets, as a load balancer would send them: the reader hears of the edit
    // through its own connection to PostgreSQL, not through anything in this process. Its
    // clock stands still, so a kept answer never expires: only what it hears drops it.
    const writerBase = await listen(writer);
    const readerBase = await listen(reader);
    const leagues = await fetch(`${readerBase}${PUBLIC}/orgs/${org.slug}/event-series`);
    const [league] = (await leagues.json()) as { slug: string }[];
    assert.ok(league !== undefined);
    const url = `${readerBase}${PUBLIC}/orgs/${org.slug}/event-series/${league.slug}`;
    const readName = async () => {
      const response = await fetch(url);
      assert.equal(response.status, 200);
      return ((await response.json()) as LeagueAnswer).name;
    };
    const hitsBefore = await cacheCount(reader, 'hit');
    for (let round = 1; round <= 5; round += 1) {
      // Read twice, so the reader holds the answer in its cache before the edit.
      await readName();
      await readName();
      const name = `Round ${round}`;
      const edit = await fetch(`${writerBase}${ADMIN}${path}`, {
        method: 'PATCH',
        headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' },
        body: JSON.stringify({ name }),
      });
      assert.equal(edit.status, 200);
      let seen = '';
      await eventually(`round ${round}`, async () => (seen = await readName()) === name, {
        withinMs: HEARD_WITHIN_MS,
      });
      assert.equal(seen, name, `round ${round}`);
    }
    assert.ok((await cacheCount(reader, 'hit')) >= hitsBefore + 5, 'the reader used its cache');
  });

  void test('a write by another process, however made, reaches both instances', async () => {
    // As the CLI, a migration or an operator's psql would write: no instance is involved.
    const schema = databases[0]?.schema ?? '';
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      const before = databases.map((database) => database.version.current);
      await client.query(`update ${schema}.event_series set name = 'By hand' where org_id = $1`, [
        org.id,
      ]);
      for (const [index, database] of databases.entries()) {
        await eventually(
          `instance ${index + 1}`,
          () => database.version.current !== before[index],
          { withinMs: HEARD_WITHIN_MS },
        );
        assert.ok(database.version.current > (before[index] ?? 0), `instance ${index + 1}`);
      }
    } finally {
      await client.end();
    }
  });
});
