import { sql } from 'kysely';
import type { Executor } from '../db/executor.js';
import type { OutboxMail } from '../db/schema.js';

/** One mail to leave through the outbox. */
export interface OutgoingMail {
  orgId: number;
  subscriberId: number | null;
  to: string;
  subject: string;
  text: string;
  /** Extra headers, such as `List-Unsubscribe`. */
  headers: Record<string, string>;
  createdAt: Date;
}

/**
 * Puts a mail in the outbox. Called inside the transaction that makes the mail due (a
 * subscription), so that the mail exists exactly when that change committed: a crash
 * after the commit leaves it pending, never lost; a rollback leaves no mail.
 */
export async function enqueueMail(trx: Executor, mail: OutgoingMail): Promise<void> {
  await trx
    .insertInto('mail_outbox')
    .values({
      org_id: mail.orgId,
      subscriber_id: mail.subscriberId,
      recipient: mail.to,
      subject: mail.subject,
      text_body: mail.text,
      headers: JSON.stringify(mail.headers),
      created_at: mail.createdAt,
    })
    .execute();
}

/** A claimed mail, with what sending it needs. */
export type ClaimedMail = Pick<OutboxMail, 'id' | 'subject' | 'headers' | 'attempts'> & {
  recipient: string;
  text_body: string;
};

/**
 * Claims up to `limit` due mails for `leaseMs`: no other sender, on this instance or
 * another, takes them while the lease runs (`FOR UPDATE SKIP LOCKED` lets concurrent
 * claims pass each other instead of waiting or taking the same rows). A sender that dies
 * holding a lease leaves the mail to be claimed again when the lease ends: at least once.
 */
export async function claimDueMail(
  db: Executor,
  now: Date,
  leaseMs: number,
  limit: number,
): Promise<ClaimedMail[]> {
  const leaseEnd = new Date(now.getTime() + leaseMs);
  const { rows } = await sql<ClaimedMail>`
    update mail_outbox set locked_until = ${leaseEnd}, attempts = attempts + 1
    where id in (
      select id from mail_outbox
      where status = 'pending' and next_attempt_at <= ${now}
        and (locked_until is null or locked_until <= ${now})
      order by id
      limit ${limit}
      for update skip locked
    )
    returning id, recipient, subject, text_body, headers, attempts`.execute(db);
  return rows;
}

/** The mail left: its address and body (with their tokens) are dropped from the outbox. */
export async function markSent(db: Executor, id: number, now: Date): Promise<void> {
  await db
    .updateTable('mail_outbox')
    .set({
      status: 'sent',
      sent_at: now,
      locked_until: null,
      recipient: null,
      text_body: null,
      headers: '{}',
      last_error: null,
    })
    .where('id', '=', id)
    .execute();
}

/** The relay refused or was away: try again at `retryAt`. */
export async function markFailed(
  db: Executor,
  id: number,
  retryAt: Date,
  reason: string,
): Promise<void> {
  await db
    .updateTable('mail_outbox')
    .set({ locked_until: null, next_attempt_at: retryAt, last_error: reason.slice(0, 500) })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .execute();
}

/** Mails not sent yet, for the metric. */
export async function countPendingMail(db: Executor): Promise<number> {
  const row = await db
    .selectFrom('mail_outbox')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('status', '=', 'pending')
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Mails made for one subscriber since `since`, sent or not: the per-address caps count them. */
export async function countMailSince(
  db: Executor,
  subscriberId: number,
  since: Date,
): Promise<number> {
  const row = await db
    .selectFrom('mail_outbox')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('subscriber_id', '=', subscriberId)
    .where('created_at', '>=', since)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Drops every mail made for a subscriber (an erasure): sent or not, it held their address. */
export async function dropMailOf(trx: Executor, subscriberId: number): Promise<void> {
  await trx.deleteFrom('mail_outbox').where('subscriber_id', '=', subscriberId).execute();
}
