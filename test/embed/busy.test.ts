import assert from 'node:assert/strict';
import { mkdir } from 'node:fs/promises';
import { after, before, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { TARGETS } from '../support/databases.js';
import { embedClub, type EmbedClub } from '../support/embeds.js';
import {
  WAIT_MS,
  axeSource,
  browserSkip,
  eventuallyInPage,
  launchChromium,
} from '../support/browser.js';
import { PUBLIC, describeUnlessSkipped, startHarness, stopHarness } from '../support/harness.js';
import type { Harness } from '../support/harness.js';
import { listen } from '../support/wire.js';

const SCREENSHOTS = new URL('../../test-output/embed/', import.meta.url);

/** Widget pages and the JSON API count apart: a club's guests share one address. */
const API_LIMIT = 2;
const EMBED_LIMIT = 3;

/** One second before a rate-limit window ends, so that a refusal's Retry-After is 1. */
const LAST_SECOND = new Date('2026-11-25T18:00:59.000Z');
/** Half a minute before the next window ends: a notice that stays long enough to look at. */
const MID_WINDOW = new Date('2026-11-25T18:01:30.000Z');
const LAST_SECOND_AGAIN = new Date('2026-11-25T18:02:59.000Z');
const NEXT_WINDOW = new Date('2026-11-25T18:03:00.500Z');

describeUnlessSkipped('widgets under load', browserSkip, () => {
  let h: Harness;
  let club: EmbedClub;
  let origin: string;
  let browser: Browser;
  let page: Page;

  before(async () => {
    const pglite = TARGETS[0];
    if (pglite === undefined) throw new Error('no PGlite target');
    h = await startHarness(pglite, {
      rateLimitPerMinute: API_LIMIT,
      embedRateLimitPerMinute: EMBED_LIMIT,
      adminRateLimitPerMinute: 0,
    });
    club = await embedClub(h);
    origin = await listen(h.app);
    await mkdir(SCREENSHOTS, { recursive: true });
    browser = await launchChromium();
    page = await browser.newPage({ viewport: { width: 360, height: 400 } });
  });

  after(async () => {
    await browser.close();
    await stopHarness(h);
  });

  const widgetUrl = () => `${origin}/embed/leagues?org=${club.org.slug}`;

  void test('widget pages have their own budget; past it, a styled notice that asks again by itself', async () => {
    h.clock.now = LAST_SECOND;
    for (let request = 1; request <= API_LIMIT; request += 1) {
      const answer = await fetch(`${origin}${PUBLIC}/orgs/${club.org.slug}/event-series`);
      assert.equal(answer.status, 200, `API request ${request}`);
    }
    const spent = await fetch(`${origin}${PUBLIC}/orgs/${club.org.slug}/event-series`);
    assert.equal(spent.status, 429, 'the JSON API budget is spent');

    for (let request = 1; request <= EMBED_LIMIT; request += 1) {
      const answer = await fetch(widgetUrl());
      assert.equal(answer.status, 200, `widget request ${request} draws on its own budget`);
      assert.match(answer.headers.get('ratelimit-policy') ?? '', /q=3;w=60/);
    }

    const busy = await fetch(widgetUrl());
    assert.equal(busy.status, 429);
    assert.equal(busy.headers.get('content-type'), 'text/html; charset=utf-8');
    assert.equal(busy.headers.get('retry-after'), '1');
    assert.equal(busy.headers.get('cache-control'), 'no-store');
    assert.match(busy.headers.get('content-security-policy') ?? '', /frame-ancestors \*/);
    const body = await busy.text();
    assert.match(body, /data-retry-after="1"/);
    assert.match(body, /Busy right now/);
    assert.doesNotMatch(body, /^Too Many Requests$/m);
  });

  /** Spends what is left of the current window's widget budget. */
  async function spendBudget(): Promise<void> {
    for (let request = 0; request < EMBED_LIMIT; request += 1) await fetch(widgetUrl());
  }

  void test('in a browser the notice is styled and accessible', async () => {
    h.clock.now = MID_WINDOW;
    await spendBudget();
    await page.goto(widgetUrl());
    const notice = page.locator('.busy[role="status"]');
    await notice.waitFor({ timeout: WAIT_MS });
    assert.match((await notice.textContent()) ?? '', /try again in 30 seconds/);
    const style = await page.evaluate<{ border: string; background: string }>(
      `(() => {
        const computed = getComputedStyle(document.querySelector('.busy'));
        return { border: computed.borderLeftWidth, background: computed.backgroundColor };
      })()`,
    );
    assert.deepEqual(style, { border: '4px', background: 'rgb(244, 245, 244)' });
    await page.evaluate(axeSource);
    const violations = await page.evaluate<{ id: string; impact: string | null }[]>(
      `axe.run(document).then((results) =>
        results.violations.map((v) => ({ id: v.id, impact: v.impact })))`,
    );
    assert.deepEqual(
      violations.filter((v) => v.impact === 'serious' || v.impact === 'critical'),
      [],
    );
    await page.screenshot({ path: new URL('busy-360.png', SCREENSHOTS).pathname });
  });

  void test('in a browser the notice asks again by itself after Retry-After and gives way to the widget', async () => {
    h.clock.now = LAST_SECOND_AGAIN;
    await spendBudget();
    await page.goto(widgetUrl());
    await page.locator('.busy[role="status"]').waitFor({ timeout: WAIT_MS });
    h.clock.now = NEXT_WINDOW;
    await eventuallyInPage('the page asked again and shows the widget', async () =>
      (await page.locator('main.widget-leagues').count()) === 1 ? true : 'still busy',
    );
  });
});
