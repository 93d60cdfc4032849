import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Browser } from 'playwright-core';
import { publishBracket, setResult } from '../../../src/resources/brackets/service.js';
import { adminBracket, draftBracket, matchId, publishedBracket } from '../../support/brackets.js';
import { TARGETS } from '../../support/databases.js';
import { axeSource, browserSkip, launchChromium } from '../../support/browser.js';
import {
  NO_LIMITS,
  describeOnDatabases,
  describeUnlessSkipped,
  startHarness,
  stopHarness,
  type Harness,
} from '../../support/harness.js';
import { listen } from '../../support/wire.js';

const widgetUrl = (orgSlug: string, slug?: string) =>
  `/embed/bracket?org=${orgSlug}${slug === undefined ? '' : `&bracket=${slug}`}`;

describeOnDatabases('brackets: the bracket widget, as served (no script needed)', (harness) => {
  void test('rounds as columns with names, seeds, results and the champion, in the HTML itself', async () => {
    const h = harness();
    const org = await h.org();
    const { id, slug } = await publishedBracket(h, org, 2);
    const before = await h.inject({ url: widgetUrl(org.slug, slug) });
    assert.equal(before.statusCode, 200, before.body);
    assert.match(before.body, /<h3>\s*Final\s*<\/h3>/);
    assert.match(before.body, /Seed1 Golfer/);
    assert.match(before.body, /In progress · 18-hole matches/);
    assert.doesNotMatch(before.body, /Champion:/);

    await setResult(h.database.db, {
      orgSlug: org.slug,
      id,
      matchId: matchId(await adminBracket(h, org, id), 1, 1),
      result: { winner: 2, kind: 'holes', up: 4, toPlay: 3 },
    });
    const after = await h.inject({ url: widgetUrl(org.slug, slug) });
    assert.equal(after.statusCode, 200);
    assert.match(after.body, /Champion: <strong>Seed2 Golfer<\/strong>/);
    assert.match(after.body, /4&amp;3/);
    assert.match(after.body, /<span class="visually-hidden">Seed <\/span>2/);
    assert.match(after.body, /class="side won"/);
  });

  void test('without a bracket option the newest published bracket shows; a draft is 404', async () => {
    const h = harness();
    const org = await h.org();
    const none = await h.inject({ url: widgetUrl(org.slug) });
    assert.equal(none.statusCode, 200);
    assert.match(none.body, /No brackets yet\./);
    const draft = await draftBracket(h, org, 3);
    assert.equal((await h.inject({ url: widgetUrl(org.slug, draft.slug) })).statusCode, 404);
    assert.match((await h.inject({ url: widgetUrl(org.slug) })).body, /No brackets yet\./);
    await publishBracket(h.database.db, org.slug, draft.id);
    const newest = await h.inject({ url: widgetUrl(org.slug) });
    assert.match(newest.body, /Semifinals/);
    assert.match(newest.body, />\s*Bye\s*</);
  });
});

describeUnlessSkipped('brackets: the bracket widget in Chromium', browserSkip, () => {
  let h: Harness;
  let browser: Browser;
  let origin: string;
  let url: string;

  before(async () => {
    const pglite = TARGETS[0];
    if (pglite === undefined) throw new Error('no PGlite target');
    h = await startHarness(pglite, NO_LIMITS);
    const org = await h.org();
    const { slug } = await publishedBracket(h, org, 16);
    origin = await listen(h.app);
    url = `${origin}${widgetUrl(org.slug, slug)}`;
    browser = await launchChromium();
  });

  after(async () => {
    await browser.close();
    await stopHarness(h);
  });

  void test('at 320 px without script the rounds scroll sideways inside the widget, not the page', async () => {
    const context = await browser.newContext({
      javaScriptEnabled: false,
      viewport: { width: 320, height: 640 },
    });
    const page = await context.newPage();
    await page.goto(url);
    const rounds = await page.locator('.round h3').allInnerTexts();
    assert.deepEqual(rounds, ['Round of 16', 'Quarterfinals', 'Semifinals', 'Final']);
    const widths = await page.evaluate(`(() => {
      const region = document.querySelector('.bracket');
      return {
        page: document.documentElement.scrollWidth - document.documentElement.clientWidth,
        region: region.scrollWidth - region.clientWidth,
        focusable: region.tabIndex,
      };
    })()`);
    const { page: pageOverflow, region, focusable } = widths as Record<string, number>;
    assert.equal(pageOverflow, 0, 'the page itself does not scroll sideways');
    assert.ok((region ?? 0) > 0, `the rounds scroll inside the widget (${region} px more)`);
    assert.equal(focusable, 0, 'the scrolling region takes the keyboard focus');
    await context.close();
  });

  void test('passes axe at 320 px and at desktop width', async () => {
    for (const width of [320, 1024]) {
      const page = await browser.newPage({ viewport: { width, height: 700 } });
      await page.goto(url);
      await page.evaluate(axeSource);
      const violations = await page.evaluate<{ id: string; impact: string | null }[]>(
        `axe.run(document).then((results) =>
          results.violations.map((v) => ({ id: v.id, impact: v.impact })))`,
      );
      assert.deepEqual(
        violations.filter((v) => v.impact === 'serious' || v.impact === 'critical'),
        [],
        `${width} px: ${JSON.stringify(violations)}`,
      );
      await page.close();
    }
  });
});
