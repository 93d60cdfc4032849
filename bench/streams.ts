import { get, request, type IncomingMessage } from 'node:http';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { ADMIN_BASE_PATH, PUBLIC_BASE_PATH } from '../src/http/base-paths.js';
import { DEMO_LIVE_NIGHT_SLUG, DEMO_ORG_SLUG, seedDemo } from '../src/cli/seed-demo.js';
import { openMigrated, type DatabaseSpec } from './database.js';
import type { DatabaseKind } from '../src/db/connection.js';
import type { ChildServer } from './ipc.js';
import { count, machine, mib, ms } from './report.js';

/**
 * Live leaderboard streams at scale: many subscribers of one league night on one instance,
 * score writes through the admin API, and the time each subscriber takes to get the new board.
 */

export const STREAM_ADMIN_TOKEN = 'bench-admin-token-0123456789';

/** Streams opened at once while the bench connects its subscribers. */
const OPENING_BATCH = 200;
/** A subscriber that has not seen a write's board by then counts as missed. */
const DELIVERY_DEADLINE_MS = 10_000;
/** Time between score writes, longer than the hub's coalescing so each write is its own board. */
const WRITE_INTERVAL_MS = 1_000;

/** The targets of the live streams: RSS with every stream open, and delivery's 99th percentile. */
const STREAM_RSS_TARGET_BYTES = 300 * 2 ** 20;
const STREAM_P99_TARGET_MS = 500;

export interface StreamSettings {
  streams: number;
  writes: number;
}

/** The night the subscribers watch and one card of its field to rewrite. */
export interface LiveNight {
  eventId: number;
  userId: number;
  holes: (number | null)[];
}

export interface StreamReport {
  settings: StreamSettings;
  opened: number;
  openSeconds: number;
  /** Server RSS before the streams, with all of them open, and its peak over the run. */
  idleRss: number;
  openRss: number;
  peakRss: number;
  /** Per write: from sending the score to the last subscriber's receipt of the new board. */
  writes: { version: number; writeMs: number; delivered: number; p50Ms: number; p99Ms: number }[];
  /** Server CPU time (user and system) per score write, delivery to every stream included. */
  serverCpuMsPerWrite: number;
  /** Every (subscriber, write) pair together. */
  delivery: { samples: number; missed: number; p50Ms: number; p99Ms: number; maxMs: number };
  /** Whether the first frame's data is byte for byte the `/leaderboard` answer. */
  snapshotIsReadAnswer: boolean;
}

/** Seeds the demo org into the bench database and finds its live night and one scored golfer. */
export async function seedLiveNight(spec: DatabaseSpec): Promise<LiveNight> {
  const database = await openMigrated(spec);
  try {
    await seedDemo(database.db, new Date());
    const { rows } = await sql<{ event_id: number; user_id: number; holes: (number | null)[] }>`
      select c.event_id, c.user_id, c.holes
      from score_cards c join events e on e.id = c.event_id
      where e.slug = ${DEMO_LIVE_NIGHT_SLUG}
      order by c.user_id
      limit 1
    `.execute(database.db);
    const [card] = rows;
    if (card === undefined) throw new Error('the demo live night has no score card');
    return { eventId: card.event_id, userId: card.user_id, holes: card.holes };
  } finally {
    await database.close();
  }
}

const FRAME_END = Buffer.from('\n\n');
const ID_FIELD = Buffer.from('\nid: ');
const DATA_FIELD = 'data: ';

/**
 * One open stream: remembers when it first saw each event id. Reading is kept to a byte
 * search per chunk, so that the bench process, not the server, is never what delays delivery.
 */
class Subscriber {
  readonly seen = new Map<number, number>();
  firstData: string | undefined;
  #pending: Buffer = Buffer.alloc(0);
  #waiters: { id: number; resolve: () => void }[] = [];

  constructor(readonly response: IncomingMessage) {
    response.on('data', (chunk: Buffer) => this.#read(chunk));
  }

  #read(chunk: Buffer): void {
    const at = performance.now();
    const data = this.#pending.length === 0 ? chunk : Buffer.concat([this.#pending, chunk]);
    const end = data.lastIndexOf(FRAME_END);
    if (end === -1) {
      this.#pending = data;
      return;
    }
    this.#pending = Buffer.from(data.subarray(end + FRAME_END.length));
    let from = 0;
    for (;;) {
      const field = data.indexOf(ID_FIELD, from);
      if (field === -1 || field > end) break;
      const valueAt = field + ID_FIELD.length;
      const lineEnd = data.indexOf(10, valueAt);
      this.#event(Number(data.toString('latin1', valueAt, lineEnd)), at);
      this.firstData ??= data
        .toString('utf8', lineEnd + 1, data.indexOf(FRAME_END, lineEnd))
        .split('\n')
        .filter((line) => line.startsWith(DATA_FIELD))
        .map((line) => line.slice(DATA_FIELD.length))
        .join('\n');
      from = lineEnd;
    }
  }

  #event(id: number, at: number): void {
    if (!this.seen.has(id)) this.seen.set(id, at);
    this.#waiters = this.#waiters.filter((waiter) => {
      if (id < waiter.id) return true;
      waiter.resolve();
      return false;
    });
  }

  /** Resolves once an event with `id` or later has arrived. */
  reached(id: number): Promise<void> {
    if ([...this.seen.keys()].some((seen) => seen >= id)) return Promise.resolve();
    return new Promise((resolve) => this.#waiters.push({ id, resolve }));
  }

  /** When the first event with `id` or later arrived. */
  arrival(id: number): number | undefined {
    let first: number | undefined;
    for (const [seen, at] of this.seen) {
      if (seen >= id && (first === undefined || at < first)) first = at;
    }
    return first;
  }

  close(): void {
    this.response.destroy();
  }
}

function subscribe(port: number, path: string): Promise<Subscriber> {
  return new Promise((resolve, reject) => {
    const outgoing = get(
      { host: '127.0.0.1', port, path, agent: false, headers: { accept: 'text/event-stream' } },
      (response) => {
        if (response.statusCode !== 200) {
          response.resume();
          reject(new Error(`stream answered ${String(response.statusCode)}`));
          return;
        }
        const subscriber = new Subscriber(response);
        subscriber.reached(0).then(() => resolve(subscriber), reject);
      },
    );
    outgoing.on('error', reject);
  });
}

/** One request to the server with the bench's admin token, its status and text. */
export function send(
  port: number,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const outgoing = request(
      {
        host: '127.0.0.1',
        port,
        path,
        method,
        headers: {
          authorization: `Bearer ${STREAM_ADMIN_TOKEN}`,
          ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
        },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, text }));
        response.on('error', reject);
      },
    );
    outgoing.on('error', reject);
    outgoing.end(payload);
  });
}

/** Nearest-rank percentile of ascending `sorted`. */
function percentile(sorted: number[], fraction: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)] ?? Number.NaN;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function openAll(port: number, path: string, count: number): Promise<Subscriber[]> {
  const subscribers: Subscriber[] = [];
  while (subscribers.length < count) {
    const batch = Math.min(OPENING_BATCH, count - subscribers.length);
    subscribers.push(
      ...(await Promise.all(Array.from({ length: batch }, () => subscribe(port, path)))),
    );
  }
  return subscribers;
}

/** The admin path that rewrites the night's one card. */
export function scorePath(night: LiveNight): string {
  return `${ADMIN_BASE_PATH}/orgs/${DEMO_ORG_SLUG}/events/${night.eventId}/scores/${night.userId}`;
}

/** The night's card with its first hole alternating, so that every write is a new board. */
export function rewrittenHoles(night: LiveNight, round: number): (number | null)[] {
  const holes = [...night.holes];
  holes[0] = round % 2 === 0 ? 3 : 4;
  return holes;
}

/** The night's card with every hole played, its first alternating: a complete card changed. */
export function completedHoles(night: LiveNight, round: number): number[] {
  return night.holes.map((strokes, hole) => (hole === 0 ? 3 + (round % 2) : (strokes ?? 4)));
}

/** Writes one score change and waits until every subscriber has the new board or the deadline. */
async function writeAndDeliver(
  server: ChildServer,
  night: LiveNight,
  round: number,
  all: Subscriber[],
) {
  const sentAt = performance.now();
  const answer = await send(server.port, 'PUT', scorePath(night), {
    holes: rewrittenHoles(night, round),
  });
  const writeMs = performance.now() - sentAt;
  if (answer.status !== 200)
    throw new Error(`score write answered ${answer.status}: ${answer.text}`);
  const { leaderboardVersion } = JSON.parse(answer.text) as { leaderboardVersion: number };
  await Promise.race([
    Promise.all(all.map((subscriber) => subscriber.reached(leaderboardVersion))),
    sleep(DELIVERY_DEADLINE_MS),
  ]);
  const delays = all
    .map((subscriber) => subscriber.arrival(leaderboardVersion))
    .filter((at): at is number => at !== undefined)
    .map((at) => at - sentAt)
    .sort((a, b) => a - b);
  return { version: leaderboardVersion, writeMs, delays };
}

/** Opens `settings.streams` subscribers on `server`, writes scores and measures delivery. */
export async function benchStreams(
  server: ChildServer,
  night: LiveNight,
  settings: StreamSettings,
  progress: (line: string) => void,
): Promise<StreamReport> {
  const eventPath = `${PUBLIC_BASE_PATH}/orgs/${DEMO_ORG_SLUG}/events/${DEMO_LIVE_NIGHT_SLUG}`;
  const read = await send(server.port, 'GET', `${eventPath}/leaderboard`);
  const idle = await server.sampleRss(() => Promise.resolve());
  progress(`streams: opening ${settings.streams}`);
  // The child samples one phase at a time: opening, holding, then the writes.
  const opening = await server.sampleRss(async () => {
    const openedAt = performance.now();
    const opened = await openAll(server.port, `${eventPath}/leaderboard/stream`, settings.streams);
    return { opened, openSeconds: (performance.now() - openedAt) / 1000 };
  });
  const { opened: subscribers, openSeconds } = opening.result;
  try {
    const holding = await server.sampleRss(() => sleep(WRITE_INTERVAL_MS));
    const writing = await server.sampleRss(async () => {
      const measured = [];
      for (let round = 0; round < settings.writes; round += 1) {
        progress(`streams: score write ${round + 1} of ${settings.writes}`);
        measured.push(await writeAndDeliver(server, night, round, subscribers));
        await sleep(WRITE_INTERVAL_MS);
      }
      return measured;
    });
    const writes = writing.result;
    const peakRss = Math.max(opening.peakRss, holding.peakRss, writing.peakRss);
    return summarize(settings, subscribers, read.text, writes, {
      openSeconds,
      idleRss: idle.peakRss,
      openRss: holding.peakRss,
      peakRss,
      serverCpuMsPerWrite: writing.cpuMicros / 1000 / settings.writes,
    });
  } finally {
    for (const subscriber of subscribers) subscriber.close();
  }
}

function summarize(
  settings: StreamSettings,
  subscribers: Subscriber[],
  readAnswer: string,
  writes: Awaited<ReturnType<typeof writeAndDeliver>>[],
  measured: Pick<
    StreamReport,
    'openSeconds' | 'idleRss' | 'openRss' | 'peakRss' | 'serverCpuMsPerWrite'
  >,
): StreamReport {
  const all = writes.flatMap((write) => write.delays).sort((a, b) => a - b);
  const expected = writes.length * subscribers.length;
  return {
    settings,
    opened: subscribers.length,
    ...measured,
    writes: writes.map(({ version, writeMs, delays }) => ({
      version,
      writeMs,
      delivered: delays.length,
      p50Ms: percentile(delays, 0.5),
      p99Ms: percentile(delays, 0.99),
    })),
    delivery: {
      samples: all.length,
      missed: expected - all.length,
      p50Ms: percentile(all, 0.5),
      p99Ms: percentile(all, 0.99),
      maxMs: all.at(-1) ?? Number.NaN,
    },
    snapshotIsReadAnswer: subscribers.every((subscriber) => subscriber.firstData === readAnswer),
  };
}

/** The streams section of the report, with the targets beside the figures. */
export function renderStreamReport(report: StreamReport, database: DatabaseKind): string {
  const { settings, delivery } = report;
  const rssTarget = report.peakRss <= STREAM_RSS_TARGET_BYTES ? 'met' : 'NOT met';
  const deliveryTarget =
    delivery.missed === 0 && delivery.p99Ms <= STREAM_P99_TARGET_MS ? 'met' : 'NOT met';
  const rows = report.writes.map(
    (write, index) =>
      `| ${index + 1} | ${write.version} | ${ms(write.writeMs)} | ${count(write.delivered)} of ${count(report.opened)} | ${ms(write.p50Ms)} | ${ms(write.p99Ms)} |`,
  );
  return [
    '## Live leaderboard streams',
    '',
    `- Machine: ${machine()}; database: ${database === 'pglite' ? 'PGlite (embedded)' : 'PostgreSQL'}`,
    `- Setup: the demo org's live night; ${count(settings.streams)} subscribers of its \`/leaderboard/stream\` on one instance (a child process), opened ${OPENING_BATCH} at a time from the bench process in ${ms(report.openSeconds)} s; then ${count(settings.writes)} score writes through the admin API, ${WRITE_INTERVAL_MS} ms apart`,
    '- Delivery: from sending the score `PUT` to the moment each subscriber has read the new board (the write itself included)',
    `- Snapshot: every subscriber's first event carried the bytes of the \`/leaderboard\` answer: ${report.snapshotIsReadAnswer ? 'yes' : 'NO'}`,
    `- Server RSS: ${mib(report.idleRss)} before the streams, ${mib(report.openRss)} with ${count(report.opened)} open, peak ${mib(report.peakRss)} (target ≤ ${mib(STREAM_RSS_TARGET_BYTES)}: ${rssTarget})`,
    `- Delivery over all writes: ${count(delivery.samples)} boards received, ${count(delivery.missed)} missed; p50 ${ms(delivery.p50Ms)} ms, p99 ${ms(delivery.p99Ms)} ms, max ${ms(delivery.maxMs)} ms (target p99 ≤ ${STREAM_P99_TARGET_MS} ms: ${deliveryTarget})`,
    `- Server CPU per score write, delivery to every stream included (the 1 s pauses between writes too): ${ms(report.serverCpuMsPerWrite)} ms`,
    '',
    '| Write | Board version | Write ms | Received | p50 ms | p99 ms |',
    '| ---: | ---: | ---: | ---: | ---: | ---: |',
    ...rows,
    '',
  ].join('\n');
}
