import { Redis } from 'ioredis';

/** Hits counted in the current fixed window, and milliseconds until it resets. */
export interface WindowCount {
  count: number;
  resetMs: number;
}

/** Counts hits per key in fixed windows; shared across instances or local to one. */
export interface Counters {
  hit(key: string, windowMs: number, now: number): Promise<WindowCount>;
  close(): Promise<void>;
}

function windowOf(windowMs: number, now: number) {
  const start = Math.floor(now / windowMs) * windowMs;
  return { start, resetMs: start + windowMs - now };
}

/** Per-instance counters, swept as their windows end. */
export class MemoryCounters implements Counters {
  private readonly counts = new Map<string, { count: number; expiresAt: number }>();
  private lastSweep = 0;

  async hit(key: string, windowMs: number, now: number): Promise<WindowCount> {
    const { start, resetMs } = windowOf(windowMs, now);
    this.sweep(now, windowMs);
    const slot = `${key}:${start}`;
    const entry = this.counts.get(slot) ?? { count: 0, expiresAt: start + windowMs };
    entry.count += 1;
    this.counts.set(slot, entry);
    return { count: entry.count, resetMs };
  }

  private sweep(now: number, windowMs: number): void {
    if (now - this.lastSweep < windowMs) return;
    this.lastSweep = now;
    for (const [slot, entry] of this.counts) if (entry.expiresAt <= now) this.counts.delete(slot);
  }

  async close(): Promise<void> {
    this.counts.clear();
  }
}

const PROBE_INTERVAL_MS = 1000;

// INCR and the expiry in one atomic step, so no key outlives its window.
const HIT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return count`;

interface HitCommand {
  clubhouseHit(key: string, ttlMs: number): Promise<number>;
}

/** What the shared counters report about their link to Redis. */
export interface SharedCountersEvents {
  onFallback(error: Error): void;
  onRecovered(): void;
}

/**
 * Counters shared by every instance through Redis. When Redis cannot answer within
 * `timeoutMs`, each instance counts on its own until Redis is back; no request waits on a
 * dead Redis and none fails because of it.
 */
export class SharedCounters implements Counters {
  private readonly redis: Redis;
  private readonly local = new MemoryCounters();
  private fallingBack = false;
  private probing = false;
  private lastProbe = 0;

  constructor(
    url: string,
    private readonly events: SharedCountersEvents,
    timeoutMs = 250,
  ) {
    this.redis = new Redis(url, {
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      commandTimeout: timeoutMs,
      connectTimeout: 1000,
      retryStrategy: (attempt) => Math.min(attempt * 200, 1000),
      lazyConnect: false,
    });
    this.redis.defineCommand('clubhouseHit', { numberOfKeys: 1, lua: HIT_SCRIPT });
    this.redis.on('error', (error: Error) => {
      this.fallBack(error);
    });
  }

  /** Resolves once Redis answers, or after `waitMs` (counting goes on locally until then). */
  async connected(waitMs = 1000): Promise<void> {
    if (this.redis.status === 'ready') return;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(done, waitMs);
      const redis = this.redis;
      function done() {
        clearTimeout(timer);
        redis.off('ready', done);
        resolve();
      }
      redis.once('ready', done);
    });
  }

  private fallBack(error: Error): void {
    if (this.fallingBack) return;
    this.fallingBack = true;
    this.lastProbe = Date.now();
    this.events.onFallback(error);
  }

  /**
   * While falling back, requests never wait on Redis: at most once a second one of them
   * asks Redis, in the background, whether it answers again.
   */
  private probe(): void {
    if (this.probing || Date.now() - this.lastProbe < PROBE_INTERVAL_MS) return;
    if (this.redis.status !== 'ready') return;
    this.probing = true;
    this.lastProbe = Date.now();
    this.redis.ping().then(
      () => {
        this.probing = false;
        if (!this.fallingBack) return;
        this.fallingBack = false;
        this.events.onRecovered();
      },
      () => {
        this.probing = false;
      },
    );
  }

  async hit(key: string, windowMs: number, now: number): Promise<WindowCount> {
    if (this.fallingBack || this.redis.status !== 'ready') {
      if (this.fallingBack) this.probe();
      else this.fallBack(new Error(`redis is ${this.redis.status}`));
      return this.local.hit(key, windowMs, now);
    }
    const { start, resetMs } = windowOf(windowMs, now);
    try {
      const redis = this.redis as Redis & HitCommand;
      const count = await redis.clubhouseHit(`clubhouse:rl:${key}:${start}`, windowMs + 1000);
      return { count, resetMs };
    } catch (error) {
      this.fallBack(error instanceof Error ? error : new Error(String(error)));
      return this.local.hit(key, windowMs, now);
    }
  }

  async close(): Promise<void> {
    this.redis.disconnect();
    await this.local.close();
  }
}
