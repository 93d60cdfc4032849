import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import assert from 'node:assert/strict';
import { chromium, type Browser, type Frame, type Page } from 'playwright-core';
import { eventually } from './eventually.js';

/** Debian's Chromium, which .ci/run installs. */
const CHROMIUM = '/usr/bin/chromium';

/** How long a page may take to show what a test waits for; no test relies on it being fast. */
export const WAIT_MS = 15_000;

/** In CI the browser must be there; elsewhere its absence skips the browser suites. */
export const browserSkip: string | false =
  existsSync(CHROMIUM) || process.env.CI === 'true'
    ? false
    : `browser suite skipped: no ${CHROMIUM}`;

/** axe-core's script, to inject into pages under test. */
export const axeSource = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);

/**
 * Headless Chromium with nothing of its own reaching out: this machine's network is closed,
 * and background requests would only be refused.
 */
export async function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

/**
 * Polls `check` in a page until it holds; fails with its last reason. A check that throws
 * (the page is still loading) is tried again.
 */
export async function eventuallyInPage(
  what: string,
  check: () => Promise<string | true>,
): Promise<void> {
  await eventually(what, () => check().catch((error: unknown) => String(error)), {
    withinMs: WAIT_MS,
    everyMs: 50,
  });
}

/** The frame of the `index`th widget the loader inserted, once it shows its page. */
export async function widgetFrame(page: Page, index = 0): Promise<Frame> {
  const iframe = page.locator('iframe[data-clubhouse]').nth(index);
  await iframe.waitFor({ state: 'attached', timeout: WAIT_MS });
  let frame: Frame | null = null;
  await eventuallyInPage('the frame loads its widget', async () => {
    frame = await (await iframe.elementHandle()).contentFrame();
    if (frame === null) return 'no frame yet';
    return (await frame.locator('#widget').count()) === 1 ? true : 'no widget yet';
  });
  const loaded = frame as Frame | null;
  assert.ok(loaded !== null);
  return loaded;
}

/**
 * The frame of the `index`th widget, once it shows its page and is as tall as its content,
 * without scrollbars. The code that runs in the browser is a string: the tests' TypeScript
 * has no DOM types.
 */
export async function sizedWidgetFrame(page: Page, index = 0): Promise<Frame> {
  const iframe = page.locator('iframe[data-clubhouse]').nth(index);
  const loaded = await widgetFrame(page, index);
  await eventuallyInPage('the frame is as tall as its content, without scrollbars', async () => {
    const inner = await loaded.evaluate<{ height: number; scrolls: boolean }>(
      `({
        height: Math.ceil(document.body.getBoundingClientRect().height),
        scrolls:
          document.documentElement.scrollHeight > document.documentElement.clientHeight ||
          document.documentElement.scrollWidth > document.documentElement.clientWidth,
      })`,
    );
    const outer = (await iframe.boundingBox())?.height ?? -1;
    if (inner.scrolls) return `scrollbars (frame ${outer}px, content ${inner.height}px)`;
    return Math.abs(outer - inner.height) <= 1
      ? true
      : `frame ${outer}px, content ${inner.height}px`;
  });
  return loaded;
}

/** axe-core over the frame's document: no serious or critical violation. */
export async function assertAccessible(frame: Frame, name: string): Promise<void> {
  await frame.evaluate(axeSource);
  const violations = await frame.evaluate<{ id: string; impact: string | null; nodes: number }[]>(
    `axe.run(document).then((results) =>
      results.violations.map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.length })))`,
  );
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  assert.deepEqual(serious, [], `${name}: ${JSON.stringify(serious)}`);
}
