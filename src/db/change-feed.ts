import { randomUUID } from 'node:crypto';
import { CompiledQuery, type DatabaseConnection } from 'kysely';
import pg from 'pg';
import type { ChangePublisher } from './change-tracking.js';
import type { DataVersion } from './data-version.js';

const CHANNEL = 'clubhouse_changes';
const RECONNECT_MS = 1000;
const DELIVERY_WAIT_MS = 1000;

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
  private readonly waiting = new Map<string, () => void>();
  /** Own announcements heard before anyone waited for them. */
  private readonly heard = new Set<string>();

  constructor(
    private readonly clientConfig: pg.ClientConfig,
    private readonly version: DataVersion,
  ) {
    void this.connect();
  }

  private async connect(): Promise<void> {
    const client = new pg.Client(this.clientConfig);
    client.on('notification', (message) => {
      this.version.bump();
      const ticket = message.payload ?? '';
      const release = this.waiting.get(ticket);
      if (release !== undefined) release();
      else if (ticket.startsWith(this.instance)) this.hear(ticket);
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

  private lost(client: pg.Client): void {
    if (this.client === client) this.client = undefined;
    if (this.version.reliable) this.version.setReliable(false);
    for (const release of this.waiting.values()) release();
    client.removeAllListeners('end');
    client.end().catch(() => undefined);
    if (this.closed || this.reconnectTimer !== undefined) return;
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = undefined;
      void this.connect();
    }, RECONNECT_MS);
  }

  private hear(ticket: string): void {
    // Bounded: a ticket nobody waits for (its transaction failed) is never heard at all.
    if (this.heard.size >= 1000) this.heard.clear();
    this.heard.add(ticket);
  }

  async announce(connection: DatabaseConnection): Promise<string> {
    this.sequence += 1;
    const ticket = `${this.instance}:${this.sequence}`;
    await connection.executeQuery(CompiledQuery.raw('select pg_notify($1, $2)', [CHANNEL, ticket]));
    return ticket;
  }

  /**
   * Waits (up to a second) until this process hears its own announcement: PostgreSQL has
   * then sent it to every listening process, so none of them serves what the write changed.
   */
  async delivered(ticket: string): Promise<void> {
    if (this.heard.delete(ticket) || this.client === undefined) return;
    await new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.waiting.delete(ticket);
        resolve();
      };
      const timer = setTimeout(done, DELIVERY_WAIT_MS);
      this.waiting.set(ticket, done);
    });
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
