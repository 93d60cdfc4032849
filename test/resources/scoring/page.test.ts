import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { Event, Org } from '../../../src/db/schema.js';
import { createApiKey } from '../../../src/resources/api-keys/service.js';
import { addEventEntry, patchEvent } from '../../../src/resources/events/service.js';
import { axeSource, browserSkip, eventuallyInPage, launchChromium } from '../../support/browser.js';
import { TARGETS } from '../../support/databases.js';
import type { Harness } from '../../support/harness.js';
import {
  DEFAULT_NOW,
  NO_LIMITS,
  PUBLIC,
  describeUnlessSkipped,
  startHarness,
  stopHarness,
} from '../../support/harness.js';
import { NINE_PARS, createNight } from '../../support/score-cards.js';
import { listen } from '../../support/wire.js';

/** Code that runs in the page is written as it runs there: the test has no DOM types. */
async function inPage<T = unknown>(page: Page, source: string): Promise<T> {
  return page.evaluate<T>(source);
}

interface Row {
  name: string;
  holes: (number | null)[];
}

describeUnlessSkipped('the scoring page in a real browser, at 360 px', browserSkip, () => {
  let h: Harness;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let origin: string;
  let org: Org;
  let event: Event;
  let link: string;
  const consoleErrors: string[] = [];

  before(async () => {
    const pglite = TARGETS[0];
    if (pglite === undefined) throw new Error('no PGlite target');
    h = await startHarness(pglite, NO_LIMITS);
    const db = h.database.db;
    org = await h.org();
    event = await createNight(h, org, null);
    event = (await patchEvent(db, org.slug, event.id, { pars: NINE_PARS })).event;
    for (const firstName of ['Al', 'Bo']) {
      const golfer = await h.user({ firstName, lastName: 'Golfer' });
      await addEventEntry(db, { orgSlug: org.slug, eventId: event.id, userId: golfer.id });
    }
    const { key } = await createApiKey(
      db,
      org.slug,
      { name: 'Scorer', role: 'scorer', eventId: event.id },
      DEFAULT_NOW,
    );
    origin = await listen(h.app);
    link = `${origin}/score#org=${org.slug}&event=${event.id}&key=${key}`;
    browser = await launchChromium();
    context = await browser.newContext({ viewport: { width: 360, height: 740 } });
    page = await context.newPage();
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });
  });

  after(async () => {
    await browser.close();
    await stopHarness(h);
  });

  const boardPath = () => `${PUBLIC}/orgs/${org.slug}/events/${event.slug}/leaderboard`;
  async function alsCard(): Promise<(number | null)[] | undefined> {
    const response = await h.inject({ url: boardPath() });
    const rows = response.json<{ leaderboards: { rows: Row[] }[] }>().leaderboards[0]?.rows;
    return rows?.find((row) => row.name === 'Al Golfer')?.holes;
  }

  async function checkAccessibility(what: string): Promise<void> {
    await page.evaluate(axeSource);
    const violations = await inPage<{ id: string; impact: string | null }[]>(
      page,
      `axe.run(document).then((r) => r.violations.map((v) => ({ id: v.id, impact: v.impact })))`,
    );
    assert.deepEqual(violations, [], `${what}: ${JSON.stringify(violations)}`);
  }

  const queue = () => page.locator('#queue').innerText();

  void test('a card entered online, then two holes offline, reach the leaderboard and its stream when back', async () => {
    await page.goto(link);
    await page.locator('#golfer option', { hasText: 'Al Golfer' }).waitFor({ state: 'attached' });
    await checkAccessibility('the field');
    await page.selectOption('#golfer', { label: 'Al Golfer' });
    await page.locator('#hole-1').waitFor();

    // Keyboard only: from the golfer, Tab reaches hole 1's "fewer" button, then its box.
    await page.focus('#golfer');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    assert.equal(await inPage(page, 'document.activeElement.id'), 'hole-1');
    await page.keyboard.type('5');
    await page.keyboard.press('Tab');
    await eventuallyInPage('hole 1 is sent', async () =>
      (await queue()).includes('Every entry is sent') ? true : await queue(),
    );
    assert.deepEqual(await alsCard(), [5, null, null, null, null, null, null, null, null]);

    // The public stream, read as a browser would, from the card's state at this point.
    const stream = await fetch(`${origin}${boardPath()}/stream`);
    const reader = stream.body?.getReader();
    assert.ok(reader !== undefined);
    let heard = '';
    const listening = (async () => {
      for (;;) {
        const chunk = (await reader.read()) as { done: boolean; value?: Uint8Array };
        if (chunk.done || chunk.value === undefined) return;
        heard += Buffer.from(chunk.value).toString('utf8');
      }
    })();

    await context.setOffline(true);
    await page.getByRole('button', { name: 'One stroke more on hole 2' }).click();
    await page.fill('#hole-3', '2');
    await page.keyboard.press('Tab');
    await eventuallyInPage('two entries wait while offline', async () => {
      const text = await queue();
      return text.includes('Offline') && text.includes('2 entries wait') ? true : text;
    });
    const states = await page.locator('#holes .state').allInnerTexts();
    assert.deepEqual(states.slice(0, 4), ['Sent', 'Waiting', 'Waiting', '']);
    await sleep(300);
    assert.deepEqual(await alsCard(), [5, null, null, null, null, null, null, null, null]);
    await checkAccessibility('a card with entries waiting');

    await context.setOffline(false);
    await eventuallyInPage('the waiting entries are sent when the connection is back', async () =>
      (await queue()).includes('Every entry is sent') ? true : await queue(),
    );
    assert.deepEqual(await alsCard(), [5, 4, 2, null, null, null, null, null, null]);
    await eventuallyInPage('the stream carries the new card', async () =>
      heard.includes('"holes":[5,4,2,null') ? true : `heard ${heard.length} characters`,
    );
    await reader.cancel();
    await listening;

    const width = await inPage<{ scroll: number; client: number }>(
      page,
      '({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth })',
    );
    assert.ok(
      width.scroll <= width.client,
      `no sideways scrolling at 360 px: ${JSON.stringify(width)}`,
    );
    // Requests made offline fail by design; nothing else may.
    assert.deepEqual(
      consoleErrors.filter((text) => !text.includes('ERR_INTERNET_DISCONNECTED')),
      [],
    );
  });

  void test('the key never leaves the fragment: no request of the page carries it in its URL', async () => {
    const urls: string[] = [];
    page.on('request', (request) => urls.push(request.url()));
    await page.goto('about:blank');
    await page.goto(link);
    await page.locator('#golfer option', { hasText: 'Bo Golfer' }).waitFor({ state: 'attached' });
    const key = new URL(link).hash.split('key=')[1] ?? '';
    assert.ok(key.length > 10);
    assert.ok(urls.length > 0);
    assert.deepEqual(
      urls.filter((url) => url.split('#')[0]?.includes(key)),
      [],
      'the key is in no request line',
    );
  });
});
