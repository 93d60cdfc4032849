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
import { ADMIN, describeUnlessSkipped, unique, type Harness } from '../../support/harness.js';

const GOLFERS = ['Ava Eagle', 'Ben Birdie', 'Cy Par', 'Di Bogey'];

describeUnlessSkipped('the console: an organizer runs a match-play bracket', browserSkip, () => {
  let h: Harness;
  let browser: Browser;
  let page: Page;
  let origin: string;
  let orgSlug: string;
  let orgKey: string;

  before(async () => {
    ({
      h,
      browser,
      page,
      origin,
      slug: orgSlug,
      key: orgKey,
    } = await openConsole('Match Club', {
      prepare: async (h, slug) => {
        for (const name of GOLFERS) {
          const [firstName, lastName] = name.split(' ');
          const added = await h.admin('POST', `${ADMIN}/orgs/${slug}/golfers`, {
            email: `${unique('player')}@example.com`,
            firstName,
            lastName,
          });
          assert.equal(added.statusCode, 201, added.body);
        }
      },
    }));
  });

  after(() => closeConsole({ h, browser }));

  async function enterResult(index: number, winner: string, result: Record<string, string>) {
    const form = page.locator('#rounds form').nth(index);
    await form.getByLabel('Winner').selectOption({ label: winner });
    await form.getByLabel('How').selectOption(result.kind ?? 'holes');
    for (const [label, value] of Object.entries(result)) {
      if (label !== 'kind') await form.getByLabel(label, { exact: true }).fill(value);
    }
    await form.getByRole('button', { name: 'Save result' }).click();
    await said(page, 'Result saved.');
  }

  void test('draft with seeds in the order ticked, publish, results through to a champion', async () => {
    await signIn(page, origin, orgKey, 'Match Club');
    await page.getByRole('link', { name: 'Brackets' }).click();
    await page.getByLabel('Di Bogey').waitFor();
    await page.fill('#name', 'Club Match Play');
    await page.fill('#slug', 'club-match-play');
    for (const name of ['Ava Eagle', 'Ben Birdie', 'Cy Par', 'Di Bogey']) {
      await page.getByLabel(name).check();
    }
    await checkAccessibility(page, 'brackets');
    await shoot(page, 'brackets');
    await page.getByRole('button', { name: 'Create draft' }).click();
    await page.waitForURL(/\/console\/bracket\?id=\d+$/);
    await page.locator('#bracket-status', { hasText: 'draft' }).waitFor();
    assert.match(
      await page.locator('#bracket-status').innerText(),
      /1\. Ava Eagle, 2\. Ben Birdie, 3\. Cy Par, 4\. Di Bogey/,
    );

    await page.getByRole('button', { name: 'Publish the draw' }).click();
    await said(page, 'The draw is published.');
    await enterResult(0, 'Ava Eagle', { 'Holes up': '3', 'Holes left to play': '2' });
    await enterResult(0, 'Cy Par', { kind: 'conceded' });
    await checkAccessibility(page, 'bracket with a final to play');
    await enterResult(0, 'Ava Eagle', { 'Holes up': '1', 'Holes left to play': '0' });
    await page.locator('#bracket-status', { hasText: 'champion Ava Eagle' }).waitFor();
    await checkAccessibility(page, 'bracket decided');
    await shoot(page, 'bracket');

    const widget = await h.inject({ url: `/embed/bracket?org=${orgSlug}&bracket=club-match-play` });
    assert.equal(widget.statusCode, 200, widget.body.slice(0, 200));
    assert.ok(widget.body.includes('Ava Eagle'));
  });
});
