import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { CHANGE_CHANNEL, announcementIn } from './change-announcements.js';
import type { DataVersion } from './data-version.js';

const RECONNECT_MS = 1000;
const PROBE_WAIT_MS = 1000;
const CONNECT_TIMEOUT_MS = 5000;

/**
 * Moves the version once for every change the database announces for `schema`, for the
 * org(s) the change touched.
 *
 * A change this process commits is heard by the pooled connection that made it, which
 * listens too: PostgreSQL hands a session its own notifications before its COMMIT (or
 * autocommitted statement) returns, so the version has moved by the time the write
 * resolves. Changes of other processes are heard on a connection of the feed's own (the
 * pool's come and go), which leaves this process's own to their connections. While that
 * connection is down the version is unreliable (changes could go unheard), so nothing
 * derived from it may be reused until it listens again; it reconnects by itself. Each
 * connection runs its queries one after another, never two at once.
 */
export class PostgresChangeFeed {
  private client: pg.Client | undefined;
  private reconnectTimer: NodeJS.Timeout | undefined;
  private closed = false;
  /** Server processes of this process's pooled connections. */
  private readonly ownBackends = new Set<number>();

  constructor(
    private readonly clientConfig: pg.ClientConfig,
    private readonly schema: string,
    private readonly version: DataVersion,
  ) {
    void this.connect();
  }

  private async connect(): Promise<void> {
    const client = new pg.Client({
      ...this.clientConfig,
      keepAlive: true,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    });
    // Reliable only once it has heard something: a LISTEN through a transaction-mode
    // pooler, for one, succeeds and then hears nothing.
    const probe = `probe ${randomUUID()}`;
    let heardProbe: () => void = () => undefined;
    const probeHeard = new Promise<true>((resolve) => (heardProbe = () => resolve(true)));
    client.on('notification', (message) => {
      if (message.payload === probe) heardProbe();
      else if (!this.ownBackends.has(message.processId)) this.hear(message.payload);
    });
    client.on('error', () => this.lost(client));
    client.on('end', () => this.lost(client));
    try {
      await client.connect();
      await client.query(`listen ${CHANGE_CHANNEL}`);
      await client.query('select pg_notify($1, $2)', [CHANGE_CHANNEL, probe]);
      const heard = await Promise.race([probeHeard, sleep(PROBE_WAIT_MS, false, { ref: false })]);
      if (!heard) throw new Error('the change feed hears nothing');
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

  /** Makes a new pooled connection hear the changes it commits itself. */
  async watch(client: pg.ClientBase): Promise<void> {
    const { rows } = await client.query<{ pid: number }>('select pg_backend_pid() as pid');
    const pid = rows[0]?.pid;
    if (pid === undefined) throw new Error('the server named no backend process');
    this.ownBackends.add(pid);
    client.on('end', () => this.ownBackends.delete(pid));
    client.on('notification', (message) => {
      if (message.processId === pid) this.hear(message.payload);
    });
    await client.query(`listen ${CHANGE_CHANNEL}`);
  }

  private hear(payload: string | undefined): void {
    const touched = announcementIn(this.schema, payload);
    if (touched !== undefined) this.version.bump(touched);
  }

  private lost(client: pg.Client): void {
    // A client already given up on may still report an error; it changes nothing.
    client.removeAllListeners();
    client.on('error', () => undefined);
    client.end().catch(() => undefined);
    if (this.client !== undefined && this.client !== client) return;
    this.client = undefined;
    if (this.version.reliable) this.version.setReliable(false);
    if (this.closed || this.reconnectTimer !== undefined) return;
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = undefined;
      void this.connect();
    }, RECONNECT_MS);
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
