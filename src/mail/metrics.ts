import { Counter, Gauge, type Registry } from 'prom-client';
import type { Executor } from '../db/executor.js';
import { countPendingMail } from './outbox.js';

/** What the sender counts as it goes. */
export interface MailMetrics {
  sent: Counter;
  failed: Counter;
}

/**
 * The mail metrics of one app (decisions §18: a metric shows how much mail waits). The
 * pending count is read from the outbox at each scrape, so it covers every instance's mail
 * and holds while `SMTP_URL` is unset; a scrape while the database is away keeps the last
 * count rather than failing the other metrics.
 */
export function createMailMetrics(registry: Registry, db: Executor): MailMetrics {
  new Gauge({
    name: 'clubhouse_mail_outbox_pending',
    help: 'Mails in the outbox not sent yet: waiting for the relay, for a retry, or for SMTP_URL.',
    registers: [registry],
    async collect() {
      try {
        this.set(await countPendingMail(db));
      } catch {
        // The database is away: the readiness probe says so; the last count stands.
      }
    },
  });
  return {
    sent: new Counter({
      name: 'clubhouse_mail_sent_total',
      help: 'Mails this instance handed to the relay, which accepted them.',
      registers: [registry],
    }),
    failed: new Counter({
      name: 'clubhouse_mail_failed_total',
      help: 'Attempts of this instance to send a mail that failed; each mail is tried again later.',
      registers: [registry],
    }),
  };
}
