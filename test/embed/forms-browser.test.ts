import assert from 'node:assert/strict';
import { mkdir } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, test } from 'node:test';
import type { Browser, Frame, Page } from 'playwright-core';
import {
  WAIT_MS,
  assertAccessible,
  browserSkip,
  eventuallyInPage,
  launchChromium,
  sizedWidgetFrame,
} from '../support/browser.js';
import { TARGETS } from '../support/databases.js';
import { embedClub, type EmbedClub } from '../support/embeds.js';
import {
  NO_LIMITS,
  describeUnlessSkipped,
  startHarness,
  stopHarness,
  type Harness,
} from '../support/harness.js';
import { QUICK_MAIL, linkToken, mailArrives, newAddress } from '../support/newsletter.js';
import { smtpSink, type SmtpSink } from '../support/smtp.js';
import { listen } from '../support/wire.js';

const SCREENSHOTS = new URL('../../test-output/embed/', import.meta.url);

/** A phone's width: the widgets must work there by touch, keyboard and screen reader. */
const PHONE = { width: 360, height: 740 };

/**
 * The Buy button and the newsletter form as a club's site shows them, from another origin,
 * with script (through the loader) and without (a plain `<iframe>` in a browser with
 * JavaScript off): the top window reaches the checkout, and a request reaches a real SMTP
 * server as a confirmation mail.
 */
describeUnlessSkipped('membership and newsletter widgets in a real browser', browserSkip, () => {
  let h: Harness;
  let club: EmbedClub;
  let browser: Browser;
  let page: Page;
  let host: Server;
  let sink: SmtpSink;
  let origin: string;
  let hostOrigin: string;
  const consoleErrors: string[] = [];

  before(async () => {
    host = createServer((request, response) => {
      const url = new URL(request.url ?? '/', 'http://host');
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      if (url.pathname === '/checkout') {
        response.end('<!doctype html><html lang="en"><title>Pay</title><p>Checkout</p></html>');
      } else if (url.pathname === '/plain') {
        // A page that frames a widget page directly: what a visitor without script gets.
        const src = url.searchParams.get('src') ?? '';
        response.end(
          `<!doctype html><html lang="en"><title>Club</title><main><h1>Club</h1>` +
            `<iframe title="Widget" src="${src.replaceAll('"', '&quot;')}" style="width:100%;height:900px;border:0"></iframe></main></html>`,
        );
      } else {
        response.end(
          '<!doctype html><html lang="en"><title>Club</title><main><div id="app"></div></main></html>',
        );
      }
    });
    await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve));
    hostOrigin = `http://127.0.0.1:${(host.address() as AddressInfo).port}`;
    sink = await smtpSink();
    const pglite = TARGETS[0];
    if (pglite === undefined) throw new Error('no PGlite target');
    h = await startHarness(
      pglite,
      { ...NO_LIMITS, checkoutUrl: `${hostOrigin}/checkout`, smtpUrl: sink.url },
      { mailTiming: QUICK_MAIL },
    );
    club = await embedClub(h);
    const { port } = new URL(await listen(h.app));
    origin = `http://localhost:${port}`;
    await mkdir(SCREENSHOTS, { recursive: true });
    browser = await launchChromium();
    page = await browser.newPage({ viewport: PHONE });
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });
  });

  after(async () => {
    await browser.close();
    await stopHarness(h);
    await sink.stop();
    await new Promise((resolve) => host.close(resolve));
  });

  /** Opens the club's page and adds one widget tag, late, by script; its sized frame. */
  async function embed(data: Record<string, string>): Promise<Frame> {
    await page.goto(`${hostOrigin}/club`);
    await page.evaluate(
      `(() => {
        const script = document.createElement('script');
        script.async = true;
        script.src = ${JSON.stringify(`${origin}/embed.js`)};
        for (const [name, value] of Object.entries(${JSON.stringify({ org: club.org.slug, ...data })})) {
          script.setAttribute('data-' + name, value);
        }
        document.getElementById('app').appendChild(script);
      })()`,
    );
    return sizedWidgetFrame(page);
  }

  /** A page without script framing the widget page directly; its frame. */
  async function plainFrame(scriptless: Page, widget: string): Promise<Frame> {
    const src = `${origin}/embed/${widget}?org=${club.org.slug}`;
    await scriptless.goto(`${hostOrigin}/plain?src=${encodeURIComponent(src)}`);
    const handle = await scriptless.locator('iframe').elementHandle({ timeout: WAIT_MS });
    let frame: Frame | null = null;
    await eventuallyInPage('the plain frame loads', async () => {
      frame = await handle.contentFrame();
      if (frame === null) return 'no frame';
      return (await frame.locator('#widget').count()) === 1 ? true : 'no widget yet';
    });
    const loaded = frame as Frame | null;
    assert.ok(loaded !== null);
    return loaded;
  }

  async function screenshot(name: string): Promise<void> {
    await page.screenshot({ path: new URL(`${name}.png`, SCREENSHOTS).pathname, fullPage: true });
  }

  async function confirmationLink(email: string): Promise<URL> {
    const mail = await mailArrives(sink, email);
    const { url } = linkToken(mail, '/newsletter/confirm');
    assert.equal(url.origin, origin, 'the link points at the service the visitor used');
    return url;
  }

  void test('the plans at 360 px pass axe; Buy sends the top window to the checkout', async () => {
    const frame = await embed({ widget: 'membership-plans' });
    const text = await frame.locator('#widget').innerText();
    assert.match(text, /Summer <b>Night<\/b> Pass/);
    assert.match(text, /€95\.50 per season/);
    assert.match(text, /Sold out/);
    assert.equal(await frame.getByRole('button').count(), 1, 'only the plan on sale has Buy');
    await assertAccessible(frame, 'membership-plans');
    await screenshot('membership-plans-360');
    await frame.getByRole('button', { name: /Buy Summer/ }).click();
    await page.waitForURL(/\/checkout\?/, { timeout: WAIT_MS });
    const landed = new URL(page.url());
    assert.equal(landed.origin, hostOrigin, 'the top window, not the frame, went on');
    assert.equal(landed.searchParams.get('membershipPlan'), String(club.plans.onSale));
    assert.equal(landed.searchParams.get('org'), club.org.slug);
    assert.deepEqual(consoleErrors, []);
  });

  void test('without script, Buy posts in the top window and lands on the checkout', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: PHONE });
    try {
      const scriptless = await context.newPage();
      const frame = await plainFrame(scriptless, 'membership-plans');
      await frame.getByRole('button', { name: /Buy Summer/ }).click();
      await scriptless.waitForURL(/\/checkout\?/, { timeout: WAIT_MS });
      assert.equal(
        new URL(scriptless.url()).searchParams.get('membershipPlan'),
        String(club.plans.onSale),
      );
    } finally {
      await context.close();
    }
  });

  void test('the newsletter form by keyboard: check your inbox, then the mail with its link, which confirms', async () => {
    const frame = await embed({ widget: 'newsletter' });
    await assertAccessible(frame, 'newsletter');
    await screenshot('newsletter-360');
    const email = newAddress();
    await frame.getByLabel('E-mail address').focus();
    await page.keyboard.type(email);
    await page.keyboard.press('Tab');
    assert.equal(await frame.evaluate('document.activeElement.id'), 'newsletter-name');
    await page.keyboard.type('Rae Reader');
    // The honeypot is out of the tab order: the next stop is the consent box.
    await page.keyboard.press('Tab');
    assert.equal(await frame.evaluate('document.activeElement.id'), 'newsletter-consent');
    await page.keyboard.press('Space');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await eventuallyInPage('the widget says to check the inbox', async () => {
      const status = await frame.locator('[data-status]').innerText();
      return /Check your inbox/.test(status) ? true : `status "${status}"`;
    });
    assert.equal(await frame.locator('[data-status]').getAttribute('aria-live'), 'polite');
    assert.equal(await frame.getByLabel('E-mail address').isVisible(), false);
    await assertAccessible(frame, 'newsletter, sent');
    await sizedWidgetFrame(page);
    await screenshot('newsletter-sent-360');

    const link = await confirmationLink(email);
    await page.goto(link.toString());
    await page.getByRole('button', { name: 'Confirm subscription' }).click();
    await page.getByRole('heading', { name: 'You are subscribed' }).waitFor({ timeout: WAIT_MS });
    const row = await h.database.db
      .selectFrom('newsletter_subscribers')
      .select(['status', 'name', 'source'])
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    assert.deepEqual(row, { status: 'confirmed', name: 'Rae Reader', source: 'widget' });
    assert.deepEqual(consoleErrors, []);
  });

  void test('without script, the newsletter form posts in its frame and says to check the inbox', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: PHONE });
    try {
      const scriptless = await context.newPage();
      const frame = await plainFrame(scriptless, 'newsletter');
      const email = newAddress();
      await frame.getByLabel('E-mail address').fill(email);
      await frame.getByLabel(/I agree to receive/).check();
      await frame.getByRole('button', { name: 'Subscribe' }).click();
      await eventuallyInPage('the frame shows the result page', async () => {
        const text = await frame.locator('#widget').innerText();
        return /Check your inbox/.test(text) ? true : text;
      });
      assert.ok(scriptless.url().startsWith(`${hostOrigin}/plain`), 'the host page stays');
      await confirmationLink(email);
    } finally {
      await context.close();
    }
  });
});
