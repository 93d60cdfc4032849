import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { AdminOrg, AdminOrgList } from '../../../src/resources/orgs/schema.js';
import { assertInvalid } from '../../support/assertions.js';
import { ADMIN, describeOnDatabases, type Harness } from '../../support/harness.js';

const RULE =
  'must be 10 to 1000 characters long, not counting spaces at either end (null goes back to the default sentence)';

/** The club's consent fields as `GET /orgs/{org}` and `GET /orgs` answer them. */
async function consentFields(h: Harness, slug: string) {
  const one = await h.admin('GET', `${ADMIN}/orgs/${slug}`);
  assert.equal(one.statusCode, 200, one.body);
  const list = await h.admin('GET', `${ADMIN}/orgs?limit=200`);
  const listed = list.json<AdminOrgList>().orgs.find((org) => org.slug === slug);
  const { newsletterConsentText, newsletterConsentDefault } = one.json<AdminOrg>();
  assert.deepEqual(
    listed && {
      newsletterConsentText: listed.newsletterConsentText,
      newsletterConsentDefault: listed.newsletterConsentDefault,
    },
    { newsletterConsentText, newsletterConsentDefault },
    'the list answers as the org',
  );
  return { newsletterConsentText, newsletterConsentDefault };
}

const patchConsent = (h: Harness, slug: string, text: unknown) =>
  h.admin('PATCH', `${ADMIN}/orgs/${slug}`, { newsletterConsentText: text });

describeOnDatabases('admin API: an org’s newsletter consent text', (harness) => {
  void test('a club sets its consent text (trimmed), reads it back, and null goes back to the default', async () => {
    const h = harness();
    const org = await h.org({ name: 'Heron Bay Golf Club' });
    const byDefault = {
      newsletterConsentText: null,
      newsletterConsentDefault:
        'I agree to receive the Heron Bay Golf Club newsletter by e-mail. I can unsubscribe at any time.',
    };
    assert.deepEqual(await consentFields(h, org.slug), byDefault);

    const text = 'Send me Heron Bay news by e-mail.\nI can stop it with one click.';
    const set = await patchConsent(h, org.slug, `  ${text} \n`);
    assert.equal(set.statusCode, 200, set.body);
    assert.equal(set.json<AdminOrg>().newsletterConsentText, text);
    assert.deepEqual(await consentFields(h, org.slug), {
      ...byDefault,
      newsletterConsentText: text,
    });

    // Another setting leaves the text as it is.
    const renamed = await h.admin('PATCH', `${ADMIN}/orgs/${org.slug}`, { name: 'Heron Bay' });
    assert.equal(renamed.json<AdminOrg>().newsletterConsentText, text);

    const reset = await patchConsent(h, org.slug, null);
    assert.equal(reset.statusCode, 200, reset.body);
    assert.deepEqual(await consentFields(h, org.slug), {
      newsletterConsentText: null,
      newsletterConsentDefault:
        'I agree to receive the Heron Bay newsletter by e-mail. I can unsubscribe at any time.',
    });
  });

  void test('a text of 10 or 1000 characters is taken, counted in characters, not UTF-16 units', async () => {
    const h = harness();
    const org = await h.org();
    for (const text of ['Yes, news.', 'n'.repeat(1000), '😀'.repeat(10), '😀'.repeat(1000)]) {
      const response = await patchConsent(h, org.slug, text);
      assert.equal(response.statusCode, 200, response.body);
      assert.equal(response.json<AdminOrg>().newsletterConsentText, text);
    }
  });

  void test('a text too short or too long, even once trimmed, is 422 in words, and the text stays', async () => {
    const h = harness();
    const org = await h.org();
    const kept = 'The club’s own words of consent.';
    assert.equal((await patchConsent(h, org.slug, kept)).statusCode, 200);
    for (const text of [
      '',
      'Too short',
      '    short      ',
      ` ${'😀'.repeat(9)} `,
      'n'.repeat(1001),
      `${'n'.repeat(999)}\u0001`,
    ]) {
      const errors = assertInvalid(await patchConsent(h, org.slug, text), [
        'newsletterConsentText',
      ]);
      const expected = text.includes('\u0001')
        ? 'must not contain control characters (tab and newline are allowed)'
        : RULE;
      assert.equal(errors.newsletterConsentText, expected, JSON.stringify(text));
    }
    const wrongType = assertInvalid(await patchConsent(h, org.slug, 42), ['newsletterConsentText']);
    assert.doesNotMatch(wrongType.newsletterConsentText ?? '', /\^|\$|\\/);
    assert.equal((await consentFields(h, org.slug)).newsletterConsentText, kept);
  });

  void test('the read-only default is no field of the PATCH', async () => {
    const h = harness();
    const org = await h.org();
    assertInvalid(
      await h.admin('PATCH', `${ADMIN}/orgs/${org.slug}`, { newsletterConsentDefault: 'Words.' }),
      ['newsletterConsentDefault'],
    );
  });
});
