import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Config } from '../config.js';
import type { DataVersion } from '../db/data-version.js';
import type { Executor } from '../db/executor.js';
import type { MailMetrics } from './metrics.js';
import { claimDueMail, markFailed, markSent, type ClaimedMail } from './outbox.js';

/** How the sender paces itself. */
export interface MailTiming {
  /** How often due mail (retries) is looked for when nothing announces new mail. */
  pollMs: number;
  /** How long a claimed mail is held; an SMTP exchange is cut well before it ends. */
  leaseMs: number;
  /** The first retry's delay; each further one doubles it, up to `retryMaxMs`. */
  retryBaseMs: number;
  retryMaxMs: number;
}

export const DEFAULT_MAIL_TIMING: MailTiming = {
  pollMs: 5_000,
  leaseMs: 120_000,
  retryBaseMs: 10_000,
  retryMaxMs: 15 * 60_000,
};

/** Mails claimed at a time: small, so a slow relay holds few leases. */
const BATCH = 10;

/** The delay before the next try after `attempts` failed ones. */
export function retryDelayMs(attempts: number, timing: MailTiming): number {
  return Math.min(timing.retryMaxMs, timing.retryBaseMs * 2 ** Math.max(0, attempts - 1));
}

/**
 * What a failure says without the address it concerns: an SMTP error's text often quotes
 * the recipient, so only its code and reply code are kept or logged.
 */
function failureWords(error: unknown): string {
  if (typeof error !== 'object' || error === null) return 'unknown failure';
  const { code, responseCode } = error as { code?: unknown; responseCode?: unknown };
  const parts = [typeof code === 'string' ? code : 'ERROR'];
  if (typeof responseCode === 'number') parts.push(`SMTP ${responseCode}`);
  return parts.join(' ');
}

export interface OutboxSender {
  db: Executor;
  version: DataVersion;
  config: Pick<Config, 'smtpUrl' | 'mailFrom'>;
  log: FastifyBaseLogger;
  metrics: MailMetrics;
  timing?: Partial<MailTiming>;
}

/**
 * Sends the outbox's pending mail through `SMTP_URL`, at least once: a mail is claimed
 * under a lease, sent, then marked sent; a refusal or an absent relay schedules a retry
 * with a doubling delay; a crash leaves the lease to run out and the mail to be claimed
 * again. It wakes when the data version moves (a new mail announces its org), on a poll
 * for retries, and at start. Without `SMTP_URL` mail waits in the outbox. Returns what
 * stops it.
 */
export function startOutboxSender(sender: OutboxSender): () => void {
  const { config, log, metrics, version } = sender;
  const timing = { ...DEFAULT_MAIL_TIMING, ...sender.timing };
  if (config.smtpUrl === undefined) {
    log.warn('SMTP_URL is not set: mail waits in the outbox until it is');
    return () => undefined;
  }
  const db = sender.db.withoutPlugins();
  // Each exchange ends long before the lease, so a mail is not sent twice by two holders.
  const exchangeMs = Math.max(1_000, Math.floor(timing.leaseMs / 4));
  const transport = nodemailer.createTransport({
    url: config.smtpUrl,
    connectionTimeout: exchangeMs,
    greetingTimeout: exchangeMs,
    socketTimeout: exchangeMs,
  });
  let running = false;
  let again = false;
  let stopped = false;

  const deliver = async (mail: ClaimedMail): Promise<void> => {
    try {
      await transport.sendMail({
        from: config.mailFrom,
        to: mail.recipient,
        subject: mail.subject,
        text: mail.text_body,
        headers: mail.headers,
      });
      metrics.sent.inc();
      await markSent(db, mail.id, new Date());
    } catch (error) {
      metrics.failed.inc();
      const reason = failureWords(error);
      const retryAt = new Date(Date.now() + retryDelayMs(mail.attempts, timing));
      log.warn({ mail: mail.id, attempts: mail.attempts, reason }, 'mail not sent; retrying later');
      await markFailed(db, mail.id, retryAt, reason);
    }
  };

  const drain = async (): Promise<void> => {
    for (;;) {
      if (stopped) return;
      const claimed = await claimDueMail(db, new Date(), timing.leaseMs, BATCH);
      for (const mail of claimed) await deliver(mail);
      if (claimed.length < BATCH) return;
    }
  };
  // A wake-up while draining runs one more drain after it: a mail committed meanwhile goes too.
  const takeAgain = (): boolean => {
    const wanted = again;
    again = false;
    return wanted && !stopped;
  };
  const run = async (): Promise<void> => {
    if (running) {
      again = true;
      return;
    }
    running = true;
    try {
      do await drain();
      while (takeAgain());
    } catch (error) {
      log.error({ reason: failureWords(error) }, 'the mail outbox could not be read; retrying');
    } finally {
      running = false;
    }
  };

  const unsubscribe = version.onChange(() => void run());
  const poll = setInterval(() => void run(), timing.pollMs);
  poll.unref();
  void run();
  return () => {
    stopped = true;
    clearInterval(poll);
    unsubscribe();
    transport.close();
  };
}
