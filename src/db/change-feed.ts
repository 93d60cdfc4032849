import { randomUUID } from 'node:crypto';
import { CompiledQuery, type DatabaseConnection } from 'kysely';
import pg from 'pg';
import type { ChangePublisher } from './change-tracking.js';
import type { DataVersion } from './data-version.js';

const CHANNEL = 'clubhouse_changes';
/** Where each instance confirms that it heard another's announcement. */
const ACK_CHANNEL = 'clubhouse_change_acks';
/** How the listening connections name themselves, so that a writer can count them. */
const APPLICATION_NAME = 'clubhouse-change-feed';
const RECONNECT_MS = 1000;
const DELIVERY_WAIT_MS = 1000;
const CONNECT_TIMEOUT_MS = 5000;

/**
 * Changes shared between processes through PostgreSQL LISTEN/NOTIFY: each committed write
 * is announced on one channel, and every announcement heard moves the local version. While
 * the listening connection is down the version is unreliable (changes could go unheard),
 * so nothing derived from it may be reused until it listens again.
 */
export class PostgresChangeFeed implements ChangePublisher {
  private client: pg.Client | undefined;
  private reconnectTimer: NodeJS.Timeout | undefined;
  private closed = false;
  private readonly instance = randomUUID();
  private sequence = 0;
  private readonly waiting = new Map<string, (heard: boolean) => void>();
  /** Own announcements heard before anyone waited for them. */
  private readonly heard = new Set<string>();
  /** Confirmations from other instances, by own announcement. */
  private readonly acks = new Map<string, number>();
  private readonly ackWaiters = new Map<string, { needed: number; release: () => void }>();

  constructor(
    private readonly clientConfig: pg.ClientConfig,
    private readonly version: DataVersion,
  ) {
    void this.connect();
  }

  private async connect(): Promise<void> {
    const client = new pg.Client({
      ...this.clientConfig,
      keepAlive: true,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      application_name: APPLICATION_NAME,
    });
    client.on('notification', (message) => {
      const ticket = message.payload ?? '';
      if (message.channel === ACK_CHANNEL) {
        this.acknowledged(ticket);
        return;
      }
      this.version.bump();
      const release = this.waiting.get(ticket);
      if (release !== undefined) release(true);
      else if (ticket.startsWith(this.instance)) this.hear(ticket);
      // Another instance's change: confirmed once this one has dropped what it kept.
      else client.query('select pg_notify($1, $2)', [ACK_CHANNEL, ticket]).catch(() => undefined);
    });
    client.on('error', () => {
      this.lost(client);
    });
    client.on('end', () => {
      this.lost(client);
    });
    try {
      await client.connect();
      await client.query(`listen ${CHANNEL}`);
      await client.query(`listen ${ACK_CHANNEL}`);
      // Trusted only once it has heard something: a LISTEN through a transaction-mode
      // pooler, for one, succeeds and then hears nothing.
      const ticket = this.nextTicket();
      const heard = this.heardWithin(ticket, DELIVERY_WAIT_MS);
      await client.query('select pg_notify($1, $2)', [CHANNEL, ticket]);
      if (!(await heard)) throw new Error('the change feed hears nothing');
    } catch {
      this.lost(client);
      return;
    }
    if (this.closed) {
      await client.end();
      return;
    }
    this.client = client;
    this.version.setReliable(true);
  }

  private nextTicket(): string {
    this.sequence += 1;
    return `${this.instance}:${this.sequence}`;
  }

  /** Resolves true once `ticket` is heard, false after `waitMs`. */
  private async heardWithin(ticket: string, waitMs: number): Promise<boolean> {
    if (this.heard.delete(ticket)) return true;
    return new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => {
        this.waiting.delete(ticket);
        resolve(false);
      }, waitMs);
      this.waiting.set(ticket, (heard) => {
        clearTimeout(timer);
        this.waiting.delete(ticket);
        resolve(heard);
      });
    });
  }

  private lost(client: pg.Client): void {
    // A client already given up on may still report an error; it changes nothing.
    client.removeAllListeners();
    client.on('error', () => undefined);
    client.end().catch(() => undefined);
    if (this.client !== undefined && this.client !== client) return;
    this.client = undefined;
    if (this.version.reliable) this.version.setReliable(false);
    for (const release of this.waiting.values()) release(false);
    if (this.closed || this.reconnectTimer !== undefined) return;
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = undefined;
      void this.connect();
    }, RECONNECT_MS);
  }

  private acknowledged(ticket: string): void {
    if (!ticket.startsWith(this.instance)) return;
    // Bounded like `heard`: acks of an announcement nobody waits for any more.
    if (this.acks.size >= 1000) this.acks.clear();
    const count = (this.acks.get(ticket) ?? 0) + 1;
    this.acks.set(ticket, count);
    const waiter = this.ackWaiters.get(ticket);
    if (waiter !== undefined && count >= waiter.needed) waiter.release();
  }

  /** Waits until `needed` other instances confirmed `ticket`, or `waitMs` passed. */
  private async acknowledgedBy(ticket: string, needed: number, waitMs: number): Promise<void> {
    if ((this.acks.get(ticket) ?? 0) < needed) {
      await new Promise<void>((resolve) => {
        const release = () => {
          clearTimeout(timer);
          this.ackWaiters.delete(ticket);
          resolve();
        };
        const timer = setTimeout(release, waitMs);
        this.ackWaiters.set(ticket, { needed, release });
      });
    }
    this.acks.delete(ticket);
  }

  private hear(ticket: string): void {
    // Bounded: a ticket nobody waits for (its transaction failed) is never heard at all.
    if (this.heard.size >= 1000) this.heard.clear();
    this.heard.add(ticket);
  }

  async announce(connection: DatabaseConnection): Promise<string> {
    const ticket = this.nextTicket();
    await connection.executeQuery(CompiledQuery.raw('select pg_notify($1, $2)', [CHANNEL, ticket]));
    return ticket;
  }

  /**
   * Waits (up to a second) until this process hears its own announcement and every other
   * listening instance has confirmed it, which each does once it has dropped the answers
   * it kept: the write's caller then reads it back from any instance.
   */
  async delivered(ticket: string): Promise<void> {
    const client = this.client;
    if (client === undefined) return;
    const started = Date.now();
    // Not heard back in time: the listener cannot be trusted, so nothing is kept until a
    // new one has proved it hears.
    if (!(await this.heardWithin(ticket, DELIVERY_WAIT_MS))) {
      if (this.client === client) this.lost(client);
      return;
    }
    let listeners: pg.QueryResult<{ count: number }>;
    try {
      listeners = await client.query<{ count: number }>(
        'select count(*)::int as count from pg_stat_activity ' +
          'where application_name = $1 and datname = current_database()',
        [APPLICATION_NAME],
      );
    } catch {
      // The write stands; the listener's own failure is handled by its error event.
      return;
    }
    const others = (listeners.rows[0]?.count ?? 1) - 1;
    const left = DELIVERY_WAIT_MS - (Date.now() - started);
    if (others > 0 && left > 0) await this.acknowledgedBy(ticket, others, left);
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.reconnectTimer);
    const client = this.client;
    this.client = undefined;
    if (client !== undefined) {
      client.removeAllListeners('end');
      await client.end();
    }
  }
}
