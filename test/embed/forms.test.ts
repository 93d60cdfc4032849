import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { TARGETS } from '../support/databases.js';
import { embedClub, type EmbedClub } from '../support/embeds.js';
import {
  NO_LIMITS,
  PUBLIC,
  describeOnDatabases,
  describeUnlessSkipped,
  startHarness,
  stopHarness,
  type Harness,
} from '../support/harness.js';
import { newAddress, subscriptionsPath } from '../support/newsletter.js';

const CHECKOUT_URL = 'https://checkout.example.com/membership';
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

function formPost(url: string, fields: Record<string, string>, remoteAddress = '127.0.0.1') {
  return {
    method: 'POST' as const,
    url,
    headers: FORM,
    payload: new URLSearchParams(fields).toString(),
    remoteAddress,
  };
}

/** The `<article>` of the plan named `name` in a membership-plans page. */
function planCard(body: string, name: string): string {
  const card = body
    .split('<article')
    .find((part) => part.includes(`aria-label="${name}"`))
    ?.split('</article>')[0];
  assert.ok(card !== undefined, `a card for ${name}`);
  return card;
}

describeOnDatabases('membership-plans and newsletter widgets and their forms', (harness) => {
  let h: Harness;
  let club: EmbedClub;
  before(async () => {
    h = harness();
    club = await embedClub(h);
  });

  void test('plans show their price in their own currency, availability and benefits; only one on sale has Buy', async () => {
    const page = await h.inject({ url: `/embed/membership-plans?org=${club.org.slug}` });
    assert.equal(page.statusCode, 200, page.body);
    const onSale = planCard(page.body, 'Summer &lt;b&gt;Night&lt;/b&gt; Pass');
    assert.match(onSale, /€95\.50<\/strong>\s*per season/);
    assert.match(onSale, /On sale · 5 left/);
    assert.match(onSale, /<li>League nights<\/li>\s*<li>Range balls<\/li>/);
    assert.match(onSale, /action="\/embed\/purchase"[\s\S]*target="_top"/);
    assert.match(
      onSale,
      new RegExp(
        `data-start="${PUBLIC}/orgs/${club.org.slug}/membership-plans/${club.plans.onSale}/purchase/start"`,
      ),
    );
    assert.match(onSale, /Buy<span class="visually-hidden"> Summer &lt;b&gt;Night/);
    const soldOut = planCard(page.body, 'Founders');
    assert.match(soldOut, /¥5,000<\/strong>\s*one-time/);
    assert.match(soldOut, /Sold out/);
    assert.doesNotMatch(soldOut, /<form|<button/);
    const closed = planCard(page.body, 'Winter');
    assert.match(closed, /\$120\.00<\/strong>\s*per month/);
    assert.match(closed, /Not on sale/);
    assert.doesNotMatch(closed, /<form|<button/);
    // Cheapest first, by the list's order (the price in minor units).
    assert.ok(page.body.indexOf('Summer') < page.body.indexOf('Winter'));
  });

  void test('a plan before its sales window says when it opens, in the org’s time zone', async () => {
    const org = await h.org({ timezone: 'America/Chicago' });
    const created = await h.admin('POST', `/admin/v1/orgs/${org.slug}/membership-plans`, {
      slug: 'next-year',
      name: 'Next year',
      priceCents: 1000,
      period: 'year',
      status: 'available',
      salesOpenAt: '2026-07-01T14:00:00Z',
    });
    assert.equal(created.statusCode, 201, created.body);
    const page = await h.inject({ url: `/embed/membership-plans?org=${org.slug}` });
    assert.match(page.body, /On sale from Wed, Jul 1 · 9:00 am/);
    assert.doesNotMatch(page.body, /<button/);
    const none = await h.inject({ url: `/embed/membership-plans?org=${(await h.org()).slug}` });
    assert.match(none.body, /No membership plans to show yet\./);
  });

  void test('the Buy form without script: 303 to the checkout, 409 with the reason, 404 for unknown plans', async () => {
    const started = await h.inject(
      formPost('/embed/purchase', { org: club.org.slug, plan: String(club.plans.onSale) }),
    );
    assert.equal(started.statusCode, 303, started.body);
    assert.equal(started.headers['cache-control'], 'no-store');
    const location = new URL(String(started.headers.location));
    assert.equal(location.origin + location.pathname, CHECKOUT_URL);
    assert.equal(location.searchParams.get('org'), club.org.slug);
    assert.equal(location.searchParams.get('membershipPlan'), String(club.plans.onSale));

    const soldOut = await h.inject(
      formPost('/embed/purchase', { org: club.org.slug, plan: String(club.plans.soldOut) }),
    );
    assert.equal(soldOut.statusCode, 409);
    assert.match(soldOut.body, /This membership plan is sold out\./);
    assert.match(String(soldOut.headers['content-security-policy']), /frame-ancestors \*/);

    for (const plan of ['999999', 'abc']) {
      const unknown = await h.inject(formPost('/embed/purchase', { org: club.org.slug, plan }));
      assert.equal(unknown.statusCode, 404, plan);
      assert.match(unknown.body, /data-missing/);
    }
  });

  void test('the newsletter form: labels, the org’s consent text, a honeypot hidden from everyone, a live status', async () => {
    const page = await h.inject({ url: `/embed/newsletter?org=${club.org.slug}` });
    assert.equal(page.statusCode, 200, page.body);
    assert.match(page.body, /<label for="newsletter-email">E-mail address<\/label>/);
    assert.match(page.body, /id="newsletter-email"[^>]*type="email"[^>]*required/);
    assert.match(page.body, /<label for="newsletter-name">Name/);
    assert.match(
      page.body,
      /<label for="newsletter-consent">I agree to receive the Pine &amp; &lt;script&gt;/,
    );
    assert.match(page.body, /<div class="trap" aria-hidden="true">[\s\S]*tabindex="-1"/);
    assert.match(page.body, /<p data-status aria-live="polite"><\/p>/);
    assert.match(page.body, new RegExp(`data-subscribe="${subscriptionsPath(club.org)}"`));
  });

  void test('the newsletter form without script: a check-your-inbox page, the request stored from the widget', async () => {
    const email = newAddress();
    const sent = await h.inject(
      formPost('/embed/newsletter', {
        org: club.org.slug,
        email,
        name: 'Reader',
        website: '',
        consent: 'on',
      }),
    );
    assert.equal(sent.statusCode, 200, sent.body);
    assert.equal(sent.headers['cache-control'], 'no-store');
    assert.match(String(sent.headers['content-security-policy']), /frame-ancestors \*/);
    assert.match(sent.body, /<p class="sent" role="status">Check your inbox/);
    const row = await h.database.db
      .selectFrom('newsletter_subscribers')
      .select(['status', 'name', 'source', 'consent_text'])
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    assert.deepEqual(
      { status: row.status, name: row.name, source: row.source },
      { status: 'pending', name: 'Reader', source: 'widget' },
    );
    assert.match(row.consent_text ?? '', /^I agree to receive the Pine/);

    const anonymous = newAddress();
    const nameless = await h.inject(
      formPost('/embed/newsletter', {
        org: club.org.slug,
        email: anonymous,
        name: '',
        consent: 'on',
      }),
    );
    assert.equal(nameless.statusCode, 200, nameless.body);

    // A bot filled the honeypot: the same page, nothing stored.
    const bot = newAddress();
    const trapped = await h.inject(
      formPost('/embed/newsletter', {
        org: club.org.slug,
        email: bot,
        website: 'https://spam.example',
        consent: 'on',
      }),
    );
    assert.equal(trapped.statusCode, 200);
    assert.match(trapped.body, /Check your inbox/);
    const stored = await h.database.db
      .selectFrom('newsletter_subscribers')
      .select('id')
      .where('email', 'in', [anonymous, bot])
      .execute();
    assert.equal(stored.length, 1);
  });

  void test('the newsletter form refuses a bad address or a missing consent (422); an unknown org is 404', async () => {
    const unticked = await h.inject(
      formPost('/embed/newsletter', { org: club.org.slug, email: newAddress() }),
    );
    assert.equal(unticked.statusCode, 422, unticked.body);
    assert.ok(unticked.json<{ errors: Record<string, string> }>().errors.consent);
    const bad = await h.inject(
      formPost('/embed/newsletter', { org: club.org.slug, email: 'not-an-address', consent: 'on' }),
    );
    assert.equal(bad.statusCode, 422, bad.body);
    assert.ok(bad.json<{ errors: Record<string, string> }>().errors.email);
    const unknown = await h.inject(
      formPost('/embed/newsletter', { org: 'no-such-org', email: newAddress(), consent: 'on' }),
    );
    assert.equal(unknown.statusCode, 404);
  });
});

const pglite = TARGETS[0];
describeUnlessSkipped(
  'the widgets’ forms count against the JSON API’s per-IP budget',
  false,
  () => {
    void test('a visitor past the budget is refused (429), on the forms and the JSON API alike', async () => {
      if (pglite === undefined) throw new Error('no PGlite target');
      const h = await startHarness(pglite, { ...NO_LIMITS, rateLimitPerMinute: 3 });
      try {
        const org = await h.org();
        const visitor = '198.51.100.23';
        const subscribeByForm = () =>
          h.inject(
            formPost(
              '/embed/newsletter',
              { org: org.slug, email: newAddress(), consent: 'on' },
              visitor,
            ),
          );
        assert.equal((await subscribeByForm()).statusCode, 200);
        const byApi = await h.inject({
          method: 'POST',
          url: subscriptionsPath(org),
          payload: { email: newAddress(), consent: true },
          remoteAddress: visitor,
        });
        assert.equal(byApi.statusCode, 202, byApi.body);
        assert.equal((await subscribeByForm()).statusCode, 200);
        const refused = await subscribeByForm();
        assert.equal(refused.statusCode, 429);
        assert.ok(Number(refused.headers['retry-after']) > 0);
        const buy = await h.inject(
          formPost('/embed/purchase', { org: org.slug, plan: '1' }, visitor),
        );
        assert.equal(buy.statusCode, 429);
        // Another visitor has a budget of their own.
        const other = await h.inject(
          formPost('/embed/newsletter', { org: org.slug, email: newAddress(), consent: 'on' }),
        );
        assert.equal(other.statusCode, 200);
      } finally {
        await stopHarness(h);
      }
    });
  },
);
