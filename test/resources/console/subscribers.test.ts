import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { after, before, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import type { SubscriberList } from '../../../src/resources/newsletter/schema.js';
import { browserSkip } from '../../support/browser.js';
import {
  checkAccessibility,
  said,
  shoot,
  signIn,
  closeConsole,
  openConsole,
} from '../../support/console.js';
import { ADMIN, describeUnlessSkipped, type Harness } from '../../support/harness.js';
import { newAddress, subscribeOk } from '../../support/newsletter.js';

/** One more than a page of the console's list, so that it has a second page. */
const SUBSCRIBERS = 51;

describeUnlessSkipped('the console: an organizer keeps the newsletter’s list', browserSkip, () => {
  let h: Harness;
  let browser: Browser;
  let page: Page;
  let origin: string;
  let org: { slug: string };
  let orgKey: string;
  const addresses: string[] = [];
  const requestUrls: string[] = [];

  before(async () => {
    let slug: string;
    ({
      h,
      browser,
      page,
      origin,
      slug,
      key: orgKey,
    } = await openConsole('Letters Club', {
      prepare: async (h, slug) => {
        for (let index = 0; index < SUBSCRIBERS; index += 1) {
          const email = newAddress();
          addresses.push(email);
          await subscribeOk(
            h,
            { slug },
            { email, ...(index === 0 ? { name: 'Nell Reader' } : {}) },
          );
        }
        // Confirming goes through the mail's link (test/resources/newsletter); here the row is
        // set as a confirmation leaves it, for the console to show.
        await h.database.db
          .updateTable('newsletter_subscribers')
          .set({ status: 'confirmed', confirmed_at: new Date('2026-06-16T18:05:00Z') })
          .where('email', '=', addresses[0] ?? '')
          .execute();
      },
      watch: (context) => context.on('request', (request) => requestUrls.push(request.url())),
    }));
    org = { slug };
  });

  after(() => closeConsole({ h, browser }));

  const cells = async (index: number) =>
    (await page.locator('#subscribers tr').nth(index).innerText()).split('\t').slice(0, 3);

  void test('the list pages, with each one’s status and consent', async () => {
    await signIn(page, origin, orgKey, 'Letters Club');
    await page.getByRole('link', { name: 'Newsletter' }).click();
    await page.waitForURL(/\/console\/subscribers$/);
    await page.locator('#subscribers tr').first().waitFor();
    assert.equal(
      await page.locator('#subscribers-caption').innerText(),
      `Subscribers 1 to 50 of ${SUBSCRIBERS}, oldest first`,
    );
    assert.equal(await page.locator('#subscribers tr').count(), 50);
    // Stored at 18:00 and 18:05 UTC; the club is in Chicago (−05:00 in June).
    assert.deepEqual(await cells(0), [
      `Nell Reader\n${addresses[0]}`,
      'confirmed',
      'consented 2026-06-16 13:00\nconfirmed 2026-06-16 13:05',
    ]);
    assert.deepEqual(await cells(1), [addresses[1], 'pending', 'consented 2026-06-16 13:00']);
    assert.equal(await page.isDisabled('#previous'), true);
    await checkAccessibility(page, 'subscribers');

    await page.getByRole('button', { name: 'Next page' }).click();
    await page.locator('#subscribers-caption', { hasText: 'Subscribers 51 to 51' }).waitFor();
    assert.deepEqual((await cells(0))[0], addresses[50]);
    assert.equal(await page.isDisabled('#next'), true);
    await page.getByRole('button', { name: 'Previous page' }).click();
    await page.locator('#subscribers-caption', { hasText: 'Subscribers 1 to 50' }).waitFor();
  });

  void test('the list downloads as CSV with the key in a header only', async () => {
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download the list as CSV' }).click(),
    ]);
    assert.equal(download.suggestedFilename(), `subscribers-${org.slug}.csv`);
    const csv = await readFile(await download.path(), 'utf8');
    const lines = csv.trimEnd().split('\r\n');
    assert.match(lines[0] ?? '', /^id,email,name,status,/);
    assert.equal(lines.length, SUBSCRIBERS + 1, 'a header and every subscriber');
    for (const email of addresses) assert.ok(csv.includes(email), email);
    await said(page, `The list of ${SUBSCRIBERS} subscribers is downloaded`);
    assert.deepEqual(
      requestUrls.filter((url) => url.includes(orgKey)),
      [],
      'no request line carries the key',
    );
  });

  void test('a subscriber is erased after a confirm step', async () => {
    const address = addresses[1] ?? '';
    await page.getByRole('button', { name: `Erase ${address}` }).click();
    await page.getByText(`Erase ${address}? Their address`).waitFor();
    await checkAccessibility(page, 'subscribers, an erasure to confirm');
    await shoot(page, 'subscribers');
    await page.getByRole('button', { name: `Yes, erase ${address}` }).click();
    await said(page, `${address} is erased.`);
    assert.deepEqual(await cells(1), ['Erased subscriber', 'erased', 'consented 2026-06-16 13:00']);
    assert.equal(await page.getByRole('button', { name: `Erase ${address}` }).count(), 0);

    const listed = await h.admin('GET', `${ADMIN}/orgs/${org.slug}/newsletter/subscribers`);
    const { count, subscribers } = listed.json<SubscriberList>();
    assert.equal(count, SUBSCRIBERS, 'the count stays');
    const erased = subscribers[1];
    assert.deepEqual(
      { email: erased?.email, name: erased?.name, status: erased?.status },
      { email: null, name: null, status: 'erased' },
    );
    assert.ok(!JSON.stringify(subscribers).includes(address), 'the address is gone');
  });
});
