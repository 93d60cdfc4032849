import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { eventually } from '../../support/eventually.js';
import {
  NO_LIMITS,
  describeOnDatabases,
  describeOnEachDatabase,
  startHarness,
  type Harness,
} from '../../support/harness.js';
import { QUICK_MAIL, mailArrives, newAddress, subscribeOk } from '../../support/newsletter.js';
import { smtpSink } from '../../support/smtp.js';

/** The mail metrics as `/metrics` shows them now. */
async function mailMetrics(h: Harness): Promise<{ pending: number; sent: number; failed: number }> {
  const response = await h.inject({ url: '/metrics' });
  assert.equal(response.statusCode, 200);
  const value = (name: string) => {
    const line = response.body.split('\n').find((candidate) => candidate.startsWith(`${name} `));
    assert.ok(line !== undefined, `${name} in /metrics`);
    return Number(line.slice(name.length + 1));
  };
  return {
    pending: value('clubhouse_mail_outbox_pending'),
    sent: value('clubhouse_mail_sent_total'),
    failed: value('clubhouse_mail_failed_total'),
  };
}

describeOnDatabases('mail metrics without SMTP_URL', (harness) => {
  void test('mail waiting in the outbox shows as pending', async () => {
    const h = harness();
    const org = await h.org();
    assert.deepEqual(await mailMetrics(h), { pending: 0, sent: 0, failed: 0 });
    await subscribeOk(h, org, { email: newAddress() });
    await subscribeOk(h, org, { email: newAddress() });
    assert.deepEqual(await mailMetrics(h), { pending: 2, sent: 0, failed: 0 });
  });
});

/** A relay that is down until the test brings it up. */
const relay = await smtpSink({ listening: false });
after(async () => {
  await relay.stop();
});

describeOnEachDatabase(
  'mail metrics with a relay that is down, then up',
  (target) =>
    startHarness(target, { ...NO_LIMITS, smtpUrl: relay.url }, { mailTiming: QUICK_MAIL }),
  (harness) => {
    void test('failed attempts count while the relay is down; once it is up the mail is sent and none is pending', async () => {
      const h = harness();
      const org = await h.org();
      const email = newAddress();
      await subscribeOk(h, org, { email });
      await eventually('two failed attempts counted', async () => {
        const now = await mailMetrics(h);
        return (now.failed >= 2 && now.pending === 1 && now.sent === 0) || JSON.stringify(now);
      });
      await relay.start();
      try {
        await mailArrives(relay, email);
        await eventually('the mail counted as sent', async () => {
          const now = await mailMetrics(h);
          return (now.sent === 1 && now.pending === 0) || JSON.stringify(now);
        });
      } finally {
        await relay.stop();
      }
    });
  },
);
