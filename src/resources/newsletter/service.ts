import { createHash, randomBytes } from 'node:crypto';
import type { Executor } from '../../db/executor.js';
import type { NewsletterSubscriber, Org } from '../../db/schema.js';
import { NotFoundError } from '../../domain/errors.js';
import { consentText } from '../../domain/newsletter-consent.js';
import { countMailSince, dropMailOf, enqueueMail } from '../../mail/outbox.js';
import { requireOrg } from '../orgs/service.js';
import { writeTransaction } from '../transaction.js';
import type { SubscribeBody } from './schema.js';
import {
  eraseSubscriber,
  insertSubscriber,
  insertToken,
  listSubscribersPage,
  lockSubscriberByKey,
  lockToken,
  markTokenUsed,
  updateSubscriber,
} from './store.js';

export const CONFIRM_PATH = '/newsletter/confirm';
export const UNSUBSCRIBE_PATH = '/newsletter/unsubscribe';

/** 256 random bits, URL-safe. */
const TOKEN_BYTES = 32;
const CONFIRM_VALID_MS = 48 * 3_600_000;
/** Confirmation mails per address: one per 10 minutes, three per day. */
const MAIL_CAPS: readonly { windowMs: number; most: number }[] = [
  { windowMs: 10 * 60_000, most: 1 },
  { windowMs: 24 * 3_600_000, most: 3 },
];

function hashOf(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Where a request came from, for the consent record. */
export interface RequestOrigin {
  ip: string;
  userAgent: string | null;
}

export interface Subscribe {
  orgSlug: string;
  body: SubscribeBody;
  from: RequestOrigin;
  now: Date;
  /** The origin the mail's links point to. */
  linkOrigin: string;
}

async function newToken(
  trx: Executor,
  subscriberId: number,
  purpose: 'confirm' | 'unsubscribe',
  expiresAt: Date | null,
): Promise<string> {
  const token = randomBytes(TOKEN_BYTES).toString('base64url');
  await insertToken(trx, { hash: hashOf(token), subscriberId, purpose, expiresAt });
  return token;
}

async function underMailCaps(trx: Executor, subscriberId: number, now: Date): Promise<boolean> {
  for (const cap of MAIL_CAPS) {
    const since = new Date(now.getTime() - cap.windowMs);
    if ((await countMailSince(trx, subscriberId, since)) >= cap.most) return false;
  }
  return true;
}

function confirmationMail(org: Org, confirmUrl: string): { subject: string; text: string } {
  return {
    subject: `Confirm your subscription to the ${org.name} newsletter`,
    text: [
      `Someone, hopefully you, asked to receive the ${org.name} newsletter at this address.`,
      '',
      'To confirm, open this link and press the button:',
      confirmUrl,
      '',
      'The link works for 48 hours. If you did not ask, ignore this mail: nothing happens.',
    ].join('\n'),
  };
}

/**
 * A subscription request (decisions §18). Whatever the address's state, the caller learns
 * nothing: the answer is the same. A new or not yet confirmed address (or one that
 * unsubscribed) gets a confirmation mail, within the per-address caps; a confirmed one gets
 * none. The mail is put in the outbox in the same transaction, and leaves from there.
 */
export async function subscribe(db: Executor, request: Subscribe): Promise<void> {
  const org = await requireOrg(db, request.orgSlug);
  const { body, from, now } = request;
  // The honeypot: a bot filled the hidden field. Nothing is stored or sent.
  if (body.website !== undefined && body.website !== '') return;
  const email = body.email.trim();
  const consent = {
    name: body.name ?? null,
    source: body.source ?? null,
    consent_text: consentText(org),
    consent_at: now,
    consent_ip: from.ip,
    consent_user_agent: from.userAgent,
  };
  await writeTransaction(db, async (trx) => {
    const key = email.toLowerCase();
    const inserted = await insertSubscriber(trx, {
      org_id: org.id,
      email,
      email_key: key,
      status: 'pending',
      ...consent,
    });
    const subscriber = inserted ?? (await lockSubscriberByKey(trx, org.id, key));
    if (subscriber === undefined || subscriber.status === 'confirmed') return;
    // The latest request is the one its confirmation will confirm.
    if (inserted === undefined) await updateSubscriber(trx, subscriber.id, { email, ...consent });
    if (!(await underMailCaps(trx, subscriber.id, now))) return;
    const confirm = await newToken(
      trx,
      subscriber.id,
      'confirm',
      new Date(now.getTime() + CONFIRM_VALID_MS),
    );
    const unsubscribe = await newToken(trx, subscriber.id, 'unsubscribe', null);
    const confirmUrl = `${request.linkOrigin}${CONFIRM_PATH}?token=${confirm}`;
    const unsubscribeUrl = `${request.linkOrigin}${UNSUBSCRIBE_PATH}?token=${unsubscribe}`;
    await enqueueMail(trx, {
      orgId: org.id,
      subscriberId: subscriber.id,
      to: email,
      ...confirmationMail(org, confirmUrl),
      headers: {
        'List-Unsubscribe': `<${unsubscribeUrl}>`,
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      },
      createdAt: now,
    });
  });
}

/**
 * Confirms the subscription a confirmation token was sent for: once, within 48 hours.
 * Whether it did is all the answer says (a used, expired or unknown token: false).
 */
export async function confirmSubscription(
  db: Executor,
  token: string,
  from: RequestOrigin,
  now: Date,
): Promise<boolean> {
  return writeTransaction(db, async (trx) => {
    const found = await lockToken(trx, hashOf(token), 'confirm');
    if (found === undefined || found.used_at !== null) return false;
    if (found.expires_at === null || found.expires_at <= now) return false;
    if (found.status === 'erased') return false;
    await markTokenUsed(trx, found.token_hash, now);
    await updateSubscriber(trx, found.subscriber_id, {
      status: 'confirmed',
      confirmed_at: now,
      confirmed_ip: from.ip,
      confirmed_user_agent: from.userAgent,
      unsubscribed_at: null,
    });
    return true;
  });
}

/** One-click unsubscribe: idempotent; an unknown token changes nothing. */
export async function unsubscribe(db: Executor, token: string, now: Date): Promise<void> {
  await writeTransaction(db, async (trx) => {
    const found = await lockToken(trx, hashOf(token), 'unsubscribe');
    if (found === undefined || found.status === 'unsubscribed' || found.status === 'erased') {
      return;
    }
    await updateSubscriber(trx, found.subscriber_id, {
      status: 'unsubscribed',
      unsubscribed_at: now,
    });
  });
}

export async function listSubscribers(
  db: Executor,
  orgSlug: string,
  page: { limit: number; offset: number },
): Promise<{ count: number; subscribers: NewsletterSubscriber[]; timeZone: string }> {
  const org = await requireOrg(db, orgSlug);
  return { ...(await listSubscribersPage(db, org.id, page)), timeZone: org.timezone };
}

/** Erasure: the subscriber's personal data, tokens and mail are gone; the row is counted still. */
export async function eraseNewsletterSubscriber(
  db: Executor,
  orgSlug: string,
  id: number,
): Promise<void> {
  const org = await requireOrg(db, orgSlug);
  const erased = await writeTransaction(db, async (trx) => {
    const done = await eraseSubscriber(trx, org.id, id);
    if (done) await dropMailOf(trx, id);
    return done;
  });
  if (!erased) throw new NotFoundError();
}
