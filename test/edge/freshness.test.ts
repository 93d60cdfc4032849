import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { sql } from 'kysely';
import pg from 'pg';
import { buildApp, type App } from '../../src/app.js';
import { announcementIn } from '../../src/db/change-announcements.js';
import type { DatabaseHandle } from '../../src/db/connection.js';
import { DataVersion } from '../../src/db/data-version.js';
import type { League, Org } from '../../src/db/schema.js';
import { openPostgresInstances, skipUnlessSet, TARGETS } from '../support/databases.js';
import {
  ADMIN,
  ADMIN_TOKEN,
  describeOnDatabases,
  describeUnlessSkipped,
  newLeague,
  newOrg,
  PUBLIC,
  startHarness,
  stopHarness,
  testConfig,
  type Harness,
  unique,
} from '../support/harness.js';
import { card, leagueNight, score } from '../support/score-cards.js';
import { metric, metricsOf } from '../support/metrics.js';
import { listen } from '../support/wire.js';

/** How long another instance may take to hear of a change (about a second is expected). */
const HEARD_WITHIN_MS = 5000;

async function cacheCount(app: App, result: 'hit' | 'miss'): Promise<number> {
  return metric(await metricsOf(app), 'clubhouse_response_cache_total', `result="${result}"`);
}

function leagueUrl(org: Org, league: League): string {
  return `${PUBLIC}/orgs/${org.slug}/event-series/${league.slug}`;
}

async function nameAt(h: Harness, url: string): Promise<string> {
  const response = await h.inject({ url });
  assert.equal(response.statusCode, 200, url);
  return response.json<{ name: string }>().name;
}

async function until(condition: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + HEARD_WITHIN_MS;
  while (!condition() && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  assert.ok(condition(), what);
}

void describe('what a change announcement names', () => {
  const cases: [string | undefined, ReturnType<typeof announcementIn>][] = [
    ['public', 'all'],
    ['public 7 north-links', [{ id: 7, slug: 'north-links' }]],
    ['public x north-links', 'all'],
    ['public 7', 'all'],
    ['other 7 north-links', undefined],
    ['publicity 7 north-links', undefined],
    [undefined, undefined],
  ];
  for (const [payload, expected] of cases) {
    void test(`${JSON.stringify(payload)} in "public"`, () => {
      assert.deepEqual(announcementIn('public', payload), expected);
    });
  }
});

void describe('the data version of each org', () => {
  void test('a change of one org moves that org and the whole, not another org', () => {
    const version = new DataVersion();
    const north = { id: 1, slug: 'north' };
    const south = { id: 2, slug: 'south' };
    const before = [version.current, version.ofOrg('north'), version.ofOrg('south')];
    version.bump([north]);
    assert.ok(version.current > (before[0] ?? 0));
    assert.ok(version.ofOrg('north') > (before[1] ?? 0));
    assert.equal(version.ofOrgId(north.id), version.ofOrg('north'));
    assert.equal(version.ofOrg('south'), before[2]);
    assert.equal(version.ofOrgId(south.id), before[2]);
    assert.equal(version.ofOrg(undefined), version.current, 'a read of no org: any change');
  });

  void test('a change of anything moves every org, and nothing moves back', () => {
    const version = new DataVersion();
    version.bump([{ id: 1, slug: 'north' }]);
    const north = version.ofOrg('north');
    version.bump('all');
    assert.ok(version.ofOrg('north') > north);
    assert.ok(version.ofOrg('never-changed') > 0);
    const afterAll = version.ofOrg('north');
    version.bump([{ id: 2, slug: 'south' }]);
    assert.equal(version.ofOrg('north'), afterAll);
  });
});

describeOnDatabases('freshness per org', (harness) => {
  void test('a write in one org drops its kept answers and leaves another org’s kept', async () => {
    const h = harness();
    const [north, south] = [await h.org(), await h.org()];
    const [northLeague, southLeague] = [await h.league(north), await h.league(south)];
    const southBody = (await h.inject({ url: leagueUrl(south, southLeague) })).body;
    await nameAt(h, leagueUrl(north, northLeague));
    const edit = await h.admin(
      'PATCH',
      `${ADMIN}/orgs/${north.slug}/event-series/${northLeague.id}`,
      {
        name: 'Renamed North',
      },
    );
    assert.equal(edit.statusCode, 200);
    const [hits, misses] = [await cacheCount(h.app, 'hit'), await cacheCount(h.app, 'miss')];
    assert.equal(await nameAt(h, leagueUrl(north, northLeague)), 'Renamed North');
    assert.equal(await cacheCount(h.app, 'miss'), misses + 1, 'the written org is read afresh');
    assert.equal((await h.inject({ url: leagueUrl(south, southLeague) })).body, southBody);
    assert.equal(await cacheCount(h.app, 'hit'), hits + 1, 'the other org is served as kept');
  });

  void test('a score, with the boards it rebuilds, moves its own org and no other', async () => {
    const h = harness();
    const night = await leagueNight(h, { golfers: ['Ann'] });
    const other = await h.org();
    const { version } = h.database;
    const [own, others] = [version.ofOrg(night.org.slug), version.ofOrg(other.slug)];
    const { leaderboardVersion } = await score(h, night, 'Ann', card(4, 5));
    assert.ok(leaderboardVersion > 0, 'the boards were rebuilt');
    assert.ok(version.ofOrg(night.org.slug) > own, 'the scored org moved');
    assert.equal(version.ofOrg(other.slug), others, 'another org did not');
  });

  void test('a raw statement is heard for the org of the rows it wrote', async () => {
    const h = harness();
    const [north, south] = [await h.org(), await h.org()];
    const league = await h.league(north);
    const { version } = h.database;
    const before = { north: version.ofOrg(north.slug), south: version.ofOrg(south.slug) };
    await sql`update event_series set name = 'By hand' where id = ${league.id}`.execute(
      h.database.db,
    );
    assert.ok(version.ofOrg(north.slug) > before.north);
    assert.equal(version.ofOrg(south.slug), before.south);
  });

  void test('a golfer’s new name moves the orgs they play in, and only those', async () => {
    const h = harness();
    const [home, away, elsewhere] = [await h.org(), await h.org(), await h.org()];
    const golfer = await h.user();
    await h.register(home, await h.league(home), { userId: golfer.id });
    await h.register(away, await h.league(away), { userId: golfer.id });
    const { version } = h.database;
    const before = [home, away, elsewhere].map((org) => version.ofOrg(org.slug));
    await sql`update users set first_name = 'Renamed' where id = ${golfer.id}`.execute(
      h.database.db,
    );
    const moved = [home, away, elsewhere].map(
      (org, index) => version.ofOrg(org.slug) > (before[index] ?? 0),
    );
    assert.deepEqual(moved, [true, true, false]);
  });

  void test('an org’s new slug makes what was kept under the old one stale', async () => {
    const h = harness();
    const org = await h.org();
    const league = await h.league(org);
    const url = leagueUrl(org, league);
    await nameAt(h, url);
    const newSlug = unique('renamed');
    await sql`update orgs set slug = ${newSlug} where id = ${org.id}`.execute(h.database.db);
    assert.equal((await h.inject({ url })).statusCode, 404);
    assert.equal(await nameAt(h, leagueUrl({ ...org, slug: newSlug }, league)), league.name);
  });

  void test('an embed widget page is kept for the org of its query', async () => {
    const h = harness();
    const [north, south] = [await h.org(), await h.org()];
    await h.league(north);
    const url = `/embed/leagues?org=${north.slug}`;
    assert.equal((await h.inject({ url })).statusCode, 200);
    const hits = await cacheCount(h.app, 'hit');
    await h.league(south);
    assert.equal((await h.inject({ url })).statusCode, 200);
    assert.equal(await cacheCount(h.app, 'hit'), hits + 1, 'a write elsewhere keeps it');
    await h.league(north);
    const misses = await cacheCount(h.app, 'miss');
    assert.equal((await h.inject({ url })).statusCode, 200);
    assert.equal(await cacheCount(h.app, 'miss'), misses + 1, 'a write in its org drops it');
  });

  void test('an answer is kept until its org changes, at most RESPONSE_CACHE_TTL_SECONDS', async () => {
    const h = harness();
    const org = await h.org();
    const url = leagueUrl(org, await h.league(org));
    const lifeMs = testConfig().responseCacheTtlSeconds * 1000;
    assert.equal(lifeMs, 60_000, 'the default life');
    const start = h.clock.now;
    try {
      await nameAt(h, url);
      h.clock.now = new Date(start.getTime() + lifeMs - 1000);
      const hits = await cacheCount(h.app, 'hit');
      await nameAt(h, url);
      assert.equal(await cacheCount(h.app, 'hit'), hits + 1, 'kept a second before its end');
      h.clock.now = new Date(start.getTime() + lifeMs);
      const misses = await cacheCount(h.app, 'miss');
      await nameAt(h, url);
      assert.equal(await cacheCount(h.app, 'miss'), misses + 1, 'read afresh at its end');
    } finally {
      h.clock.now = start;
    }
  });
});

for (const target of TARGETS) {
  describeUnlessSkipped(`kept answers bounded by bytes [${target.name}]`, target.skip, () => {
    let h: Harness;
    before(async () => {
      h = await startHarness(target, { responseCacheMaxMb: 1 });
    });
    after(async () => {
      await stopHarness(h);
    });

    void test('past RESPONSE_CACHE_MAX_MB the least recently used answers go first', async () => {
      const org = await h.org();
      const url = (offset: number) => `${PUBLIC}/orgs/${org.slug}/events?offset=${offset}`;
      const read = async (offset: number) => {
        assert.equal((await h.inject({ url: url(offset) })).statusCode, 200);
      };
      // More answers than a MiB holds at a kilobyte or more each; the first is read again
      // and again, each time from memory, so it stays among the most recently used.
      await read(0);
      for (let offset = 1; offset < 1200; offset += 1) {
        await read(offset);
        if (offset % 50 !== 0) continue;
        const hits = await cacheCount(h.app, 'hit');
        await read(0);
        assert.equal(await cacheCount(h.app, 'hit'), hits + 1, `the first still kept at ${offset}`);
      }
      const text = await metricsOf(h.app);
      assert.ok(metric(text, 'clubhouse_response_cache_evictions_total', 'reason="full"') > 0);
      const bytes = metric(text, 'clubhouse_response_cache_kept', 'unit="bytes"');
      assert.ok(bytes > 0 && bytes <= 1024 * 1024, `${bytes} bytes kept`);
      const misses = await cacheCount(h.app, 'miss');
      await read(1);
      assert.equal(await cacheCount(h.app, 'miss'), misses + 1, 'the one read once is gone');
    });
  });
}

const databaseUrl = process.env.DATABASE_URL ?? '';

describeUnlessSkipped(
  'freshness per org across two instances on one PostgreSQL',
  skipUnlessSet('DATABASE_URL', 'PostgreSQL'),
  () => {
    const apps: App[] = [];
    const bases: string[] = [];
    let databases: DatabaseHandle[] = [];
    let north: Org;
    let south: Org;
    let northLeague: League;
    let southLeague: League;

    before(async () => {
      if (databaseUrl === '') throw new Error('CI=true but DATABASE_URL is not set');
      databases = await openPostgresInstances(databaseUrl, 2);
      for (const database of databases) {
        const app = await buildApp(
          { config: testConfig(), database, now: () => new Date('2026-06-16T18:00:00Z') },
          { logger: false },
        );
        apps.push(app);
        bases.push(await listen(app));
        await until(() => database.version.reliable, 'the change feed listens');
      }
      const db = databases[0]?.db;
      assert.ok(db !== undefined);
      [north, south] = [await newOrg(db, { name: 'North' }), await newOrg(db, { name: 'South' })];
      [northLeague, southLeague] = [await newLeague(db, north), await newLeague(db, south)];
    });

    after(async () => {
      for (const app of apps) await app.close();
      for (const database of databases) await database.close();
    });

    /** Over real sockets, as a load balancer would send them. */
    async function read(instance: number, org: Org, league: League) {
      const response = await fetch(`${bases[instance]}${leagueUrl(org, league)}`);
      assert.equal(response.status, 200);
      return response.text();
    }

    async function hitsOf(instance: number): Promise<number> {
      const text = await (await fetch(`${bases[instance]}/metrics`)).text();
      return metric(text, 'clubhouse_response_cache_total', 'result="hit"');
    }

    /** Reads both orgs on both instances, so that each instance keeps both answers. */
    async function keepBoth(): Promise<string[]> {
      const southBodies: string[] = [];
      for (const instance of [0, 1]) {
        await read(instance, north, northLeague);
        southBodies.push(await read(instance, south, southLeague));
      }
      return southBodies;
    }

    /** The other org's answer is still served from each instance's memory, unchanged. */
    async function southStillKept(southBodies: string[]): Promise<void> {
      for (const instance of [0, 1]) {
        const hits = await hitsOf(instance);
        assert.equal(await read(instance, south, southLeague), southBodies[instance]);
        assert.equal(await hitsOf(instance), hits + 1, `instance ${instance + 1}: a hit`);
      }
    }

    async function northIsFreshEverywhere(name: string): Promise<void> {
      for (const [instance, database] of databases.entries()) {
        const heard = database.version.ofOrg(north.slug);
        const body = await read(instance, north, northLeague);
        if ((JSON.parse(body) as { name: string }).name === name) continue;
        // Not heard yet on this instance: its next read after hearing is fresh.
        await until(
          () => database.version.ofOrg(north.slug) > heard,
          `instance ${instance + 1} hears`,
        );
        const fresh = JSON.parse(await read(instance, north, northLeague)) as { name: string };
        assert.equal(fresh.name, name, `instance ${instance + 1}`);
      }
    }

    void test('a write through one instance: its org is fresh on both, the other org kept on both', async () => {
      const southBodies = await keepBoth();
      const edit = await fetch(
        `${bases[0]}${ADMIN}/orgs/${north.slug}/event-series/${northLeague.id}`,
        {
          method: 'PATCH',
          headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' },
          body: JSON.stringify({ name: 'Through the API' }),
        },
      );
      assert.equal(edit.status, 200);
      const written = JSON.parse(await read(0, north, northLeague)) as { name: string };
      assert.equal(written.name, 'Through the API', 'the writing instance at once');
      await northIsFreshEverywhere('Through the API');
      await southStillKept(southBodies);
    });

    void test('a write by psql: its org is fresh on both, the other org kept on both', async () => {
      const southBodies = await keepBoth();
      const schema = databases[0]?.schema ?? '';
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      try {
        await client.query(`update ${schema}.event_series set name = 'By hand' where id = $1`, [
          northLeague.id,
        ]);
      } finally {
        await client.end();
      }
      await northIsFreshEverywhere('By hand');
      await southStillKept(southBodies);
    });
  },
);
