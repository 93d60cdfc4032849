import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import type { Org } from '../../src/db/schema.js';
import { eventually } from './eventually.js';
import { PUBLIC, unique, type Harness } from './harness.js';
import type { ReceivedMail, SmtpSink } from './smtp.js';

/** Mail timing for tests: quick polls and retries, a lease of a few seconds. */
export const QUICK_MAIL = { pollMs: 100, leaseMs: 4_000, retryBaseMs: 100, retryMaxMs: 400 };

export const subscriptionsPath = (org: Pick<Org, 'slug'>) =>
  `${PUBLIC}/orgs/${org.slug}/newsletter/subscriptions`;

export function newAddress(): string {
  return `${unique('reader')}@example.com`;
}

export function subscribeRequest(
  h: Harness,
  org: Pick<Org, 'slug'>,
  body: Record<string, unknown>,
  headers: Record<string, string> = {},
) {
  return h.inject({
    method: 'POST',
    url: subscriptionsPath(org),
    payload: body,
    headers: { 'user-agent': 'TestBrowser/1.0', ...headers },
    remoteAddress: '203.0.113.7',
  });
}

/** Subscribes `email` and checks the answer is the one every acceptable request gets. */
export async function subscribeOk(
  h: Harness,
  org: Pick<Org, 'slug'>,
  body: Record<string, unknown>,
) {
  const response = await subscribeRequest(h, org, { consent: true, ...body });
  assert.equal(response.statusCode, 202, response.body);
  assert.deepEqual(response.json(), { status: 'pending' });
  assert.equal(response.headers['cache-control'], 'no-store');
}

export async function mailArrives(
  sink: SmtpSink,
  address: string,
  count = 1,
): Promise<ReceivedMail> {
  await eventually(
    `${count} mail(s) to ${address}`,
    () => sink.mailTo(address).length >= count || `${sink.mailTo(address).length} so far`,
    { withinMs: 20_000, everyMs: 25 },
  );
  const mail = sink.mailTo(address)[count - 1];
  assert.ok(mail !== undefined);
  return mail;
}

/** The token of the link to `path` in the mail's text. */
export function linkToken(mail: ReceivedMail, path: string): { url: URL; token: string } {
  const text = mail.parsed.text ?? '';
  const found = text.match(/https?:\/\/\S+/g)?.find((link) => new URL(link).pathname === path);
  assert.ok(found !== undefined, `a link to ${path} in:\n${text}`);
  const url = new URL(found);
  const token = url.searchParams.get('token');
  assert.ok(token !== null);
  return { url, token };
}

export function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

export async function outboxCount(h: Harness, orgId: number): Promise<number> {
  const row = await h.database.db
    .selectFrom('mail_outbox')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('org_id', '=', orgId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** A header's value as sent (mailparser reads some headers into objects). */
export function rawHeader(mail: ReceivedMail, name: string): string {
  const line = mail.parsed.headerLines.find((header) => header.key === name.toLowerCase());
  assert.ok(line !== undefined, `a ${name} header`);
  return line.line.slice(line.line.indexOf(':') + 1).trim();
}
