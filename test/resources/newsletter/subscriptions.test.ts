import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import type { SubscriberList } from '../../../src/resources/newsletter/schema.js';
import { assertInvalid, assertPlainText } from '../../support/assertions.js';
import {
  ADMIN,
  NO_LIMITS,
  describeOnEachDatabase,
  startHarness,
  stopHarness,
  type Harness,
} from '../../support/harness.js';
import {
  QUICK_MAIL,
  linkToken,
  mailArrives,
  newAddress,
  outboxCount,
  rawHeader,
  sha256,
  subscribeOk,
  subscribeRequest,
} from '../../support/newsletter.js';
import { eventually } from '../../support/eventually.js';
import { smtpSink } from '../../support/smtp.js';

const sink = await smtpSink();
after(() => sink.stop());
/** Every log line the suites' apps write. */
const logLines: string[] = [];
const logStream = { write: (line: string) => void logLines.push(line) };

const subscribersPath = (slug: string) => `${ADMIN}/orgs/${slug}/newsletter/subscribers`;

async function subscriber(h: Harness, orgId: number, email: string) {
  return h.database.db
    .selectFrom('newsletter_subscribers')
    .selectAll()
    .where('org_id', '=', orgId)
    .where('email_key', '=', email.toLowerCase())
    .executeTakeFirstOrThrow();
}

const form = (fields: Record<string, string>) => ({
  payload: new URLSearchParams(fields).toString(),
  headers: { 'content-type': 'application/x-www-form-urlencoded', 'user-agent': 'Phone/2.0' },
  remoteAddress: '198.51.100.4',
});

describeOnEachDatabase(
  'newsletter: subscription, confirmation, unsubscribe, over a real SMTP server',
  (target) =>
    startHarness(
      target,
      { ...NO_LIMITS, smtpUrl: sink.url, logLevel: 'debug' },
      { mailTiming: QUICK_MAIL },
      { logStream },
    ),
  (harness) => {
    void test('the confirmation mail arrives with its link and one-click unsubscribe headers', async () => {
      const h = harness();
      const org = await h.org({ name: 'Cedar Ridge Golf Club' });
      const email = newAddress();
      await subscribeOk(h, org, { email, name: 'Pat Reader', source: 'footer' });
      const mail = await mailArrives(sink, email);
      assert.match(mail.parsed.subject ?? '', /Cedar Ridge Golf Club/);
      assert.equal(mail.parsed.from?.value[0]?.address, 'no-reply@clubhouse.example.com');
      const { url, token } = linkToken(mail, '/newsletter/confirm');
      assert.equal(url.origin, 'http://localhost');
      assert.ok(Buffer.from(token, 'base64url').length >= 16, 'at least 128 bits');
      const listUnsubscribe = rawHeader(mail, 'List-Unsubscribe');
      assert.match(
        listUnsubscribe,
        /^<http:\/\/localhost:80\/newsletter\/unsubscribe\?token=[\w-]+>$/,
      );
      assert.equal(rawHeader(mail, 'List-Unsubscribe-Post'), 'List-Unsubscribe=One-Click');
      // Only the token's hash is stored; the sent mail keeps neither address nor body.
      const tokens = await h.database.db
        .selectFrom('newsletter_tokens')
        .select('token_hash')
        .execute();
      assert.ok(tokens.some((row) => row.token_hash === sha256(token)));
      assert.ok(!tokens.some((row) => row.token_hash === token));
      const outboxRow = () =>
        h.database.db
          .selectFrom('mail_outbox')
          .selectAll()
          .where('org_id', '=', org.id)
          .executeTakeFirstOrThrow();
      await eventually(
        'the mail is marked sent',
        async () => (await outboxRow()).status === 'sent',
      );
      const outbox = await outboxRow();
      assert.equal(outbox.recipient, null);
      assert.equal(outbox.text_body, null);
      const stored = await subscriber(h, org.id, email);
      assert.equal(stored.status, 'pending');
      assert.equal(stored.consent_ip, '203.0.113.7');
      assert.equal(stored.consent_user_agent, 'TestBrowser/1.0');
      assert.equal(stored.source, 'footer');
      assert.match(stored.consent_text ?? '', /Cedar Ridge Golf Club newsletter/);
    });

    void test('following the link only shows a button; its POST confirms, once', async () => {
      const h = harness();
      const org = await h.org();
      const email = newAddress();
      await subscribeOk(h, org, { email });
      const { token } = linkToken(await mailArrives(sink, email), '/newsletter/confirm');
      const shown = await h.inject({ url: `/newsletter/confirm?token=${token}` });
      assert.equal(shown.statusCode, 200);
      assert.match(shown.body, /<form method="post" action="\/newsletter\/confirm">/);
      assert.equal(shown.headers['referrer-policy'], 'no-referrer');
      assert.equal(shown.headers['cache-control'], 'no-store');
      assert.match(String(shown.headers['content-security-policy']), /frame-ancestors 'none'/);
      assert.equal(
        (await subscriber(h, org.id, email)).status,
        'pending',
        'a GET confirms nothing',
      );
      const confirmed = await h.inject({
        method: 'POST',
        url: '/newsletter/confirm',
        ...form({ token }),
      });
      assert.equal(confirmed.statusCode, 200);
      assert.match(confirmed.body, /You are subscribed/);
      const stored = await subscriber(h, org.id, email);
      assert.equal(stored.status, 'confirmed');
      assert.equal(stored.confirmed_ip, '198.51.100.4');
      assert.equal(stored.confirmed_user_agent, 'Phone/2.0');
      const again = await h.inject({
        method: 'POST',
        url: '/newsletter/confirm',
        ...form({ token }),
      });
      assert.match(again.body, /cannot be used/, 'single use');
      const unknown = await h.inject({
        method: 'POST',
        url: '/newsletter/confirm',
        ...form({ token: 'x'.repeat(43) }),
      });
      assert.match(unknown.body, /cannot be used/);
    });

    void test('a confirmation link expires after 48 hours', async () => {
      const h = harness();
      const org = await h.org();
      const email = newAddress();
      await subscribeOk(h, org, { email });
      const { token } = linkToken(await mailArrives(sink, email), '/newsletter/confirm');
      const start = h.clock.now;
      try {
        h.clock.now = new Date(start.getTime() + 48 * 3_600_000 + 1000);
        const late = await h.inject({
          method: 'POST',
          url: '/newsletter/confirm',
          ...form({ token }),
        });
        assert.match(late.body, /cannot be used/);
        assert.equal((await subscriber(h, org.id, email)).status, 'pending');
      } finally {
        h.clock.now = start;
      }
    });

    void test('one-click unsubscribe by POST to the List-Unsubscribe URL; a GET shows a button', async () => {
      const h = harness();
      const org = await h.org();
      const email = newAddress();
      await subscribeOk(h, org, { email });
      const mail = await mailArrives(sink, email);
      const header = rawHeader(mail, 'List-Unsubscribe').slice(1, -1);
      const path = new URL(header).pathname + new URL(header).search;
      const page = await h.inject({ url: path });
      assert.match(page.body, /<button type="submit">Unsubscribe<\/button>/);
      assert.equal((await subscriber(h, org.id, email)).status, 'pending');
      for (let round = 0; round < 2; round += 1) {
        const done = await h.inject({
          method: 'POST',
          url: path,
          ...form({ 'List-Unsubscribe': 'One-Click' }),
        });
        assert.equal(done.statusCode, 200, 'idempotent');
        assert.match(done.body, /You are unsubscribed/);
      }
      const stored = await subscriber(h, org.id, email);
      assert.equal(stored.status, 'unsubscribed');
      assert.ok(stored.unsubscribed_at !== null);
    });

    void test('every acceptable request is the same 202; a confirmed address gets no more mail', async () => {
      const h = harness();
      const org = await h.org();
      const email = newAddress();
      await subscribeOk(h, org, { email });
      const { token } = linkToken(await mailArrives(sink, email), '/newsletter/confirm');
      await h.inject({ method: 'POST', url: '/newsletter/confirm', ...form({ token }) });
      const before = await outboxCount(h, org.id);
      h.clock.now = new Date(h.clock.now.getTime() + 3_600_000);
      await subscribeOk(h, org, { email: email.toUpperCase() });
      assert.equal(await outboxCount(h, org.id), before, 'no mail to a confirmed address');
      assert.equal((await subscriber(h, org.id, email)).status, 'confirmed');
    });

    void test('mail to one address: at most one per 10 minutes and three per day, still 202', async () => {
      const h = harness();
      const org = await h.org();
      const email = newAddress();
      const start = h.clock.now;
      const at = (minutes: number) => (h.clock.now = new Date(start.getTime() + minutes * 60_000));
      try {
        await subscribeOk(h, org, { email });
        at(5);
        await subscribeOk(h, org, { email });
        assert.equal(await outboxCount(h, org.id), 1, 'within 10 minutes: no second mail');
        at(11);
        await subscribeOk(h, org, { email });
        at(22);
        await subscribeOk(h, org, { email });
        assert.equal(await outboxCount(h, org.id), 3);
        at(40);
        await subscribeOk(h, org, { email });
        assert.equal(await outboxCount(h, org.id), 3, 'three a day');
        at(24 * 60 + 1);
        await subscribeOk(h, org, { email });
        assert.equal(await outboxCount(h, org.id), 4, 'the next day, one more');
      } finally {
        h.clock.now = start;
      }
    });

    void test('the honeypot stores and sends nothing; bad input is 422 naming the field', async () => {
      const h = harness();
      const org = await h.org();
      const email = newAddress();
      await subscribeOk(h, org, { email, website: 'http://spam.example' });
      assert.equal(await outboxCount(h, org.id), 0);
      const rows = await h.database.db
        .selectFrom('newsletter_subscribers')
        .select('id')
        .where('org_id', '=', org.id)
        .execute();
      assert.equal(rows.length, 0);
      assertInvalid(await subscribeRequest(h, org, { email: 'not-an-address', consent: true }), [
        'email',
      ]);
      assertInvalid(await subscribeRequest(h, org, { email, consent: false }), ['consent']);
      assertInvalid(await subscribeRequest(h, org, { email }), ['consent']);
      assertInvalid(
        await subscribeRequest(h, org, { email, consent: true, name: 'x'.repeat(101) }),
        ['name'],
      );
      const notJson = await h.inject({
        method: 'POST',
        url: `/api/public/v1/orgs/${org.slug}/newsletter/subscriptions`,
        payload: '{',
        headers: { 'content-type': 'application/json' },
      });
      assertPlainText(notJson, 400);
      assertPlainText(
        await subscribeRequest(h, { ...org, slug: 'no-such-org' }, { email, consent: true }),
        404,
      );
    });

    void test('the admin list has the consent record, as JSON and CSV; erasure keeps the count', async () => {
      const h = harness();
      const org = await h.org();
      const email = newAddress();
      await subscribeOk(h, org, { email, name: '=HYPERLINK("x")', source: 'widget' });
      await subscribeOk(h, org, { email: newAddress() });
      const list = (await h.admin('GET', subscribersPath(org.slug))).json<SubscriberList>();
      assert.equal(list.count, 2);
      const first = list.subscribers[0];
      assert.ok(first !== undefined);
      assert.equal(first.email, email);
      assert.equal(first.status, 'pending');
      assert.equal(first.consent.ip, '203.0.113.7');
      assert.equal(first.consent.userAgent, 'TestBrowser/1.0');
      assert.match(first.consent.text ?? '', /newsletter/);
      const csv = await h.admin('GET', `${subscribersPath(org.slug)}?format=csv`);
      assert.equal(csv.statusCode, 200);
      assert.match(String(csv.headers['content-type']), /^text\/csv/);
      const lines = csv.body.split('\r\n');
      assert.match(lines[0] ?? '', /^id,email,name,status,source,consent_text,consent_at/);
      assert.equal(lines.length, 4, 'a header, two rows and the final line break');
      assert.ok(lines[1]?.includes(email));
      assert.ok(lines[1]?.includes(`"'=HYPERLINK(""x"")"`), 'a formula is made inert');
      const erased = await h.admin('DELETE', `${subscribersPath(org.slug)}/${first.id}`);
      assert.equal(erased.statusCode, 204);
      const after = (await h.admin('GET', subscribersPath(org.slug))).json<SubscriberList>();
      assert.equal(after.count, 2);
      const gone = after.subscribers.find((row) => row.id === first.id);
      assert.deepEqual(
        [gone?.email, gone?.name, gone?.status, gone?.consent.ip, gone?.consent.userAgent],
        [null, null, 'erased', null, null],
      );
      const left = await h.database.db
        .selectFrom('mail_outbox')
        .select('id')
        .where('subscriber_id', '=', first.id)
        .execute();
      assert.equal(left.length, 0, 'its mail is gone too');
      assertPlainText(await h.admin('DELETE', `${subscribersPath(org.slug)}/999999`), 404);
    });

    void test('no address or token reaches the log', async () => {
      const h = harness();
      const org = await h.org();
      const email = newAddress();
      await subscribeOk(h, org, { email });
      const mail = await mailArrives(sink, email);
      const { token } = linkToken(mail, '/newsletter/confirm');
      await h.inject({ url: `/newsletter/confirm?token=${token}` });
      await h.inject({ method: 'POST', url: '/newsletter/confirm', ...form({ token }) });
      const unsubscribe = rawHeader(mail, 'List-Unsubscribe').slice(1, -1);
      const unsubscribeToken = new URL(unsubscribe).searchParams.get('token') ?? '';
      await h.inject({ url: `/newsletter/unsubscribe?token=${unsubscribeToken}` });
      await h.inject({ method: 'POST', url: `/newsletter/unsubscribe?token=${unsubscribeToken}` });
      const log = logLines.join('');
      assert.ok(log.includes('/newsletter/confirm'), 'the requests were logged');
      for (const secret of [email, token, unsubscribeToken]) {
        assert.ok(!log.includes(secret), 'the log holds no address or token');
      }
    });
  },
  stopHarness,
);
