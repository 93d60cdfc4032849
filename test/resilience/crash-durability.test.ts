import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { sql } from 'kysely';
import { openPGlite, openPostgres, type DatabaseHandle } from '../../src/db/connection.js';
import { dropTestSchema, skipUnlessSet, withSchemasKept } from '../support/databases.js';
import { ADMIN, ADMIN_TOKEN, describeUnlessSkipped } from '../support/harness.js';
import {
  EXIT_LIMIT_MS,
  kill,
  killAll,
  startServer,
  waitUntilHealthy,
  within,
} from '../support/processes.js';
import type { ServerProcess } from '../support/processes.js';

/**
 * kill -9 in the middle of writes: every registration the server acknowledged is there after
 * a restart, and the numbers kept on write (a league's members and seats) equal the rows they
 * count. Several crash cycles on one database, each with writers still in flight.
 */

const CYCLES = 3;
const WRITERS = 6;
/** Acknowledged registrations per cycle before the process is killed, writers still running. */
const ACKNOWLEDGED_BEFORE_KILL = 12;
const ORG = 'crash-club';

interface Place {
  env: Record<string, string>;
  /** Opens the database the server used, once it is dead. */
  open(): Promise<DatabaseHandle>;
  remove(): Promise<void>;
  whileStarting(starting: () => Promise<ServerProcess>): Promise<ServerProcess>;
}

async function pglitePlace(): Promise<Place> {
  const dataDir = await mkdtemp(join(tmpdir(), 'clubhouse-crash-'));
  return {
    env: { DATA_DIR: dataDir },
    open: () => openPGlite({ dataDir }),
    remove: () => rm(dataDir, { recursive: true, force: true }),
    whileStarting: (starting) => starting(),
  };
}

function postgresPlace(url: string): Place {
  const schema = `crash_${randomBytes(5).toString('hex')}`;
  return {
    env: { DATABASE_URL: url, DATABASE_SCHEMA: schema },
    open: () => Promise.resolve(openPostgres({ url, schema })),
    remove: () => dropTestSchema(url, schema),
    // The server migrates at start; no other test's schema may be dropped meanwhile.
    whileStarting: (starting) => withSchemasKept(url, starting),
  };
}

async function call(server: ServerProcess, method: string, path: string, body: unknown) {
  const response = await fetch(`http://127.0.0.1:${server.port}${ADMIN}${path}`, {
    method,
    headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(30_000),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

function start(place: Place): Promise<ServerProcess> {
  return place.whileStarting(async () => {
    const server = await startServer({
      ...place.env,
      ADMIN_TOKEN,
      DEMO_DATA: 'off',
      LOG_LEVEL: 'silent',
      ADMIN_RATE_LIMIT_PER_MINUTE: '0',
    });
    await waitUntilHealthy(server);
    return server;
  });
}

/** Registers new golfers from several writers until `enough` are acknowledged, then kills. */
async function crashWhileWriting(
  server: ServerProcess,
  leagueId: number,
  acknowledged: number[],
  cycle: number,
): Promise<void> {
  let acknowledgedHere = 0;
  // An object, so that each writer sees the kill another writer made while it awaited.
  const run = { killed: false };
  const killed = () => run.killed;
  const writer = async (writerIndex: number) => {
    for (let n = 0; !killed(); n += 1) {
      try {
        const user = await call(server, 'POST', '/users', {
          email: `golfer-${cycle}-${writerIndex}-${n}@example.com`,
          firstName: 'Crash',
          lastName: `Test ${cycle}.${writerIndex}.${n}`,
        });
        assert.equal(user.status, 201, JSON.stringify(user.body));
        const userId = Number(user.body.id);
        const registration = await call(
          server,
          'POST',
          `/orgs/${ORG}/event-series/${leagueId}/registrations`,
          { userId },
        );
        assert.equal(registration.status, 201, JSON.stringify(registration.body));
        acknowledged.push(userId);
        acknowledgedHere += 1;
      } catch (error) {
        if (killed()) return;
        throw error;
      }
      if (acknowledgedHere >= ACKNOWLEDGED_BEFORE_KILL && !killed()) {
        run.killed = true;
        await kill(server);
      }
    }
  };
  await Promise.all(Array.from({ length: WRITERS }, (_, index) => writer(index)));
}

async function survivesCrashes(place: Place): Promise<void> {
  const acknowledged: number[] = [];
  let server = await start(place);
  const org = await call(server, 'POST', '/orgs', {
    slug: ORG,
    name: 'Crash Club',
    timezone: 'America/Chicago',
  });
  assert.equal(org.status, 201);
  const league = await call(server, 'POST', `/orgs/${ORG}/event-series`, {
    slug: 'crash-league',
    name: 'Crash League',
    seasonLabel: '2027 Season',
    status: 'open',
    feeMembersCents: 10000,
    entrySize: 1,
  });
  assert.equal(league.status, 201, JSON.stringify(league.body));
  const leagueId = Number(league.body.id);
  for (let cycle = 0; cycle < CYCLES; cycle += 1) {
    await crashWhileWriting(server, leagueId, acknowledged, cycle);
    const exit = await within(server.exited, EXIT_LIMIT_MS, 'kill -9');
    assert.equal(exit.signal, 'SIGKILL');
    if (cycle < CYCLES - 1) server = await start(place);
  }
  const database = await place.open();
  try {
    const { rows } = await sql<{ user_id: number }>`
      select user_id from roster_entries where event_series_id = ${leagueId} and status = 'active'
    `.execute(database.db);
    const stored = new Set(rows.map((row) => row.user_id));
    const lost = acknowledged.filter((userId) => !stored.has(userId));
    assert.deepEqual(lost, [], `${lost.length} of ${acknowledged.length} acknowledged writes lost`);
    const counts = await database.db
      .selectFrom('event_series')
      .select(['member_count', 'seats_reserved'])
      .where('id', '=', leagueId)
      .executeTakeFirstOrThrow();
    assert.equal(counts.member_count, rows.length, 'member count kept in step');
    assert.equal(counts.seats_reserved, rows.length, 'seats kept in step');
  } finally {
    await database.close();
  }
}

after(killAll);

describeUnlessSkipped('kill -9 while writing [pglite]', false, () => {
  void test(`${CYCLES} crashes lose no acknowledged registration and no count`, async () => {
    const place = await pglitePlace();
    try {
      await survivesCrashes(place);
    } finally {
      await place.remove();
    }
  });
});

const databaseUrl = process.env.DATABASE_URL ?? '';
describeUnlessSkipped(
  'kill -9 while writing [postgres]',
  skipUnlessSet('DATABASE_URL', 'PostgreSQL crash'),
  () => {
    void test(`${CYCLES} crashes lose no acknowledged registration and no count`, async () => {
      const place = postgresPlace(databaseUrl);
      try {
        await survivesCrashes(place);
      } finally {
        await place.remove();
      }
    });
  },
);
