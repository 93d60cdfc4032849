import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { EventSource } from 'eventsource';
import {
  createAdminClient,
  createPublicClient,
  unwrap,
  type Leaderboards,
} from '../../clients/typescript/src/index.js';
import { ADMIN_TOKEN, NO_LIMITS, stopHarness } from '../support/harness.js';
import { card, golferNamed, leagueNight } from '../support/score-cards.js';
import { eventually } from '../support/eventually.js';
import { startListening, type ListeningHarness } from '../support/listening.js';

/** Generous: the machine may be loaded; the test never waits this long when all is well. */
const DEADLINE_MS = 20_000;

let server: ListeningHarness | undefined;
before(async () => {
  server = await startListening(NO_LIMITS);
});
after(async () => {
  if (server !== undefined) await stopHarness(server);
});

/** The boards delivered so far, and a way to wait for the next one. */
function boardQueue() {
  const boards: Leaderboards[] = [];
  let wake: (() => void) | undefined;
  return {
    onBoard: (board: Leaderboards) => {
      boards.push(board);
      wake?.();
    },
    async next(): Promise<Leaderboards> {
      const deadline = Date.now() + DEADLINE_MS;
      while (boards.length === 0) {
        assert.ok(Date.now() < deadline, 'no board arrived');
        await Promise.race([new Promise<void>((resolve) => (wake = resolve)), sleep(100)]);
      }
      const board = boards.shift();
      assert.ok(board !== undefined);
      return board;
    },
  };
}

async function openStreams(h: ListeningHarness): Promise<number> {
  const metrics = await h.inject({ url: '/metrics' });
  const line = /^clubhouse_live_streams\{stream="leaderboard"\} (\d+)$/m.exec(metrics.body);
  return Number(line?.[1] ?? Number.NaN);
}

void test('subscribeLeaderboard: the board at once, a new board after an admin score write, closed on unsubscribe', async () => {
  assert.ok(server !== undefined);
  const h = server;
  const night = await leagueNight(h, { golfers: ['Ava', 'Ben'] });
  const client = createPublicClient(h.origin, { EventSource });
  const queue = boardQueue();
  const unsubscribe = client.subscribeLeaderboard(night.org.slug, night.event.slug, queue.onBoard);
  try {
    const first = await queue.next();
    const read = await unwrap(
      client.GET('/api/public/v1/orgs/{orgSlug}/events/{eventSlug}/leaderboard', {
        params: { path: { orgSlug: night.org.slug, eventSlug: night.event.slug } },
      }),
    );
    assert.deepEqual(first, read);
    assert.ok(first.leaderboards[0]?.rows.every((row) => row.thru === 0));

    const admin = createAdminClient(h.origin, ADMIN_TOKEN);
    const ava = golferNamed(night, 'Ava');
    const written = await unwrap(
      admin.PUT('/admin/v1/orgs/{orgSlug}/events/{id}/scores/{userId}', {
        params: { path: { orgSlug: night.org.slug, id: night.event.id, userId: ava.id } },
        body: { holes: card(3, 4) },
      }),
    );
    const next = await queue.next();
    assert.equal(next.version, written.leaderboardVersion);
    const leader = next.leaderboards[0]?.rows[0];
    assert.ok(leader !== undefined);
    assert.equal(leader.name, `${ava.first_name} ${ava.last_name}`);
    assert.equal(leader.thru, 2);
    assert.equal(leader.total, 7);
    assert.equal(await openStreams(h), 1);
  } finally {
    unsubscribe();
  }
  await eventually(
    'the stream closes after unsubscribe',
    async () => (await openStreams(h)) === 0,
    {
      withinMs: DEADLINE_MS,
      everyMs: 50,
    },
  );
});

const hasOwnEventSource = (globalThis as { EventSource?: unknown }).EventSource !== undefined;

void test(
  'subscribeLeaderboard without an EventSource says how to give one',
  { skip: hasOwnEventSource && 'this Node has an EventSource of its own' },
  () => {
    const client = createPublicClient('http://127.0.0.1:9');
    assert.throws(() => client.subscribeLeaderboard('org', 'event', () => undefined), {
      name: 'TypeError',
      message: /pass one in the client options/,
    });
  },
);

void test('subscribeLeaderboard keeps the path of a base URL, as every other call does', () => {
  const opened: string[] = [];
  class RecordingEventSource {
    constructor(url: string) {
      opened.push(url);
    }
    addEventListener(): void {}
    close(): void {}
  }
  const client = createPublicClient('https://clubs.example/golf/', {
    EventSource: RecordingEventSource,
  });
  const unsubscribe = client.subscribeLeaderboard('my org', 'night-1', () => undefined);
  unsubscribe();
  assert.deepEqual(opened, [
    'https://clubs.example/golf/api/public/v1/orgs/my%20org/events/night-1/leaderboard/stream',
  ]);
});
