import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { EventSource } from 'eventsource';
import { DEMO_LIVE_NIGHT_SLUG, DEMO_ORG_SLUG } from '../../../src/cli/seed-demo.js';
import { skipUnlessSet, TARGETS } from '../../support/databases.js';
import { eventually } from '../../support/eventually.js';
import { STREAM_DEADLINE_MS, eventIds, openStream } from '../../support/event-streams.js';
import { postgresInstances } from '../../support/listening.js';
import { listen } from '../../support/wire.js';
import {
  ADMIN,
  NO_LIMITS,
  PUBLIC,
  describeUnlessSkipped,
  harnessOn,
  type Harness,
} from '../../support/harness.js';
import {
  card,
  golferNamed,
  leagueNight,
  score,
  type NightSetup,
} from '../../support/score-cards.js';
import {
  EXIT_LIMIT_MS,
  kill,
  startServer,
  waitUntilHealthy,
  within,
} from '../../support/processes.js';

/**
 * The live stream between instances and across restarts: a real EventSource client that
 * reconnects to another instance and resumes with Last-Event-ID; two instances on
 * PostgreSQL that deliver each other's writes; SIGTERM on the real server process.
 */

const streamPath = (night: NightSetup) =>
  `${PUBLIC}/orgs/${night.org.slug}/events/${night.event.slug}/leaderboard/stream`;

async function boardBody(origin: string, night: NightSetup): Promise<string> {
  const response = await fetch(
    `${origin}${PUBLIC}/orgs/${night.org.slug}/events/${night.event.slug}/leaderboard`,
  );
  assert.equal(response.status, 200);
  return response.text();
}

async function until(what: string, check: () => boolean): Promise<void> {
  await eventually(what, check, { withinMs: STREAM_DEADLINE_MS, everyMs: 10 });
}

const pglite = TARGETS.find((target) => target.name === 'pglite');

void test('an EventSource reads the stream, and after a shutdown resumes on the next instance without a repeat', async () => {
  assert.ok(pglite !== undefined);
  const database = await pglite.open();
  const first = await harnessOn(database, NO_LIMITS);
  let second: Harness | undefined;
  let source: EventSource | undefined;
  try {
    const origin = await listen(first.app);
    const night = await leagueNight(first, { golfers: ['Al', 'Bo'] });
    await score(first, night, 'Al', card(4));
    const snapshot = await boardBody(origin, night);

    const received: { id: string; data: string }[] = [];
    const opens: number[] = [];
    source = new EventSource(`${origin}${streamPath(night)}`);
    source.addEventListener('open', () => opens.push(Date.now()));
    source.addEventListener('leaderboard', (event) => {
      received.push({ id: event.lastEventId, data: String(event.data) });
    });
    await until('the first event', () => received.length === 1);
    const version = JSON.parse(snapshot) as { version: number };
    assert.deepEqual(received[0], { id: String(version.version), data: snapshot });

    // The instance shuts down; another takes its address, as behind a load balancer.
    await first.app.close();
    second = await harnessOn(database, NO_LIMITS);
    await listen(second.app, Number(new URL(origin).port));
    await until('the reconnection', () => opens.length === 2);

    const { leaderboardVersion } = await score(second, night, 'Bo', card(3, 3));
    await until('the next event', () => received.length >= 2);
    assert.deepEqual(
      received.map((event) => Number(event.id)),
      [version.version, leaderboardVersion],
      'resumed with Last-Event-ID: the boards it had were not sent again',
    );
    assert.equal(received[1]?.data, await boardBody(origin, night));
  } finally {
    source?.close();
    await second?.app.close();
    await first.app.close();
    await database.close();
  }
});

const postgresUrl = process.env.DATABASE_URL ?? '';

describeUnlessSkipped(
  'live streams of two instances on one PostgreSQL',
  skipUnlessSet('DATABASE_URL', 'PostgreSQL'),
  () => {
    const instances = postgresInstances(postgresUrl, 2);

    void test('a score written through either instance reaches the streams of the other', async () => {
      const [a, b] = instances;
      assert.ok(a !== undefined && b !== undefined);
      const night = await leagueNight(a, { golfers: ['Al', 'Bo'] });
      const onB = await openStream(`${b.origin}${streamPath(night)}`);
      const onA = await openStream(`${a.origin}${streamPath(night)}`);
      try {
        const start = JSON.parse(await boardBody(a.origin, night)) as { version: number };
        for (const stream of [onA, onB]) {
          await stream.waitFor('the first event', (frames) =>
            eventIds(frames).includes(start.version),
          );
        }
        const writes: [Harness, string][] = [
          [a, 'Al'],
          [b, 'Bo'],
        ];
        for (const [writer, golfer] of writes) {
          const response = await writer.admin(
            'PUT',
            `${ADMIN}/orgs/${night.org.slug}/events/${night.event.id}/scores/${golferNamed(night, golfer).id}`,
            { holes: card(4, 4) },
          );
          assert.equal(response.statusCode, 200, response.body);
          const { leaderboardVersion } = response.json<{ leaderboardVersion: number }>();
          const body = await boardBody(a.origin, night);
          for (const stream of [onA, onB]) {
            const frames = await stream.waitFor(`version ${leaderboardVersion}`, (now) =>
              eventIds(now).includes(leaderboardVersion),
            );
            const event = frames.find((frame) => frame.id === String(leaderboardVersion));
            assert.equal(event?.data, body, 'the same bytes on both instances');
          }
        }
      } finally {
        onA.close();
        onB.close();
      }
    });
  },
);

void test('SIGTERM on the server ends the demo night’s stream with a retry hint and exits 0', async () => {
  const dataRoot = await mkdtemp(join(tmpdir(), 'clubhouse-stream-sigterm-'));
  const server = await startServer({ DATA_DIR: join(dataRoot, 'data'), LOG_LEVEL: 'info' });
  try {
    await waitUntilHealthy(server);
    const stream = await openStream(
      `http://127.0.0.1:${server.port}${PUBLIC}/orgs/${DEMO_ORG_SLUG}/events/${DEMO_LIVE_NIGHT_SLUG}/leaderboard/stream`,
    );
    assert.equal(stream.status, 200, stream.text());
    await stream.waitFor('the live board', (frames) => eventIds(frames).length === 1);
    server.child.kill('SIGTERM');
    await stream.waitForEnd();
    const last = stream.frames().at(-1);
    assert.match(last?.raw ?? '', /^retry: \d+$/, stream.text().slice(-200));
    const exit = await within(server.exited, EXIT_LIMIT_MS, 'exit after SIGTERM');
    assert.deepEqual(exit, { code: 0, signal: null }, server.stdout().slice(-2000));
  } finally {
    await kill(server);
    await rm(dataRoot, { recursive: true, force: true });
  }
});
