import assert from 'node:assert/strict';
import { connect } from 'node:net';
import { after, before, test } from 'node:test';
import type { Config } from '../../../src/config.js';
import type { StreamTiming } from '../../../src/live/hub.js';
import { patchEvent } from '../../../src/resources/events/service.js';
import { TARGETS, type TestTarget } from '../../support/databases.js';
import { eventually } from '../../support/eventually.js';
import {
  STREAM_DEADLINE_MS,
  eventIds,
  openStream,
  type Frame,
  type OpenStream,
} from '../../support/event-streams.js';
import {
  ADMIN,
  NO_LIMITS,
  PUBLIC,
  describeUnlessSkipped,
  startHarness,
  stopHarness,
  unique,
  type Harness,
} from '../../support/harness.js';
import {
  card,
  createNight,
  golferNamed,
  leagueNight,
  score,
  type NightSetup,
} from '../../support/score-cards.js';
import { listen } from '../../support/wire.js';

/**
 * The live leaderboard stream over real sockets: its wire format, what it sends after
 * changes, Last-Event-ID, keep-alives, the rate limit, the caps, slow readers and the
 * end of a closing app. Each test waits for what it expects with a generous deadline.
 */

interface Live {
  h: Harness;
  origin: string;
}

/** A harness that listens on a port of 127.0.0.1. */
async function listening(
  target: TestTarget,
  config: Partial<Config> = {},
  timing: Partial<StreamTiming> = {},
): Promise<Live> {
  const h = await startHarness(target, { ...NO_LIMITS, ...config }, { streamTiming: timing });
  return { h, origin: await listen(h.app) };
}

const nightPath = (night: NightSetup) =>
  `${PUBLIC}/orgs/${night.org.slug}/events/${night.event.slug}`;

async function boardBody(live: Live, night: NightSetup): Promise<string> {
  const response = await fetch(`${live.origin}${nightPath(night)}/leaderboard`);
  assert.equal(response.status, 200);
  return response.text();
}

function versionOf(body: string): number {
  return (JSON.parse(body) as { version: number }).version;
}

async function stream(live: Live, night: NightSetup, headers: Record<string, string> = {}) {
  const opened = await openStream(`${live.origin}${nightPath(night)}/leaderboard/stream`, headers);
  assert.equal(opened.status, 200, opened.text());
  return opened;
}

/** Waits until the stream has sent the event of `version`. */
async function eventOf(opened: OpenStream, version: number): Promise<Frame> {
  const frames = await opened.waitFor(`the event of version ${version}`, (now) =>
    eventIds(now).includes(version),
  );
  const frame = frames.find((candidate) => candidate.id === String(version));
  assert.ok(frame !== undefined);
  return frame;
}

for (const target of TARGETS) {
  describeUnlessSkipped(`live leaderboard stream [${target.name}]`, target.skip, () => {
    let live: Live;
    const opened: OpenStream[] = [];
    const track = (stream: OpenStream) => {
      opened.push(stream);
      return stream;
    };
    before(async () => {
      live = await listening(target, { rateLimitPerMinute: 1000 }, { keepAliveMs: 200 });
    });
    after(async () => {
      for (const stream of opened) stream.close();
      await stopHarness(live.h);
    });

    void test('opens with a comment and retry: 2000, then at once the boards: the bytes of /leaderboard, id the version', async () => {
      const night = await leagueNight(live.h, { golfers: ['Al', 'Bo'] });
      await score(live.h, night, 'Al', card(4, 3));
      const body = await boardBody(live, night);
      const opened = track(await stream(live, night));

      assert.equal(opened.headers['content-type'], 'text/event-stream; charset=utf-8');
      assert.equal(opened.headers['cache-control'], 'no-store');
      assert.equal(opened.headers['access-control-allow-origin'], '*');
      assert.equal(opened.headers['access-control-allow-credentials'], undefined);
      assert.match(String(opened.headers.ratelimit), /^"ip";r=\d+;t=\d+$/);
      assert.equal(opened.headers['ratelimit-policy'], '"ip";q=1000;w=60');
      assert.equal(opened.headers['x-content-type-options'], 'nosniff');
      assert.equal(opened.headers['set-cookie'], undefined);

      await opened.waitFor('the first event', (frames) => eventIds(frames).length === 1);
      const [connected, retry, first] = opened.frames();
      assert.deepEqual(connected?.comments, ['connected']);
      assert.equal(retry?.retry, '2000');
      assert.equal(first?.event, 'leaderboard');
      assert.equal(first.id, String(versionOf(body)));
      assert.equal(first.data, body, 'the same bytes as GET /leaderboard');
      assert.ok(
        opened.text().startsWith(`: connected\n\nretry: 2000\n\nevent: leaderboard\nid: `),
        opened.text().slice(0, 80),
      );
    });

    void test('a change sends every subscriber one event: the new version and the new document', async () => {
      const night = await leagueNight(live.h, { golfers: ['Al', 'Bo'] });
      const first = track(await stream(live, night));
      const second = track(await stream(live, night));
      const start = versionOf(await boardBody(live, night));
      await eventOf(first, start);
      await eventOf(second, start);

      const admin = await live.h.admin(
        'PUT',
        `${ADMIN}/orgs/${night.org.slug}/events/${night.event.id}/scores/${golferNamed(night, 'Bo').id}`,
        { holes: card(3, 3, 3) },
      );
      assert.equal(admin.statusCode, 200, admin.body);
      const version = admin.json<{ leaderboardVersion: number }>().leaderboardVersion;
      assert.equal(version, start + 1);
      const body = await boardBody(live, night);
      for (const subscriber of [first, second]) {
        const event = await eventOf(subscriber, version);
        assert.equal(event.data, body);
        assert.deepEqual(eventIds(subscriber.frames()), [start, version]);
      }
      const rows = (JSON.parse(body) as { leaderboards: { rows: { name: string }[] }[] })
        .leaderboards[0]?.rows;
      assert.equal(rows?.[0]?.name, 'Bo Golfer', 'Bo leads at 3 under');
    });

    void test('Last-Event-ID equal to the current version skips the first event; any other does not', async () => {
      const night = await leagueNight(live.h, { golfers: ['Al'] });
      await score(live.h, night, 'Al', card(4));
      const current = versionOf(await boardBody(live, night));

      const resumed = track(await stream(live, night, { 'last-event-id': String(current) }));
      const stale = track(await stream(live, night, { 'last-event-id': String(current - 1) }));
      const garbage = track(await stream(live, night, { 'last-event-id': 'not-a-version' }));
      await eventOf(stale, current);
      await eventOf(garbage, current);
      await resumed.waitFor('the opening', (frames) => frames.some((f) => f.retry === '2000'));

      const { leaderboardVersion } = await score(live.h, night, 'Al', card(4, 4));
      await eventOf(resumed, leaderboardVersion);
      assert.deepEqual(eventIds(resumed.frames()), [leaderboardVersion], 'no snapshot first');
      assert.deepEqual(eventIds(stale.frames()), [current, leaderboardVersion]);
    });

    void test('an idle stream gets a keep-alive comment, and writes elsewhere send it nothing', async () => {
      const night = await leagueNight(live.h, { golfers: ['Al'] });
      const other = await leagueNight(live.h, { golfers: ['Cy'] });
      const opened = track(await stream(live, night));
      const version = versionOf(await boardBody(live, night));
      await eventOf(opened, version);
      await score(live.h, other, 'Cy', card(5));
      await opened.waitFor('a keep-alive', (frames) =>
        frames.some((frame) => frame.comments.includes('keep-alive')),
      );
      await opened.waitFor(
        'another keep-alive',
        (frames) => frames.filter((frame) => frame.comments.includes('keep-alive')).length >= 2,
      );
      assert.deepEqual(eventIds(opened.frames()), [version], 'nothing for another night');
    });

    void test('opening counts once against the rate limit; its events and keep-alives do not', async () => {
      const night = await leagueNight(live.h, { golfers: ['Al'] });
      const before = await fetch(`${live.origin}${nightPath(night)}`);
      const left = (response: { headers: { get(name: string): string | null } }) =>
        Number(/r=(\d+)/.exec(response.headers.get('ratelimit') ?? '')?.[1]);
      const opened = track(await stream(live, night));
      assert.equal(Number(/r=(\d+)/.exec(String(opened.headers.ratelimit))?.[1]), left(before) - 1);
      for (const strokes of [4, 5, 6]) {
        const { leaderboardVersion } = await score(live.h, night, 'Al', card(strokes));
        await eventOf(opened, leaderboardVersion);
      }
      await opened.waitFor('a keep-alive', (frames) =>
        frames.some((frame) => frame.comments.includes('keep-alive')),
      );
      const afterwards = await fetch(`${live.origin}${nightPath(night)}`);
      assert.equal(left(afterwards), left(before) - 2, 'the stream counted once');
    });

    void test('a stream of an unknown event is the plain-text 404, with CORS', async () => {
      const night = await leagueNight(live.h, { golfers: ['Al'] });
      const response = await fetch(
        `${live.origin}${PUBLIC}/orgs/${night.org.slug}/events/${unique('nothing')}/leaderboard/stream`,
      );
      assert.equal(response.status, 404);
      assert.equal(response.headers.get('content-type'), 'text/plain; charset=utf-8');
      assert.equal(response.headers.get('access-control-allow-origin'), '*');
      assert.equal(await response.text(), 'Not Found');
    });
  });

  describeUnlessSkipped(`live leaderboard stream: caps [${target.name}]`, target.skip, () => {
    let live: Live;
    before(async () => {
      live = await listening(target, { streamsPerIp: 2, maxStreams: 3, trustProxy: ['127.0.0.1'] });
    });
    after(async () => {
      await stopHarness(live.h);
    });

    void test('past STREAMS_PER_IP a client gets 429, past MAX_STREAMS anyone gets 503; a closed stream frees its place', async () => {
      const night = await leagueNight(live.h, { golfers: ['Al'] });
      const url = `${live.origin}${nightPath(night)}/leaderboard/stream`;
      const from = (ip: string) => ({ 'x-forwarded-for': ip });
      const a1 = await openStream(url, from('198.51.100.1'));
      const a2 = await openStream(url, from('198.51.100.1'));
      const opened = [a1, a2];
      try {
        assert.deepEqual([a1.status, a2.status], [200, 200]);
        const a3 = await openStream(url, from('198.51.100.1'));
        await a3.waitForEnd();
        assert.equal(a3.status, 429);
        assert.equal(a3.headers['content-type'], 'text/plain; charset=utf-8');
        assert.equal(a3.headers['access-control-allow-origin'], '*');
        assert.ok(a3.headers['retry-after'] !== undefined);
        assert.match(a3.text(), /Too Many Requests/);

        const b1 = await openStream(url, from('198.51.100.2'));
        opened.push(b1);
        assert.equal(b1.status, 200, 'another client still has room');
        const c1 = await openStream(url, from('198.51.100.3'));
        await c1.waitForEnd();
        assert.equal(c1.status, 503, 'the instance is full');
        assert.equal(c1.headers['retry-after'], '5');
        assert.equal(c1.headers['access-control-allow-origin'], '*');
        assert.match(c1.text(), /Service Unavailable/);
        const metrics = (await live.h.inject({ url: '/metrics' })).body.split('\n');
        for (const line of [
          'clubhouse_live_streams{stream="leaderboard"} 3',
          'clubhouse_live_stream_refusals_total{reason="per-ip",stream="leaderboard"} 1',
          'clubhouse_live_stream_refusals_total{reason="instance",stream="leaderboard"} 1',
        ]) {
          assert.ok(metrics.includes(line), `${line} in\n${metrics.join('\n')}`);
        }

        a1.close();
        let again: OpenStream | undefined;
        await eventually(
          'the closed stream freed its place',
          async () => {
            const attempt = await openStream(url, from('198.51.100.3'));
            if (attempt.status === 200) again = attempt;
            else await attempt.waitForEnd();
            return again !== undefined;
          },
          { withinMs: STREAM_DEADLINE_MS, everyMs: 0 },
        );
        assert.ok(again !== undefined);
        opened.push(again);
        await again.waitFor('its first event', (frames) => eventIds(frames).length === 1);
      } finally {
        for (const stream of opened) stream.close();
      }
    });
  });

  describeUnlessSkipped(`live leaderboard stream: HEAD [${target.name}]`, target.skip, () => {
    let live: Live;
    before(async () => {
      live = await listening(target, { streamsPerIp: 1, trustProxy: ['127.0.0.1'] });
    });
    after(async () => {
      await stopHarness(live.h);
    });

    void test("HEAD answers the stream's head and ends, holding no slot; an unknown event is 404", async () => {
      const night = await leagueNight(live.h, { golfers: ['Al'] });
      const url = `${live.origin}${nightPath(night)}/leaderboard/stream`;
      const headers = { 'x-forwarded-for': '198.51.100.9' };
      for (let attempt = 0; attempt < 3; attempt += 1) {
        const answer = await fetch(url, {
          method: 'HEAD',
          headers,
          signal: AbortSignal.timeout(STREAM_DEADLINE_MS),
        });
        assert.equal(answer.status, 200);
        assert.equal(answer.headers.get('content-type'), 'text/event-stream; charset=utf-8');
        assert.equal(await answer.text(), '');
      }
      const odds = await fetch(`${live.origin}${nightPath(night)}/odds/stream`, {
        method: 'HEAD',
        headers,
        signal: AbortSignal.timeout(STREAM_DEADLINE_MS),
      });
      assert.equal(odds.status, 200);
      const metrics = await live.h.inject({ url: '/metrics' });
      for (const stream of ['leaderboard', 'odds']) {
        const open = new RegExp(`^clubhouse_live_streams\\{stream="${stream}"\\} 0$`, 'm');
        assert.match(metrics.body, open, `no ${stream} stream is held open`);
      }
      const opened = await openStream(url, headers);
      try {
        assert.equal(opened.status, 200, 'the one slot of this address is still free');
      } finally {
        opened.close();
      }
      const unknown = await fetch(
        `${live.origin}${PUBLIC}/orgs/${night.org.slug}/events/${unique('nothing')}/leaderboard/stream`,
        { method: 'HEAD', signal: AbortSignal.timeout(STREAM_DEADLINE_MS) },
      );
      assert.equal(unknown.status, 404);
    });
  });

  describeUnlessSkipped(`live leaderboard stream: coalescing [${target.name}]`, target.skip, () => {
    let live: Live;
    before(async () => {
      live = await listening(target, {}, { coalesceMs: 1000 });
    });
    after(async () => {
      await stopHarness(live.h);
    });

    void test('changes in a burst come as fewer events, the last of them the latest boards', async () => {
      const night = await leagueNight(live.h, { golfers: ['Al', 'Bo'] });
      const opened = await stream(live, night);
      try {
        const start = versionOf(await boardBody(live, night));
        await eventOf(opened, start);
        const writes = 10;
        let version = start;
        for (let write = 1; write <= writes; write += 1) {
          const strokes = Array.from({ length: write }, () => 4);
          const golfer = write % 2 === 0 ? 'Al' : 'Bo';
          ({ leaderboardVersion: version } = await score(
            live.h,
            night,
            golfer,
            card(...strokes.slice(0, 9)),
          ));
        }
        assert.equal(version, start + writes);
        const last = await eventOf(opened, version);
        assert.equal(last.data, await boardBody(live, night));
        const sent = eventIds(opened.frames()).slice(1);
        assert.ok(
          sent.length < writes,
          `${writes} writes, ${sent.length} events: ${sent.join(', ')}`,
        );
        assert.deepEqual(
          sent,
          [...sent].sort((a, b) => a - b),
          'in order, never the same twice',
        );
        assert.equal(new Set(sent).size, sent.length);
      } finally {
        opened.close();
      }
    });
  });

  describeUnlessSkipped(
    `live leaderboard stream: a slow reader [${target.name}]`,
    target.skip,
    () => {
      let live: Live;
      before(async () => {
        live = await listening(target, {}, { coalesceMs: 5, keepAliveMs: 60_000 });
      });
      after(async () => {
        await stopHarness(live.h);
      });

      void test('a subscriber that does not read is cut; the others get every board', async () => {
        const night = await bigNight(live.h, 300);
        const url = new URL(`${live.origin}${nightPath(night)}/leaderboard/stream`);
        // A client that sends its request and never reads: the kernel's buffers fill up.
        const slow = connect({ host: url.hostname, port: Number(url.port) });
        const slowState = { closed: false };
        slow.on('close', () => (slowState.closed = true));
        slow.on('error', () => undefined);
        await new Promise<void>((resolve) => slow.once('connect', resolve));
        slow.write(`GET ${url.pathname} HTTP/1.1\r\nHost: ${url.host}\r\n\r\n`);
        slow.pause();
        const fast = await stream(live, night);
        try {
          const golfers = night.golfers;
          const deadline = Date.now() + 120_000;
          let version = versionOf(await boardBody(live, night));
          let writes = 0;
          while (!(await dropped(live))) {
            assert.ok(Date.now() < deadline, `not cut after ${writes} writes`);
            const golfer = golfers[writes % golfers.length];
            assert.ok(golfer !== undefined);
            const holes = Array.from({ length: 18 }, (_, hole) => 3 + ((hole + writes) % 4));
            ({ leaderboardVersion: version } = await score(
              live.h,
              night,
              golfer.first_name,
              holes,
            ));
            writes += 1;
            // The fast reader keeps up: it has every board before the next write.
            await eventOf(fast, version);
          }
          assert.ok(!fast.ended(), 'the reader that keeps up is still connected');
          const final = await eventOf(fast, version);
          assert.equal(final.data, await boardBody(live, night));
          const ids = eventIds(fast.frames());
          assert.deepEqual(
            ids,
            [...ids].sort((a, b) => a - b),
          );
          slow.resume();
          await eventually('the slow connection is closed', () => slowState.closed, {
            withinMs: STREAM_DEADLINE_MS,
            everyMs: 10,
          });
        } finally {
          fast.close();
          slow.destroy();
        }
      });
    },
  );

  describeUnlessSkipped(
    `live leaderboard stream: a closing app [${target.name}]`,
    target.skip,
    () => {
      void test('closing the app ends every stream with a retry hint, and nothing holds it up', async () => {
        const live = await listening(target);
        let stopped = false;
        try {
          const night = await leagueNight(live.h, { golfers: ['Al'] });
          const streams = [await stream(live, night), await stream(live, night)];
          const version = versionOf(await boardBody(live, night));
          for (const opened of streams) await eventOf(opened, version);
          await stopHarness(live.h);
          stopped = true;
          for (const opened of streams) {
            await opened.waitForEnd();
            const last = opened.frames().at(-1);
            const retry = Number(last?.retry);
            assert.ok(
              retry >= 2000 && retry <= 5000,
              `a retry hint last: ${opened.text().slice(-80)}`,
            );
          }
        } finally {
          if (!stopped) await stopHarness(live.h);
        }
      });
    },
  );
}

/** An event of its own with `size` golfers on eighteen holes, entered in one statement. */
async function bigNight(h: Harness, size: number): Promise<NightSetup> {
  const db = h.database.db;
  const org = await h.org();
  const league = await h.league(org);
  const event = await createNight(h, org, null);
  const users = await db
    .insertInto('users')
    .values(
      Array.from({ length: size }, (_, index) => ({
        email: `${unique('field')}-${index}@example.com`,
        first_name: `Player${index}`,
        last_name: 'Longname-Fieldington',
      })),
    )
    .returningAll()
    .execute();
  await db
    .insertInto('event_entries')
    .values(users.map((user) => ({ event_id: event.id, user_id: user.id, team_name: 'Field' })))
    .execute();
  const pars = Array.from({ length: 18 }, (_, hole) => [4, 4, 3, 5][hole % 4] ?? 4);
  const { event: scored } = await patchEvent(db, org.slug, event.id, { pars });
  return { org, league, event: scored, golfers: users, teams: new Map() };
}

/** Whether the app has cut a slow subscriber, as its metrics say. */
async function dropped(live: Live): Promise<boolean> {
  const metrics = await fetch(`${live.origin}/metrics`).then((response) => response.text());
  return /^clubhouse_live_stream_drops_total\{reason="slow",stream="leaderboard"\} [1-9]/m.test(
    metrics,
  );
}
