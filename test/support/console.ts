import assert from 'node:assert/strict';
import { mkdir } from 'node:fs/promises';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { axeSource, eventuallyInPage, launchChromium } from './browser.js';
import { TARGETS } from './databases.js';
import { ADMIN, NO_LIMITS, startHarness, stopHarness, unique, type Harness } from './harness.js';
import { listen } from './wire.js';

/** Where the console's screenshots go: gitignored, for a person to look at. */
const SHOTS = new URL('../../test-output/console/', import.meta.url);

/** The path of a file under the screenshots' folder, which is made when missing. */
export async function shotPath(file: string): Promise<string> {
  await mkdir(SHOTS, { recursive: true });
  return new URL(file, SHOTS).pathname;
}

/** Code that runs in the page is written as it runs there: the tests have no DOM types. */
export async function inPage<T = unknown>(page: Page, source: string): Promise<T> {
  return page.evaluate<T>(source);
}

/** What a console suite runs against: the app on a port, its club and key, a browser page. */
export interface ConsoleSetUp {
  h: Harness;
  origin: string;
  slug: string;
  key: string;
  browser: Browser;
  page: Page;
}

/**
 * The app on PGlite listening on a port, a club (`clubWithKey`) with what `prepare` adds to
 * it, and Chromium with one page of 1280 × 900; `watch` sees the browser context first (its
 * requests, say). Closed by `closeConsole`.
 */
export async function openConsole(
  clubName: string,
  options: {
    prepare?: (h: Harness, slug: string) => Promise<void>;
    watch?: (context: BrowserContext) => void;
  } = {},
): Promise<ConsoleSetUp> {
  const pglite = TARGETS[0];
  if (pglite === undefined) throw new Error('no PGlite target');
  const h = await startHarness(pglite, NO_LIMITS);
  const { slug, key } = await clubWithKey(h, clubName);
  await options.prepare?.(h, slug);
  const origin = await listen(h.app);
  const browser = await launchChromium();
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  options.watch?.(context);
  return { h, origin, slug, key, browser, page: await context.newPage() };
}

export async function closeConsole(setUp: Pick<ConsoleSetUp, 'h' | 'browser'>): Promise<void> {
  await setUp.browser.close();
  await stopHarness(setUp.h);
}

/** An organizer key of the club `slug`, made through the admin API with the operator's token. */
export async function organizerKey(h: Harness, slug: string): Promise<string> {
  const key = await h.admin('POST', `${ADMIN}/orgs/${slug}/api-keys`, {
    name: 'Console',
    role: 'organizer',
  });
  assert.equal(key.statusCode, 201, key.body);
  return key.json<{ key: string }>().key;
}

/** A club made through the admin API with the operator's token, and an organizer key of it. */
export async function clubWithKey(
  h: Harness,
  name: string,
): Promise<{ slug: string; key: string }> {
  const slug = unique('club');
  const org = await h.admin('POST', `${ADMIN}/orgs`, { slug, name, timezone: 'America/Chicago' });
  assert.equal(org.statusCode, 201, org.body);
  return { slug, key: await organizerKey(h, slug) };
}

/** Signs in at `/console` with `key` and chooses the club called `name`. */
export async function signIn(page: Page, origin: string, key: string, name: string): Promise<void> {
  await page.goto(`${origin}/console`);
  await page.fill('#key', key);
  await page.keyboard.press('Enter');
  // Signed in, the page is about choosing a club: the sign-in heading goes with its form.
  await page.getByRole('heading', { level: 1, name: 'Your clubs' }).waitFor();
  assert.equal(await page.getByRole('heading', { level: 1 }).count(), 1);
  assert.equal(await page.title(), 'Your clubs · Clubhouse console');
  await page.getByRole('button', { name: `Run ${name}` }).click();
  await page.waitForURL(`${origin}/console/leagues`);
}

/** axe on the page as it is: no serious or critical violation. */
export async function checkAccessibility(page: Page, what: string): Promise<void> {
  await page.evaluate(axeSource);
  const violations = await inPage<{ id: string; impact: string | null }[]>(
    page,
    `axe.run(document).then((r) => r.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.map((n) => n.target) })))`,
  );
  assert.deepEqual(violations, [], `${what}: ${JSON.stringify(violations)}`);
}

/** Screenshots at 1280 and 390 px; at 390 nothing scrolls sideways. */
export async function shoot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: await shotPath(`${name}-1280.png`), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  const width = await inPage<{ scroll: number; client: number }>(
    page,
    '({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth })',
  );
  assert.ok(width.scroll <= width.client, `${name}: no sideways scrolling at 390 px`);
  await page.screenshot({ path: await shotPath(`${name}-390.png`), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** Waits until the page's status line says `words`. */
export async function said(page: Page, words: string): Promise<void> {
  await eventuallyInPage(`the page says “${words}”`, async () => {
    const text = await page.locator('#message').innerText();
    return text.includes(words) ? true : text;
  });
}
