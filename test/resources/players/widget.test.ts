import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Browser } from 'playwright-core';
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
import { club, setPublicProfile } from '../../support/players.js';
import { listen } from '../../support/wire.js';

const widgetUrl = (orgSlug: string, slug?: string) =>
  `/embed/player?org=${orgSlug}${slug === undefined ? '' : `&player=${slug}`}`;

describeOnDatabases('players: the player widget, as served (no script needed)', (harness) => {
  void test('name, the handicap in plain words, a chart with its text alternative, the results', async () => {
    const h = harness();
    const c = await club(h);
    const page = await h.inject({ url: widgetUrl(c.org.slug, 'jose-nunez') });
    assert.equal(page.statusCode, 200, page.body);
    assert.match(page.body, /<h2>José Núñez<\/h2>/);
    assert.match(page.body, /Tuesday League/);
    assert.match(
      page.body,
      /<strong class="handicap">-4\.0<\/strong>\s*unofficial league handicap from 3 cards \(provisional until 20\)\./,
    );
    assert.doesNotMatch(page.body, /Handicap Index/);
    assert.match(
      page.body,
      /role="img"\s+aria-label="Strokes to par over the last 3 cards, oldest first: E, \+5, -1"/,
    );
    assert.match(page.body, /<polyline points="[\d.]+,[\d.]+ [\d.]+,[\d.]+ [\d.]+,[\d.]+"/);
    assert.match(page.body, /<th scope="row">Week 2<\/th>[\s\S]*?<td>2<\/td>/);

    const sam = await h.inject({ url: widgetUrl(c.org.slug, 'sam-snead') });
    assert.match(sam.body, /No league handicap yet: it needs 3 complete cards \(2 so far\)\./);
  });

  void test('a hidden, unknown or missing player answers the missing page', async () => {
    const h = harness();
    const c = await club(h);
    const unknown = await h.inject({ url: widgetUrl(c.org.slug, 'no-such-player') });
    assert.equal(unknown.statusCode, 404);
    assert.equal((await h.inject({ url: widgetUrl(c.org.slug) })).statusCode, 404);
    await setPublicProfile(h, c.jose.id, false);
    const hidden = await h.inject({ url: widgetUrl(c.org.slug, 'jose-nunez') });
    assert.equal(hidden.statusCode, 404);
    assert.equal(hidden.body, unknown.body);
  });
});

describeUnlessSkipped('players: the player widget in Chromium', browserSkip, () => {
  let h: Harness;
  let browser: Browser;
  let url: string;

  before(async () => {
    const pglite = TARGETS[0];
    if (pglite === undefined) throw new Error('no PGlite target');
    h = await startHarness(pglite, NO_LIMITS);
    const c = await club(h);
    const origin = await listen(h.app);
    url = `${origin}${widgetUrl(c.org.slug, 'jose-nunez')}`;
    browser = await launchChromium();
  });

  after(async () => {
    await browser.close();
    await stopHarness(h);
  });

  void test('passes axe at 320 px and at desktop width, the chart inside the frame', async () => {
    for (const width of [320, 1024]) {
      const page = await browser.newPage({ viewport: { width, height: 700 } });
      await page.goto(url);
      const chart = await page.locator('svg[role="img"]').boundingBox();
      assert.ok(chart !== null && chart.width > 0 && chart.width <= width, `${width} px`);
      const overflow = await page.evaluate(
        'document.documentElement.scrollWidth - document.documentElement.clientWidth',
      );
      assert.equal(overflow, 0, `${width} px: the page does not scroll sideways`);
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
