import type { Insertable, Updateable } from 'kysely';
import type { Executor } from '../../db/executor.js';
import { readPage } from '../../db/paging.js';
import type {
  NewsletterSubscriber,
  NewsletterSubscribersTable,
  NewsletterTokenPurpose,
} from '../../db/schema.js';

/** The org's subscriber of this address (lower case), locked until the transaction ends. */
export async function lockSubscriberByKey(
  trx: Executor,
  orgId: number,
  emailKey: string,
): Promise<NewsletterSubscriber | undefined> {
  return trx
    .selectFrom('newsletter_subscribers')
    .selectAll()
    .where('org_id', '=', orgId)
    .where('email_key', '=', emailKey)
    .forUpdate()
    .executeTakeFirst();
}

/** Inserts the subscriber unless the address is there already (a racing request made it). */
export async function insertSubscriber(
  trx: Executor,
  row: Insertable<NewsletterSubscribersTable>,
): Promise<NewsletterSubscriber | undefined> {
  return trx
    .insertInto('newsletter_subscribers')
    .values(row)
    .onConflict((oc) => oc.columns(['org_id', 'email_key']).doNothing())
    .returningAll()
    .executeTakeFirst();
}

export async function updateSubscriber(
  trx: Executor,
  id: number,
  set: Updateable<NewsletterSubscribersTable>,
): Promise<void> {
  await trx.updateTable('newsletter_subscribers').set(set).where('id', '=', id).execute();
}

export async function insertToken(
  trx: Executor,
  token: {
    hash: string;
    subscriberId: number;
    purpose: NewsletterTokenPurpose;
    expiresAt: Date | null;
  },
): Promise<void> {
  await trx
    .insertInto('newsletter_tokens')
    .values({
      token_hash: token.hash,
      subscriber_id: token.subscriberId,
      purpose: token.purpose,
      expires_at: token.expiresAt,
    })
    .execute();
}

/** A token of `purpose` by its hash, with its subscriber, both locked. */
export async function lockToken(trx: Executor, hash: string, purpose: NewsletterTokenPurpose) {
  return trx
    .selectFrom('newsletter_tokens as t')
    .innerJoin('newsletter_subscribers as s', 's.id', 't.subscriber_id')
    .select(['t.token_hash', 't.expires_at', 't.used_at', 's.id as subscriber_id', 's.status'])
    .where('t.token_hash', '=', hash)
    .where('t.purpose', '=', purpose)
    .forUpdate()
    .executeTakeFirst();
}

export async function markTokenUsed(trx: Executor, hash: string, now: Date): Promise<void> {
  await trx
    .updateTable('newsletter_tokens')
    .set({ used_at: now })
    .where('token_hash', '=', hash)
    .execute();
}

export async function listSubscribersPage(
  db: Executor,
  orgId: number,
  page: { limit: number; offset: number },
): Promise<{ count: number; subscribers: NewsletterSubscriber[] }> {
  const { count, rows } = await readPage(
    db.selectFrom('newsletter_subscribers').where('org_id', '=', orgId),
    (query) => query.selectAll().orderBy('id'),
    page,
  );
  return { count, subscribers: rows };
}

/**
 * Erases a subscriber's personal data: the row stays (the count stays) with no address,
 * name or consent details; its tokens go.
 */
export async function eraseSubscriber(trx: Executor, orgId: number, id: number): Promise<boolean> {
  const erased = await trx
    .updateTable('newsletter_subscribers')
    .set({
      email: null,
      email_key: null,
      name: null,
      status: 'erased',
      source: null,
      consent_text: null,
      consent_ip: null,
      consent_user_agent: null,
      confirmed_ip: null,
      confirmed_user_agent: null,
    })
    .where('org_id', '=', orgId)
    .where('id', '=', id)
    .executeTakeFirst();
  if (erased.numUpdatedRows === 0n) return false;
  await trx.deleteFrom('newsletter_tokens').where('subscriber_id', '=', id).execute();
  return true;
}
