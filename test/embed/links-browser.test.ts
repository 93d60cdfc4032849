import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, test } from 'node:test';
import type { Browser, Frame, Page } from 'playwright-core';
import type { League, Org } from '../../src/db/schema.js';
import { WAIT_MS, browserSkip, eventuallyInPage, launchChromium } from '../support/browser.js';
import { TARGETS } from '../support/databases.js';
import {
  ADMIN,
  NO_LIMITS,
  describeUnlessSkipped,
  startHarness,
  stopHarness,
  unique,
  type Harness,
} from '../support/harness.js';
import { writePost } from '../support/posts.js';
import { listen } from '../support/wire.js';

/**
 * The `link` option and the blog widgets as a club's site uses them, from another origin:
 * a title sends the top window to the host's own page with the slug filled in.
 */
describeUnlessSkipped('widget links into the host site, in a real browser', browserSkip, () => {
  let h: Harness;
  let browser: Browser;
  let page: Page;
  let host: Server;
  let origin: string;
  let hostOrigin: string;
  let org: Org;
  let league: League;
  let nightSlug: string;
  const postSlugs: string[] = [];

  before(async () => {
    host = createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end('<!doctype html><html lang="en"><title>Club</title><div id="app"></div></html>');
    });
    await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve));
    hostOrigin = `http://127.0.0.1:${(host.address() as AddressInfo).port}`;
    const pglite = TARGETS[0];
    if (pglite === undefined) throw new Error('no PGlite target');
    h = await startHarness(pglite, NO_LIMITS);
    org = await h.org();
    league = await h.league(org, { name: 'Tuesday League' });
    nightSlug = unique('night');
    const night = await h.admin('POST', `${ADMIN}/orgs/${org.slug}/events`, {
      slug: nightSlug,
      title: 'Night One',
      eventType: 'league-night',
      status: 'published',
      startDate: '2026-06-23T22:30:00Z',
      eventSeriesId: league.id,
    });
    assert.equal(night.statusCode, 201, night.body);
    for (const [index, title] of ['Older news', 'Newest news'].entries()) {
      const post = await writePost(h, org, {
        title,
        body: `Body of ${title}.`,
        publishedAt: new Date(h.clock.now.getTime() - (2 - index) * 3_600_000).toISOString(),
      });
      postSlugs.push(post.slug);
    }
    const { port } = new URL(await listen(h.app));
    origin = `http://localhost:${port}`;
    browser = await launchChromium();
    page = await browser.newPage();
  });

  after(async () => {
    await browser.close();
    await stopHarness(h);
    await new Promise((resolve) => host.close(resolve));
  });

  async function embed(data: Record<string, string>, search = ''): Promise<Frame> {
    await page.goto(`${hostOrigin}/club${search}`);
    await page.evaluate(
      `(() => {
        const script = document.createElement('script');
        script.async = true;
        script.src = ${JSON.stringify(`${origin}/embed.js`)};
        for (const [name, value] of Object.entries(${JSON.stringify({ org: org.slug, ...data })})) {
          script.setAttribute('data-' + name, value);
        }
        document.getElementById('app').appendChild(script);
      })()`,
    );
    const iframe = page.locator('iframe[data-clubhouse]');
    await iframe.waitFor({ state: 'attached', timeout: WAIT_MS });
    let frame: Frame | null = null;
    await eventuallyInPage('the widget loads', async () => {
      frame = await (await iframe.elementHandle()).contentFrame();
      if (frame === null) return 'no frame';
      return (await frame.locator('#widget').count()) === 1 ? true : 'no widget yet';
    });
    const loaded = frame as Frame | null;
    assert.ok(loaded !== null);
    return loaded;
  }

  async function clickTitle(frame: Frame, text: string): Promise<string> {
    await Promise.all([
      page.waitForURL((url) => url.origin === hostOrigin && url.pathname !== '/club', {
        timeout: WAIT_MS,
      }),
      frame.getByRole('link', { name: text }).click(),
    ]);
    return page.url();
  }

  void test('blog-feed: a root-relative link opens the host’s page of the post', async () => {
    const frame = await embed({ widget: 'blog-feed', link: '/news?post={slug}' });
    const url = await clickTitle(frame, 'Newest news');
    assert.equal(url, `${hostOrigin}/news?post=${postSlugs[1] ?? ''}`);
  });

  void test('schedule and leagues: an absolute link template with the slug filled in', async () => {
    const schedule = await embed({
      widget: 'schedule',
      league: league.slug,
      link: `${hostOrigin}/event?id={slug}`,
    });
    assert.equal(await clickTitle(schedule, 'Night One'), `${hostOrigin}/event?id=${nightSlug}`);
    const leagues = await embed({ widget: 'leagues', link: `${hostOrigin}/leagues/{slug}` });
    assert.equal(
      await clickTitle(leagues, 'Tuesday League'),
      `${hostOrigin}/leagues/${league.slug}`,
    );
  });

  void test('a javascript: link template is ignored: titles are plain text', async () => {
    for (const widget of ['schedule', 'leagues']) {
      const frame = await embed({ widget, link: 'javascript:top.__xss=1//{slug}' });
      assert.equal(await frame.locator('a[href^="javascript"]').count(), 0, widget);
      assert.equal(await frame.locator('h2 a, li a[target="_top"]:not(.board)').count(), 0, widget);
    }
    const feed = await embed({ widget: 'blog-feed', link: 'javascript:top.__xss=1//{slug}' });
    const hrefs = await feed.evaluate<string[]>(
      `[...document.querySelectorAll('h2 a')].map((link) => link.getAttribute('href') ?? '')`,
    );
    assert.ok(hrefs.length > 0);
    for (const href of hrefs)
      assert.match(href, /^\/embed\/blog-post\?/, 'falls back to the post page');
    assert.equal(await page.evaluate('window.__xss === undefined'), true);
  });

  void test('blog-post: the post named by the host page’s URL, else the newest', async () => {
    const named = await embed({ widget: 'blog-post', post: 'url' }, `?post=${postSlugs[0] ?? ''}`);
    assert.match(await named.locator('#widget').innerText(), /Body of Older news/);
    const newest = await embed({ widget: 'blog-post', post: 'url' });
    assert.match(await newest.locator('#widget').innerText(), /Body of Newest news/);
  });
});
