import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { browserSkip } from '../../support/browser.js';
import {
  checkAccessibility,
  said,
  shoot,
  signIn,
  closeConsole,
  openConsole,
} from '../../support/console.js';
import { PUBLIC, describeUnlessSkipped, type Harness } from '../../support/harness.js';

/** `YYYY-MM-DD HH:MM` in Chicago, the zone of `clubWithKey`'s club. */
const CHICAGO_CLOCK = new Intl.DateTimeFormat('sv-SE', {
  timeZone: 'America/Chicago',
  dateStyle: 'short',
  timeStyle: 'short',
});

describeUnlessSkipped('the console: an organizer writes and publishes a post', browserSkip, () => {
  let h: Harness;
  let browser: Browser;
  let page: Page;
  let origin: string;
  let orgSlug: string;
  let orgKey: string;

  before(async () => {
    ({ h, browser, page, origin, slug: orgSlug, key: orgKey } = await openConsole('News Club'));
  });

  after(() => closeConsole({ h, browser }));

  const publicSlugs = async () =>
    (await h.app.inject({ method: 'GET', url: `${PUBLIC}/orgs/${orgSlug}/posts` }))
      .json<{ posts: { slug: string }[] }>()
      .posts.map((post) => post.slug);

  void test('a draft is saved unseen, then published for the public', async () => {
    await signIn(page, origin, orgKey, 'News Club');
    await page.getByRole('link', { name: 'Posts' }).click();
    await page.waitForURL(/\/console\/posts$/);
    await checkAccessibility(page, 'posts, none yet');

    await page.fill('#title', 'Opening night');
    await page.fill('#slug', 'opening-night');
    await page.fill('#body', '**Welcome** back: the first night is on Tuesday.');
    await page.fill('#tags', 'news, league');
    await page.getByRole('button', { name: 'Save draft' }).click();
    await said(page, 'Draft Opening night saved.');
    const line = page.locator('#posts tr', { hasText: 'Opening night' });
    assert.deepEqual((await line.innerText()).split('\t').slice(0, 3), [
      'Opening night',
      'draft',
      '',
    ]);
    assert.deepEqual(await publicSlugs(), [], 'nobody sees a draft');

    // The same short name again: the API's refusal is said.
    await page.getByRole('button', { name: 'Save draft' }).click();
    await said(page, 'A post with this slug already exists in this organization.');
    assert.equal(await page.locator('#posts tr').count(), 1);
    await checkAccessibility(page, 'posts, a draft');
    await shoot(page, 'posts');

    await page.getByRole('button', { name: 'Publish Opening night' }).click();
    await said(page, 'Opening night is published.');
    const cells = (await line.innerText()).split('\t');
    assert.equal(cells[1], 'published');
    assert.equal(await page.getByRole('button', { name: 'Publish Opening night' }).count(), 0);
    assert.deepEqual(await publicSlugs(), ['opening-night'], 'the public sees it now');
    const post = await h.app.inject({
      method: 'GET',
      url: `${PUBLIC}/orgs/${orgSlug}/posts/opening-night`,
    });
    assert.equal(post.statusCode, 200, post.body);
    // The public API gives the instant in UTC; the console shows it on the club's clock.
    const published = new Date(post.json<{ publishedAt: string }>().publishedAt);
    assert.equal(cells[2], CHICAGO_CLOCK.format(published), 'when, on the club’s clock');
    assert.equal(
      await page.locator('th', { hasText: 'Published' }).textContent(),
      'Published (club time)',
    );
    assert.match(post.json<{ html: string }>().html, /<strong>Welcome<\/strong> back/);
    assert.deepEqual(post.json<{ tags: string[] }>().tags, ['news', 'league']);
    await checkAccessibility(page, 'posts, published');
  });

  void test('a post is edited, scheduled, and shows when its time comes', async () => {
    const adminPost = async (slug: string) =>
      (await h.admin('GET', `/admin/v1/orgs/${orgSlug}/posts`))
        .json<{ posts: { slug: string; body: string; publishedAt: string | null }[] }>()
        .posts.find((post) => post.slug === slug);
    await page.fill('#title', 'Summer social');
    await page.fill('#slug', 'summer-social');
    await page.fill('#body', 'Barbecue after the last night.');
    await page.fill('#tags', '');
    // July in Chicago is −05:00.
    await page.fill('#publishedAt', '2030-07-01T18:00');
    await page.getByRole('button', { name: 'Save draft' }).click();
    await said(page, 'Draft Summer social saved.');
    await page.getByRole('button', { name: 'Publish Summer social' }).click();
    await said(page, 'Summer social is published as scheduled.');
    const line = page.locator('#posts tr', { hasText: 'Summer social' });
    assert.deepEqual((await line.innerText()).split('\t').slice(0, 3), [
      'Summer social',
      'scheduled',
      '2030-07-01 18:00',
    ]);
    assert.equal((await adminPost('summer-social'))?.publishedAt, '2030-07-01T18:00:00-05:00');
    assert.deepEqual(await publicSlugs(), ['opening-night'], 'not before its time');

    await page.getByRole('button', { name: 'Edit Summer social' }).click();
    assert.equal(await page.locator('#post-title').innerText(), 'Edit Summer social');
    assert.equal(await page.inputValue('#body'), 'Barbecue after the last night.');
    assert.equal(await page.inputValue('#publishedAt'), '2030-07-01T18:00');
    await checkAccessibility(page, 'posts, editing one');
    await page.fill('#body', 'Barbecue and prizes after the last night.');
    await page.fill('#publishedAt', '2026-01-06T09:00');
    await page.getByRole('button', { name: 'Save post' }).click();
    await said(page, 'Post Summer social saved.');
    assert.equal(await page.locator('#post-title').innerText(), 'New draft', 'back to a new draft');
    const saved = await adminPost('summer-social');
    assert.equal(saved?.body, 'Barbecue and prizes after the last night.');
    assert.equal(saved.publishedAt, '2026-01-06T09:00:00-06:00');
    assert.deepEqual(
      (await publicSlugs()).sort(),
      ['opening-night', 'summer-social'],
      'its time has come',
    );
  });
});
