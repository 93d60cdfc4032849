import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { openPostgresInstances, skipUnlessSet } from '../../support/databases.js';
import { eventually } from '../../support/eventually.js';
import {
  NO_LIMITS,
  describeOnEachDatabase,
  describeUnlessSkipped,
  harnessOn,
  startHarness,
  stopHarness,
  type Harness,
} from '../../support/harness.js';
import {
  QUICK_MAIL,
  linkToken,
  mailArrives,
  newAddress,
  subscribeOk,
} from '../../support/newsletter.js';
import { smtpSink } from '../../support/smtp.js';

/** A relay that is down when the suite starts. */
const outage = await smtpSink({ listening: false });
const shared = await smtpSink();
after(async () => {
  await outage.stop();
  await shared.stop();
});

describeOnEachDatabase(
  'newsletter mail: an SMTP outage delays mail and loses none',
  (target) =>
    startHarness(target, { ...NO_LIMITS, smtpUrl: outage.url }, { mailTiming: QUICK_MAIL }),
  (harness) => {
    void test('mail made while the relay is down arrives, once, when it is back', async () => {
      const h = harness();
      const org = await h.org();
      const email = newAddress();
      await subscribeOk(h, org, { email });
      const row = () =>
        h.database.db
          .selectFrom('mail_outbox')
          .select(['status', 'attempts', 'last_error'])
          .where('org_id', '=', org.id)
          .executeTakeFirstOrThrow();
      await eventually('two failed attempts', async () => {
        const { attempts, status } = await row();
        return (status === 'pending' && attempts >= 2) || `${status} after ${attempts}`;
      });
      const failed = await row();
      assert.ok(failed.last_error !== null);
      assert.ok(!failed.last_error.includes(email), 'the failure keeps no address');
      await outage.start();
      try {
        const mail = await mailArrives(outage, email);
        linkToken(mail, '/newsletter/confirm');
        await eventually('marked sent', async () => (await row()).status === 'sent');
        await sleep(QUICK_MAIL.retryMaxMs * 2);
        assert.equal(outage.mailTo(email).length, 1);
      } finally {
        await outage.stop();
      }
    });
  },
  stopHarness,
);

const postgresUrl = process.env.DATABASE_URL ?? '';
describeUnlessSkipped(
  'newsletter mail: two instances on one PostgreSQL',
  skipUnlessSet('DATABASE_URL', 'PostgreSQL'),
  () => {
    const instances: Harness[] = [];
    before(async () => {
      for (const database of await openPostgresInstances(postgresUrl, 2)) {
        instances.push(
          await harnessOn(
            database,
            { ...NO_LIMITS, smtpUrl: shared.url },
            { mailTiming: { ...QUICK_MAIL, pollMs: 20 } },
          ),
        );
      }
    });
    after(async () => {
      for (const h of instances) await stopHarness(h);
    });

    void test('both senders drain one outbox and never send the same mail twice', async () => {
      const [a, b] = instances;
      assert.ok(a !== undefined && b !== undefined);
      const org = await a.org();
      const addresses = Array.from({ length: 30 }, () => newAddress());
      await Promise.all(
        addresses.map((email, index) => subscribeOk(index % 2 === 0 ? a : b, org, { email })),
      );
      for (const email of addresses) await mailArrives(shared, email);
      // Long enough for a second sender to have sent anything it wrongly held too.
      await sleep(1_000);
      const counts = addresses.map((email) => shared.mailTo(email).length);
      assert.deepEqual(
        counts,
        addresses.map(() => 1),
      );
    });
  },
);
