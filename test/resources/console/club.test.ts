import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import type { AdminOrg } from '../../../src/resources/orgs/schema.js';
import { browserSkip } from '../../support/browser.js';
import {
  checkAccessibility,
  closeConsole,
  openConsole,
  inPage,
  said,
  shoot,
  signIn,
} from '../../support/console.js';
import { createEvent } from '../../support/events.js';
import { ADMIN, describeUnlessSkipped, type Harness } from '../../support/harness.js';

describeUnlessSkipped('the console: an organizer runs the club and its keys', browserSkip, () => {
  let h: Harness;
  let browser: Browser;
  let page: Page;
  let origin: string;
  let orgSlug: string;
  let orgKey: string;
  const requestUrls: string[] = [];

  before(async () => {
    ({
      h,
      browser,
      page,
      origin,
      slug: orgSlug,
      key: orgKey,
    } = await openConsole('Links Club', {
      prepare: async (h, slug) => {
        await createEvent(h, { slug }, { title: 'Tuesday night' });
      },
      watch: (context) => context.on('request', (request) => requestUrls.push(request.url())),
    }));
  });

  after(() => closeConsole({ h, browser }));

  /** The org as the admin API reads it with `key` (the operator's token by default). */
  const readOrg = (key?: string) =>
    key === undefined
      ? h.admin('GET', `${ADMIN}/orgs/${orgSlug}`)
      : h.inject({
          method: 'GET',
          url: `${ADMIN}/orgs/${orgSlug}`,
          headers: { authorization: `Bearer ${key}` },
        });

  const keyRows = async () =>
    (await page.locator('#keys tr').allInnerTexts()).map((line) => {
      const [key = '', role = ''] = line.split('\t');
      return [...key.split('\n'), role];
    });

  void test('the club’s name, time zone and live odds are changed', async () => {
    await signIn(page, origin, orgKey, 'Links Club');
    await page.getByRole('link', { name: 'Club', exact: true }).click();
    await page.waitForURL(/\/console\/club$/);
    await page.locator('#keys tr').first().waitFor();
    assert.equal(await page.inputValue('#name'), 'Links Club');
    assert.equal(await page.inputValue('#timezone'), 'America/Chicago');
    assert.equal(await page.isChecked('#oddsEnabled'), true);
    await checkAccessibility(page, 'club');

    await page.fill('#name', 'Links Golf Club');
    await page.selectOption('#timezone', 'Europe/London');
    await page.uncheck('#oddsEnabled');
    await page.getByRole('button', { name: 'Save club' }).click();
    await said(page, 'Links Golf Club is saved.');
    const org = (await readOrg()).json<AdminOrg>();
    assert.deepEqual(
      { name: org.name, timezone: org.timezone, oddsEnabled: org.oddsEnabled },
      { name: 'Links Golf Club', timezone: 'Europe/London', oddsEnabled: false },
    );
    assert.equal(await page.locator('#org-name').innerText(), 'Links Golf Club');
    await page.reload();
    await page.locator('#keys tr').first().waitFor();
    assert.equal(await page.locator('#org-name').innerText(), 'Links Golf Club', 'kept in the tab');
    assert.equal(await page.isChecked('#oddsEnabled'), false);
  });

  void test('the newsletter consent text: the default in the empty box, the club’s own saved, emptied back to null', async () => {
    const box = page.locator('#newsletterConsentText');
    const byDefault =
      'I agree to receive the Links Golf Club newsletter by e-mail. I can unsubscribe at any time.';
    assert.equal(await box.inputValue(), '');
    assert.equal(await box.getAttribute('placeholder'), byDefault);
    const save = () => page.getByRole('button', { name: 'Save club' }).click();

    await box.fill('Too short');
    await save();
    await said(page, 'Newsletter consent text: must be 10 to 1000 characters long');
    assert.equal(
      await page.locator('#newsletterConsentText-error').innerText(),
      'Newsletter consent text: must be 10 to 1000 characters long, not counting spaces at either end (null goes back to the default sentence).',
    );
    assert.equal(await box.getAttribute('aria-invalid'), 'true');
    await checkAccessibility(page, 'club, a consent text refused');

    const own = 'Send me the Links Golf Club news by e-mail.\nI can stop it at any time.';
    await box.fill(own);
    await save();
    await said(page, 'Links Golf Club is saved.');
    assert.equal((await readOrg()).json<AdminOrg>().newsletterConsentText, own);
    await page.reload();
    await page.locator('#keys tr').first().waitFor();
    assert.equal(await box.inputValue(), own, 'the club’s own text is read back');

    await box.fill('   ');
    await save();
    await said(page, 'Links Golf Club is saved.');
    assert.equal((await readOrg()).json<AdminOrg>().newsletterConsentText, null);
    assert.equal(await box.inputValue(), '');
    assert.equal(await box.getAttribute('placeholder'), byDefault);
  });

  void test('a key is made and shown once, listed by its first characters, and revoked', async () => {
    const roles = await inPage<string[]>(
      page,
      "[...document.querySelectorAll('#role option')].map((option) => option.value)",
    );
    assert.deepEqual(roles, ['organizer', 'scorer'], 'the roles an organizer key may create');
    assert.equal(await page.isDisabled('#eventId'), true, 'no night for an organizer key');
    assert.deepEqual(await keyRows(), [['Console', `${orgKey.slice(0, 8)}…`, 'organizer']]);

    // A scorer key without its night: the API's rule, next to the field.
    await page.fill('#keyName', 'Scorer');
    await page.selectOption('#role', 'scorer');
    await page.getByRole('button', { name: 'Create key' }).click();
    await said(page, 'Night it scores (scorer keys): is required for a scorer key.');
    assert.equal(
      await page.locator('#eventId-error').innerText(),
      'Night it scores (scorer keys): is required for a scorer key.',
    );
    await page.selectOption('#eventId', { index: 1 });
    await page.getByRole('button', { name: 'Create key' }).click();
    await said(page, 'Key Scorer created.');
    const link = new URL(await page.inputValue('#scoringLink'));
    assert.equal(link.pathname, '/score');
    const scorerKey = new URLSearchParams(link.hash.slice(1)).get('key') ?? '';
    assert.equal(scorerKey, await page.inputValue('#secret'), 'the link carries the new key');

    await page.fill('#keyName', 'Front desk');
    await page.selectOption('#role', 'organizer');
    await page.getByRole('button', { name: 'Create key' }).click();
    await said(page, 'Key Front desk created. Copy it now: it will not be shown again.');
    const secret = await page.inputValue('#secret');
    assert.match(secret, /^chk_/);
    assert.equal(await page.isVisible('#scoring-link'), false, 'an organizer key has no link');
    assert.match(await page.locator('#new-key').innerText(), /it will not be shown again/);
    assert.equal((await readOrg(secret)).statusCode, 200, 'the new key works');
    assert.deepEqual(await keyRows(), [
      ['Console', `${orgKey.slice(0, 8)}…`, 'organizer'],
      ['Scorer', `${scorerKey.slice(0, 8)}…`, 'scorer of Tuesday night'],
      ['Front desk', `${secret.slice(0, 8)}…`, 'organizer'],
    ]);
    await checkAccessibility(page, 'club, a new key shown');
    await shoot(page, 'club');

    await page.getByRole('button', { name: 'Hide the key' }).click();
    assert.equal(await page.inputValue('#secret'), '', 'the secret leaves the page');
    assert.equal(await page.isVisible('#new-key'), false);

    await page.getByRole('button', { name: 'Revoke Front desk' }).click();
    await page.getByText('Revoke Front desk? Whoever holds it is refused at once.').waitFor();
    await page.getByRole('button', { name: 'Keep Front desk' }).click();
    assert.equal((await readOrg(secret)).statusCode, 200, 'kept: it still works');
    await page.getByRole('button', { name: 'Revoke Front desk' }).click();
    await checkAccessibility(page, 'club, a revoke to confirm');
    await page.getByRole('button', { name: 'Yes, revoke Front desk' }).click();
    await said(page, 'Front desk is revoked: it no longer works.');
    assert.deepEqual(
      (await keyRows()).map((cells) => cells[0]),
      ['Console', 'Scorer'],
    );
    assert.equal((await readOrg(secret)).statusCode, 401, 'the revoked key is refused');
    for (const key of [orgKey, secret]) {
      assert.deepEqual(
        requestUrls.filter((url) => url.includes(key)),
        [],
        'no request line carries a key',
      );
    }
  });

  void test('revoking the key the tab signed in with signs out', async () => {
    await page.getByRole('button', { name: 'Revoke Console' }).click();
    await page.getByText('It looks like the key you signed in with').waitFor();
    await page.getByRole('button', { name: 'Yes, revoke Console' }).click();
    await page.waitForURL(`${origin}/console`);
    assert.equal((await readOrg(orgKey)).statusCode, 401);
  });
});
