import { performance } from 'node:perf_hooks';
import type { OutgoingHttpHeaders } from 'node:http';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import { Counter, Gauge, type Registry } from 'prom-client';
import type { DataVersion } from '../db/data-version.js';
import { sendPlainText } from '../http/edge/errors.js';
import { SECURITY_HEADERS } from '../http/edge/security-headers.js';
import { StreamConnection, sseComment, sseEvent, sseRetry } from './sse.js';

/** How the live stream paces itself; the defaults are the documented ones. */
export interface StreamTiming {
  /** Changes within this window after the first are sent as one event. */
  coalesceMs: number;
  /** A comment this often keeps idle connections (and the proxies on the way) open. */
  keepAliveMs: number;
  /** The reconnection delay the stream asks of clients. */
  retryMs: number;
  /** While changes of other instances could go unheard, watched boards are read this often. */
  pollMs: number;
}

const DEFAULT_STREAM_TIMING: StreamTiming = {
  coalesceMs: 250,
  keepAliveMs: 15_000,
  retryMs: 2000,
  pollMs: 1000,
};

/** How long a client refused for the instance's stream cap should wait. */
const FULL_RETRY_AFTER_SECONDS = 5;
/** After a failed read of the boards, the next attempt comes this much later. */
const REFRESH_RETRY_MS = 1000;
/**
 * Streams ended by a shutdown ask for a reconnection spread over this much more than the
 * usual delay, so that the instances that remain are not reconnected to all at once.
 */
const SHUTDOWN_RETRY_SPREAD_MS = 3000;

const STREAM_HEADERS: Readonly<Record<string, string>> = {
  'content-type': 'text/event-stream; charset=utf-8',
  'cache-control': 'no-store',
  // One stream per connection: when it ends, so does the connection.
  connection: 'close',
  // Proxies that buffer answers (nginx) pass this one on as it comes.
  'x-accel-buffering': 'no',
};

/** What a live topic shows at one version: the data of its stream's events. */
export interface LiveSnapshot {
  version: number;
  /** The event's data, JSON on one line: the very bytes of the topic's JSON read. */
  data: string;
}

/**
 * What one resource streams (a leaderboard, say): its topics' versions, read in one query
 * for all watched topics of the orgs that changed, and a topic's snapshot, read once per
 * version.
 */
export interface LiveSource<Topic> {
  /** The name of its server-sent events. */
  event: string;
  /** A topic's identity within the source. */
  key(topic: Topic): number;
  /** The org whose data the topic shows: only that org's changes make it be read again. */
  orgId(topic: Topic): number;
  /** The current version of each topic; a missing one counts as version 0. */
  versions(topics: readonly Topic[]): Promise<ReadonlyMap<number, number>>;
  read(topic: Topic): Promise<LiveSnapshot>;
}

export interface LiveHubOptions {
  /** Moves per org on every committed change, this instance's or (PostgreSQL) another's. */
  version: DataVersion;
  maxStreams: number;
  streamsPerIp: number;
  registry: Registry;
  log: FastifyBaseLogger;
  timing?: Partial<StreamTiming> | undefined;
}

/** A topic's snapshot as last sent: the version and the framed event, built once. */
interface Frame {
  version: number;
  bytes: Buffer;
  /** The stream's opening and this event, as a new subscriber is sent them; built once. */
  greeting?: Buffer;
}

interface Subscriber {
  connection: StreamConnection;
  /** The version this subscriber has last been sent; -1 until its stream has started. */
  version: number;
}

/** A topic with subscribers, and what they were last sent. */
interface Watched<Topic = unknown> {
  source: LiveSource<Topic>;
  topic: Topic;
  id: string;
  orgId: number;
  subscribers: Set<Subscriber>;
  frame: Frame | undefined;
  /** The data version of the event's org at which `frame` was last known to be current. */
  checkedAt: number;
  /** A read of the boards in progress, which subscribers arriving meanwhile share. */
  loading: Promise<Frame> | undefined;
}

function frameOf(event: string, snapshot: LiveSnapshot): Frame {
  return {
    version: snapshot.version,
    bytes: sseEvent(event, String(snapshot.version), snapshot.data),
  };
}

function lastEventId(request: FastifyRequest): string | undefined {
  const header = request.headers['last-event-id'];
  return Array.isArray(header) ? header[0] : header;
}

/**
 * The live streams of one instance, of every source, by topic, within one pair of caps.
 * Whatever changes an org's data moves its data version; a change of an org with watched
 * topics (a burst within `coalesceMs` counts as one) makes the hub read the version of every
 * watched topic of the orgs that changed, one query per source, and for each topic whose
 * version moved, read and serialize its snapshot once and write the same bytes to each of
 * its subscribers.
 */
export class LiveHub {
  readonly #options: LiveHubOptions;
  readonly #timing: StreamTiming;
  readonly #topics = new Map<string, Watched>();
  readonly #streamsByIp = new Map<string, number>();
  /** Open streams by source (its event's name), for the metrics; the caps count them all. */
  readonly #streamsBySource = new Map<string, number>();
  #streams = 0;
  #closing = false;
  #refreshTimer: NodeJS.Timeout | undefined;
  #lastRefreshAt = Number.NEGATIVE_INFINITY;
  #refreshing = false;
  #refreshAgain = false;
  readonly #keepAliveTimer: NodeJS.Timeout;
  readonly #pollTimer: NodeJS.Timeout;
  readonly #unsubscribe: () => void;
  readonly #opening: Buffer;
  readonly #keepAlive = sseComment('keep-alive');
  readonly #dropped: Counter<'reason' | 'stream'>;
  readonly #refused: Counter<'reason' | 'stream'>;

  constructor(options: LiveHubOptions) {
    this.#options = options;
    this.#timing = { ...DEFAULT_STREAM_TIMING, ...options.timing };
    this.#opening = Buffer.concat([sseComment('connected'), sseRetry(this.#timing.retryMs)]);
    this.#unsubscribe = options.version.onChange((touched) => {
      if (touched === 'all' || touched.some((org) => this.#watchesOrg(org.id))) this.#changed();
    });
    this.#keepAliveTimer = setInterval(() => this.#sendKeepAlive(), this.#timing.keepAliveMs);
    this.#pollTimer = setInterval(() => {
      if (!options.version.reliable) this.#changed();
    }, this.#timing.pollMs);
    this.#keepAliveTimer.unref();
    this.#pollTimer.unref();
    const open: Gauge<'stream'> = new Gauge({
      name: 'clubhouse_live_streams',
      help: 'Live streams open on this instance, by stream (leaderboard, odds).',
      labelNames: ['stream'] as const,
      registers: [options.registry],
      collect: () => {
        for (const [stream, count] of this.#streamsBySource) open.set({ stream }, count);
      },
    });
    this.#dropped = new Counter({
      name: 'clubhouse_live_stream_drops_total',
      help: 'Live streams cut by the server (slow: a write had not drained by the next).',
      labelNames: ['reason', 'stream'] as const,
      registers: [options.registry],
    });
    this.#refused = new Counter({
      name: 'clubhouse_live_stream_refusals_total',
      help: 'Live streams refused at the per-IP (429) or per-instance (503) cap.',
      labelNames: ['reason', 'stream'] as const,
      registers: [options.registry],
    });
  }

  /** Open streams on this instance. */
  get size(): number {
    return this.#streams;
  }

  /**
   * Opens a stream of the source's topic that `findTopic` resolves (its failures, a 404 for
   * one, are answered as usual), within the per-IP and per-instance caps.
   */
  async open<Topic>(
    request: FastifyRequest,
    reply: FastifyReply,
    source: LiveSource<Topic>,
    findTopic: () => Promise<Topic>,
  ): Promise<void> {
    const stream = source.event;
    // Known from its first request on, so that its gauge reads 0 rather than nothing.
    if (!this.#streamsBySource.has(stream)) this.#streamsBySource.set(stream, 0);
    if (request.method === 'HEAD') {
      // A HEAD asks only whether the stream exists: its head, then the end, and no slot held.
      await findTopic();
      this.#startStream(reply);
      reply.raw.end();
      return;
    }
    const ip = request.ip;
    if (this.#streams >= this.#options.maxStreams) {
      await this.#refuse(
        reply,
        { reason: 'instance', stream },
        503,
        'Service Unavailable: this server holds all the live streams it can.',
      );
      return;
    }
    if ((this.#streamsByIp.get(ip) ?? 0) >= this.#options.streamsPerIp) {
      await this.#refuse(
        reply,
        { reason: 'per-ip', stream },
        429,
        'Too Many Requests: too many live streams open from this address.',
      );
      return;
    }
    // The slot is taken before anything is awaited, so that concurrent opens never pass a cap.
    this.#streams += 1;
    this.#streamsBySource.set(stream, (this.#streamsBySource.get(stream) ?? 0) + 1);
    this.#streamsByIp.set(ip, (this.#streamsByIp.get(ip) ?? 0) + 1);
    let released = false;
    let watched: Watched | undefined;
    let subscriber: Subscriber | undefined;
    const release = () => {
      if (released) return;
      released = true;
      this.#streams -= 1;
      this.#streamsBySource.set(stream, (this.#streamsBySource.get(stream) ?? 1) - 1);
      const left = (this.#streamsByIp.get(ip) ?? 1) - 1;
      if (left === 0) this.#streamsByIp.delete(ip);
      else this.#streamsByIp.set(ip, left);
      if (watched !== undefined && subscriber !== undefined) this.#leave(watched, subscriber);
    };
    const response = reply.raw;
    response.once('close', release);
    try {
      const topic = this.#watch(source, await findTopic());
      watched = topic;
      subscriber = {
        connection: new StreamConnection(response, (reason) =>
          this.#dropped.inc({ reason, stream }),
        ),
        version: -1,
      };
      // Watched from now on, so a change while the snapshot is read is not missed.
      topic.subscribers.add(subscriber);
      const snapshot = await this.#snapshot(topic);
      this.#startStream(reply);
      if (this.#closing) {
        // Started during a shutdown: the client is sent on at once.
        subscriber.connection.end(sseRetry(this.#timing.retryMs));
        return;
      }
      const resumed = lastEventId(request) === String(snapshot.version);
      subscriber.connection.write(
        resumed
          ? this.#opening
          : (snapshot.greeting ??= Buffer.concat([this.#opening, snapshot.bytes])),
      );
      subscriber.version = snapshot.version;
      // A change read while this one was starting is sent now.
      this.#deliver(topic, subscriber);
    } catch (error) {
      response.off('close', release);
      release();
      throw error;
    }
  }

  /** Answers a stream the caps do not allow, counted by which cap refused it. */
  async #refuse(
    reply: FastifyReply,
    labels: { reason: 'instance' | 'per-ip'; stream: string },
    status: 429 | 503,
    message: string,
  ): Promise<void> {
    this.#refused.inc(labels);
    void reply.header('retry-after', String(FULL_RETRY_AFTER_SECONDS));
    await sendPlainText(reply, status, message);
  }

  /**
   * Takes the reply from Fastify and writes the stream's head with the headers the edge set
   * (rate limit, CORS) and those every answer carries; a client already gone gets nothing.
   */
  #startStream(reply: FastifyReply): void {
    void reply.hijack();
    if (reply.raw.destroyed) return;
    const headers: OutgoingHttpHeaders = {};
    for (const [name, value] of Object.entries(reply.getHeaders())) {
      if (value !== undefined) headers[name] = value;
    }
    reply.raw.writeHead(200, {
      ...headers,
      ...SECURITY_HEADERS,
      ...STREAM_HEADERS,
    });
  }

  #watch<Topic>(source: LiveSource<Topic>, topic: Topic): Watched {
    const id = `${source.event}:${source.key(topic)}`;
    let watched = this.#topics.get(id);
    if (watched === undefined) {
      const added: Watched<Topic> = {
        source,
        topic,
        id,
        orgId: source.orgId(topic),
        subscribers: new Set(),
        frame: undefined,
        checkedAt: -1,
        loading: undefined,
      };
      watched = added;
      this.#topics.set(id, watched);
    }
    return watched;
  }

  #leave(topic: Watched, subscriber: Subscriber): void {
    topic.subscribers.delete(subscriber);
    if (topic.subscribers.size === 0 && this.#topics.get(topic.id) === topic) {
      this.#topics.delete(topic.id);
    }
  }

  #watchesOrg(orgId: number): boolean {
    for (const topic of this.#topics.values()) if (topic.orgId === orgId) return true;
    return false;
  }

  #orgVersion(topic: Watched): number {
    return this.#options.version.ofOrgId(topic.orgId);
  }

  /** The current snapshot of a topic: kept while its org has not changed, else read once for all. */
  async #snapshot(topic: Watched): Promise<Frame> {
    const { version } = this.#options;
    if (
      topic.frame !== undefined &&
      topic.checkedAt === this.#orgVersion(topic) &&
      version.reliable
    ) {
      return topic.frame;
    }
    topic.loading ??= this.#load(topic).finally(() => {
      topic.loading = undefined;
    });
    return topic.loading;
  }

  async #load(topic: Watched): Promise<Frame> {
    const checkedAt = this.#orgVersion(topic);
    return this.#keep(topic, await topic.source.read(topic.topic), checkedAt);
  }

  /** Keeps the newer of the topic's frame and `snapshot`, framed once here. */
  #keep(topic: Watched, snapshot: LiveSnapshot, checkedAt: number): Frame {
    if (topic.frame === undefined || snapshot.version > topic.frame.version) {
      topic.frame = frameOf(topic.source.event, snapshot);
    }
    topic.checkedAt = Math.max(topic.checkedAt, checkedAt);
    return topic.frame;
  }

  /** Sends the topic's frame to a subscriber that has started and not had it yet. */
  #deliver(topic: Watched, subscriber: Subscriber): void {
    const frame = topic.frame;
    if (frame === undefined || subscriber.version < 0 || subscriber.version >= frame.version)
      return;
    subscriber.version = frame.version;
    subscriber.connection.write(frame.bytes);
  }

  /**
   * Schedules a refresh: at once after a quiet spell, else `coalesceMs` after the last one,
   * so a lone score reaches subscribers without waiting and a burst costs one read per spell.
   */
  #changed(): void {
    if (this.#closing || this.#topics.size === 0 || this.#refreshTimer !== undefined) return;
    const wait = Math.max(0, this.#lastRefreshAt + this.#timing.coalesceMs - performance.now());
    this.#refreshTimer = setTimeout(() => {
      this.#refreshTimer = undefined;
      this.#lastRefreshAt = performance.now();
      void this.#refresh();
    }, wait);
  }

  /** Reads what moved since the last look and sends it; one refresh at a time. */
  async #refresh(): Promise<void> {
    if (this.#refreshing) {
      this.#refreshAgain = true;
      return;
    }
    this.#refreshing = true;
    try {
      // Only the topics of orgs changed since they were last checked; unheard changes
      // (the feed down) move every org's version, so every topic is read then.
      const bySource = new Map<LiveSource<unknown>, { topic: Watched; checkedAt: number }[]>();
      for (const topic of this.#topics.values()) {
        const checkedAt = this.#orgVersion(topic);
        if (topic.checkedAt === checkedAt && this.#options.version.reliable) continue;
        const ofSource = bySource.get(topic.source) ?? [];
        ofSource.push({ topic, checkedAt });
        bySource.set(topic.source, ofSource);
      }
      for (const [source, topics] of bySource) {
        const versions = await source.versions(topics.map(({ topic }) => topic.topic));
        for (const { topic, checkedAt } of topics) {
          const stored = versions.get(source.key(topic.topic)) ?? 0;
          if (topic.frame !== undefined && stored <= topic.frame.version) {
            topic.checkedAt = Math.max(topic.checkedAt, checkedAt);
            continue;
          }
          if (topic.subscribers.size === 0) continue;
          this.#keep(topic, await source.read(topic.topic), checkedAt);
          for (const subscriber of topic.subscribers) this.#deliver(topic, subscriber);
        }
      }
    } catch (error) {
      this.#options.log.warn({ err: error }, 'live topics could not be read; trying again');
      setTimeout(() => this.#changed(), REFRESH_RETRY_MS).unref();
    } finally {
      this.#refreshing = false;
      if (this.#refreshAgain) {
        this.#refreshAgain = false;
        this.#changed();
      }
    }
  }

  #sendKeepAlive(): void {
    for (const topic of this.#topics.values()) {
      for (const subscriber of topic.subscribers) {
        if (subscriber.version >= 0) subscriber.connection.write(this.#keepAlive);
      }
    }
  }

  /**
   * Ends every stream with a reconnection hint, so that clients go on with another
   * instance, and takes no new ones. Nothing waits for slow clients: they are cut.
   */
  close(): void {
    this.#closing = true;
    this.#unsubscribe();
    clearTimeout(this.#refreshTimer);
    clearInterval(this.#keepAliveTimer);
    clearInterval(this.#pollTimer);
    // Streams still reading their first boards end as soon as they start (see `open`).
    for (const topic of [...this.#topics.values()]) {
      for (const subscriber of [...topic.subscribers]) {
        if (subscriber.version < 0) continue;
        const spread = Math.floor(Math.random() * SHUTDOWN_RETRY_SPREAD_MS);
        subscriber.connection.end(sseRetry(this.#timing.retryMs + spread));
      }
    }
  }
}
