import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { chromium, type Browser } from 'playwright-core';
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
