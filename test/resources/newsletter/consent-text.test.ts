import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Org } from '../../../src/db/schema.js';
import { ADMIN, NO_LIMITS, describeOnDatabases, type Harness } from '../../support/harness.js';
import { newAddress, subscribeOk } from '../../support/newsletter.js';

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

/** The consent text kept with the subscriber of `email`. */
async function keptConsent(h: Harness, org: Org, email: string): Promise<string | null> {
  const row = await h.database.db
    .selectFrom('newsletter_subscribers')
    .select('consent_text')
    .where('org_id', '=', org.id)
    .where('email_key', '=', email.toLowerCase())
    .executeTakeFirstOrThrow();
  return row.consent_text;
}

/** The label of the newsletter widget's consent box, as the page has it. */
async function widgetConsent(h: Harness, org: Org): Promise<string | undefined> {
  const page = await h.inject({ url: `/embed/newsletter?org=${org.slug}` });
  assert.equal(page.statusCode, 200, page.body);
  return /<label for="newsletter-consent">([^<]*)<\/label>/.exec(page.body)?.[1];
}

async function setConsent(h: Harness, org: Org, text: string | null): Promise<void> {
  const response = await h.admin('PATCH', `${ADMIN}/orgs/${org.slug}`, {
    newsletterConsentText: text,
  });
  assert.equal(response.statusCode, 200, response.body);
}

describeOnDatabases(
  'newsletter: the club’s own consent text',
  (harness) => {
    void test('the widget shows the club’s text and new consent records keep it; earlier ones keep theirs', async () => {
      const h = harness();
      const org = await h.org({ name: 'Willow Creek Golf Club' });
      const byDefault =
        'I agree to receive the Willow Creek Golf Club newsletter by e-mail. I can unsubscribe at any time.';
      const before = newAddress();
      await subscribeOk(h, org, { email: before });
      assert.equal(await keptConsent(h, org, before), byDefault);
      assert.equal(await widgetConsent(h, org), byDefault);

      const own = 'Yes: Willow Creek news & <offers> by e-mail, until I say stop.';
      await setConsent(h, org, own);
      assert.equal(
        await widgetConsent(h, org),
        'Yes: Willow Creek news &amp; &lt;offers&gt; by e-mail, until I say stop.',
        'shown as text',
      );
      const byApi = newAddress();
      await subscribeOk(h, org, { email: byApi });
      assert.equal(await keptConsent(h, org, byApi), own);
      const byForm = newAddress();
      const sent = await h.inject({
        method: 'POST',
        url: '/embed/newsletter',
        headers: FORM,
        payload: new URLSearchParams({ org: org.slug, email: byForm, consent: 'on' }).toString(),
      });
      assert.equal(sent.statusCode, 200, sent.body);
      assert.equal(await keptConsent(h, org, byForm), own, 'the form without script too');
      assert.equal(await keptConsent(h, org, before), byDefault, 'an earlier record is unchanged');

      await setConsent(h, org, null);
      assert.equal(await widgetConsent(h, org), byDefault, 'null: the default again');
      assert.equal(await keptConsent(h, org, byApi), own, 'the records keep what they were shown');
    });
  },
  NO_LIMITS,
);
