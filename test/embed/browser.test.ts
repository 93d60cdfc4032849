import assert from 'node:assert/strict';
import { mkdir } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, test } from 'node:test';
import type { Browser, Frame, Page } from 'playwright-core';
import { seedDemo } from '../../src/cli/seed-demo.js';
import { TARGETS } from '../support/databases.js';
import { embedClub, type EmbedClub } from '../support/embeds.js';
import {
  WAIT_MS,
  assertAccessible,
  browserSkip,
  eventuallyInPage,
  launchChromium,
  sizedWidgetFrame,
} from '../support/browser.js';
import {
  ADMIN,
  NO_LIMITS,
  describeUnlessSkipped,
  startHarness,
  stopHarness,
  type Harness,
} from '../support/harness.js';
import { card } from '../support/score-cards.js';
import { listen } from '../support/wire.js';

const SCREENSHOTS = new URL('../../test-output/embed/', import.meta.url);
/**
 * Evaluates `source` in the page or frame: the test's TypeScript has no DOM types, and code
 * that runs in the browser is written as it runs there.
 */
async function inPage<T = unknown>(target: Page | Frame, source: string): Promise<T> {
  return target.evaluate<T>(source);
}

/** A club's page on another origin: a single-page app that adds widget tags after load. */
function hostPage(): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Club site</title></head>
<body><main><h1>Our club</h1><div id="app"></div></main></body></html>`;
}

describeUnlessSkipped('embeds in a real browser', browserSkip, () => {
  let h: Harness;
  let club: EmbedClub;
  let browser: Browser;
  let page: Page;
  let host: Server;
  let origin: string;
  let hostOrigin: string;
  const consoleErrors: string[] = [];

  before(async () => {
    host = createServer((request, response) => {
      const paid = request.url?.startsWith('/paid') === true;
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end(paid ? '<!doctype html><title>Pay</title><p>Payment page</p>' : hostPage());
    });
    await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve));
    hostOrigin = `http://127.0.0.1:${(host.address() as AddressInfo).port}`;
    const pglite = TARGETS[0];
    if (pglite === undefined) throw new Error('no PGlite target');
    h = await startHarness(pglite, { ...NO_LIMITS, registrationUrl: `${hostOrigin}/paid` });
    club = await embedClub(h);
    // The widgets' origin differs from the host page's by its name as well as its port.
    const { port } = new URL(await listen(h.app));
    origin = `http://localhost:${port}`;
    await mkdir(SCREENSHOTS, { recursive: true });
    browser = await launchChromium();
    page = await browser.newPage({ viewport: { width: 900, height: 700 } });
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });
  });

  after(async () => {
    await browser.close();
    await stopHarness(h);
    await new Promise((resolve) => host.close(resolve));
  });

  /** Opens the host page (with `search`) and adds one widget tag per entry, late, by script. */
  async function embed(widgets: Record<string, string>[], search = ''): Promise<void> {
    await page.goto(`${hostOrigin}/club${search}`);
    const tags = widgets.map((data) => ({ org: club.org.slug, ...data }));
    await inPage(
      page,
      `for (const data of ${JSON.stringify(tags)}) {
        const slot = document.createElement('section');
        const script = document.createElement('script');
        script.async = true;
        script.src = ${JSON.stringify(`${origin}/embed.js`)};
        for (const [name, value] of Object.entries(data)) script.setAttribute('data-' + name, value);
        slot.appendChild(script);
        document.getElementById('app').appendChild(slot);
      }`,
    );
  }

  const sizedFrame = (index = 0) => sizedWidgetFrame(page, index);

  async function screenshot(name: string): Promise<void> {
    await page.screenshot({ path: new URL(`${name}.png`, SCREENSHOTS).pathname, fullPage: true });
  }

  const rowsOf = (frame: Frame) => frame.locator('#widget').innerText();

  const cases = (): [string, Record<string, string>, (text: string) => void][] => [
    [
      'schedule',
      { widget: 'schedule', actions: '1', accent: '#ffd700' },
      (text) => {
        assert.match(text, /Tue, Jun 16 · 5:00 pm/);
        assert.match(text, /Club Championship/);
      },
    ],
    [
      'standings',
      { widget: 'standings', league: club.league.slug },
      (text) => {
        assert.match(text, /Ava Golfer/);
        assert.doesNotMatch(text, /Ben Golfer/);
      },
    ],
    [
      'event-detail',
      { widget: 'event-detail', event: 'url' },
      (text) => {
        assert.match(text, /League Night/);
        assert.match(text, /Cedar Ridge/);
      },
    ],
    [
      'field',
      { widget: 'field', event: club.night.slug },
      (text) => {
        assert.match(text, /3 players/);
        assert.match(text, /Cy Golfer/);
      },
    ],
    [
      'tee-times',
      { widget: 'tee-times', event: club.night.slug },
      (text) => {
        assert.match(text, /5:00 pm/);
        assert.match(text, /5:10 pm/);
      },
    ],
    [
      'leaderboard',
      { widget: 'leaderboard', event: club.night.slug },
      (text) => {
        assert.match(text, /Ava Golfer/);
        assert.match(text, /Ben Golfer/);
        assert.match(text, /Net/, 'the net board');
        assert.match(text, /Hcp/, 'the playing handicaps of the net board');
      },
    ],
    [
      'odds',
      { widget: 'odds', event: club.night.slug },
      (text) => {
        assert.match(text, /Win/);
        assert.match(text, /Ava Golfer/);
        assert.match(text, /Ava Golfer: \d+\.\d%\./, 'the chart’s text alternative');
      },
    ],
    [
      'league',
      { widget: 'league', league: club.league.slug },
      (text) => {
        assert.match(text, /Registration open · 7 spots left/);
        assert.match(text, /\$150\.00 per golfer/);
      },
    ],
    [
      'bracket',
      { widget: 'bracket', bracket: club.bracketSlug },
      (text) => {
        assert.match(text, /Match <i>Play<\/i> Championship/);
        assert.match(text, /Quarterfinals[\s\S]*Semifinals[\s\S]*Final/);
        assert.match(text, /Ava Golfer/);
        assert.match(text, /3&2/);
      },
    ],
    [
      'player',
      { widget: 'player', player: 'ava-golfer' },
      (text) => {
        assert.match(text, /Ava Golfer/);
        assert.match(text, /No league handicap yet: it needs 3 complete cards \(0 so far\)\./);
      },
    ],
    [
      'leagues',
      { widget: 'leagues', title: ' ' },
      (text) => {
        assert.match(text, /Tuesday <b>Night<\/b> League/);
      },
    ],
  ];

  void test('each widget appears late, fits its content at desktop and 320 px, and passes axe', async () => {
    for (const [name, data, expect] of cases()) {
      await page.setViewportSize({ width: 900, height: 700 });
      await embed([data], `?event=${club.night.slug}`);
      const frame = await sizedFrame();
      expect(await rowsOf(frame));
      assert.equal(await page.locator('iframe').getAttribute('loading'), 'lazy');
      await assertAccessible(frame, name);
      await screenshot(name);
      await page.setViewportSize({ width: 320, height: 640 });
      await sizedFrame();
      await screenshot(`${name}-320`);
    }
    assert.deepEqual(consoleErrors, []);
  });

  void test('several widgets on one page size themselves; other messages are ignored', async () => {
    await page.setViewportSize({ width: 900, height: 700 });
    await embed([{ widget: 'field', event: club.night.slug }, { widget: 'leagues' }]);
    await sizedFrame(0);
    await sizedFrame(1);
    const heights = async () =>
      Promise.all(
        [0, 1].map(
          async (index) => (await page.locator('iframe').nth(index).boundingBox())?.height,
        ),
      );
    const before = await heights();
    assert.notEqual(before[0], before[1]);
    // Messages are handled in the order they are posted: once the page has heard the marker
    // posted after the forged resize, the loader has handled (and ignored) the resize.
    await inPage(
      page,
      `new Promise((resolve) => {
        window.addEventListener('message', function heard(event) {
          if (event.data !== 'clubhouse-test:after-resize') return;
          window.removeEventListener('message', heard);
          resolve();
        });
        window.postMessage({ type: 'clubhouse:resize', height: 3 }, '*');
        window.postMessage('clubhouse-test:after-resize', '*');
      })`,
    );
    assert.deepEqual(await heights(), before);
  });

  void test('the season picker works by keyboard', async () => {
    await embed([{ widget: 'standings', league: club.league.slug }]);
    const frame = await sizedFrame();
    const picker = frame.locator('select');
    await picker.focus();
    // Seasons are listed newest first, and the current one (2026) is shown.
    await page.keyboard.press('ArrowDown');
    await eventuallyInPage('last season’s table shows', async () =>
      /Ben Golfer/.test(await rowsOf(frame)) ? true : 'still this season',
    );
    assert.doesNotMatch(await rowsOf(frame), /Ava Golfer/);
    assert.equal(await inPage(frame, 'document.activeElement.id'), 'season');
    await sizedFrame();
  });

  void test('the leaderboard changes live after a score is written', async () => {
    await embed([{ widget: 'leaderboard', event: club.night.slug }]);
    const frame = await sizedFrame();
    assert.doesNotMatch(await rowsOf(frame), /Cy Golfer\s+-1/);
    const cy = club.golfers[2];
    assert.ok(cy !== undefined);
    const written = await h.admin(
      'PUT',
      `${ADMIN}/orgs/${club.org.slug}/events/${club.night.id}/scores/${cy.id}`,
      { holes: card(3, 4, 3) },
    );
    assert.equal(written.statusCode, 200, written.body);
    await eventuallyInPage('Cy leads at -1', async () => {
      const first = await frame.locator('tbody tr').first().innerText();
      return /Cy Golfer/.test(first) && /-1/.test(first) ? true : first;
    });
    await sizedFrame();
  });

  void test('the odds widget changes live after a score is written, its chart drawn on the server', async () => {
    await embed([{ widget: 'odds', event: club.night.slug, format: 'american' }]);
    const frame = await sizedFrame();
    // One chart per board: the individual one and the net one.
    assert.equal(await frame.locator('svg[role="img"]').count(), 2);
    const before = await frame.locator('[data-region]').getAttribute('data-version');
    const ben = club.golfers[1];
    assert.ok(ben !== undefined);
    const written = await h.admin(
      'PUT',
      `${ADMIN}/orgs/${club.org.slug}/events/${club.night.id}/scores/${ben.id}`,
      { holes: card(2, 2, 2, 3) },
    );
    assert.equal(written.statusCode, 200, written.body);
    const { leaderboardVersion } = written.json<{ leaderboardVersion: number }>();
    await eventuallyInPage('the odds of the new version', async () => {
      const version = await frame.locator('[data-region]').getAttribute('data-version');
      return version === String(leaderboardVersion) ? true : `version ${version} (was ${before})`;
    });
    const first = await frame.locator('tbody tr').first().innerText();
    assert.match(first, /Ben Golfer/);
    assert.match(first, /[+-]\d+|–/, 'American odds');
    await assertAccessible(frame, 'odds, live');
    await sizedFrame();
  });

  void test('the odds widget says odds are not offered when the org switched them off', async () => {
    const off = await h.admin('PATCH', `${ADMIN}/orgs/${club.org.slug}`, { oddsEnabled: false });
    assert.equal(off.statusCode, 200, off.body);
    // The first test showed this very widget page, which a browser may reuse for its
    // `max-age` of 5 s: how soon this test comes after it must not decide what it sees.
    await (await page.context().newCDPSession(page)).send('Network.clearBrowserCache');
    try {
      await embed([{ widget: 'odds', event: club.night.slug }]);
      const frame = await sizedFrame();
      assert.match(await rowsOf(frame), /Odds are not offered/);
    } finally {
      await h.admin('PATCH', `${ADMIN}/orgs/${club.org.slug}`, { oddsEnabled: true });
    }
  });

  void test('a register click sends the top window to the hosted page; a refusal shows in the widget', async () => {
    await embed([{ widget: 'league', league: club.league.slug }]);
    let frame = await sizedFrame();
    await frame.getByRole('button', { name: /Register/ }).click();
    await page.waitForURL(/\/paid\?/, { timeout: WAIT_MS });
    const landed = new URL(page.url());
    assert.equal(landed.searchParams.get('eventSeries'), String(club.league.id));

    await embed([{ widget: 'league', league: club.league.slug }]);
    frame = await sizedFrame();
    // The league fills up after the widget was drawn: registration start refuses.
    const full = await h.admin(
      'PATCH',
      `${ADMIN}/orgs/${club.org.slug}/event-series/${club.league.id}`,
      {
        maxEntries: 3,
      },
    );
    assert.equal(full.statusCode, 200, full.body);
    try {
      await frame.getByRole('button', { name: /Register/ }).click();
      await eventuallyInPage('the reason shows', async () => {
        const status = await frame.locator('[data-status]').innerText();
        return /full/i.test(status) ? true : `status "${status}"`;
      });
      assert.ok(page.url().startsWith(`${hostOrigin}/club`));
    } finally {
      await h.admin('PATCH', `${ADMIN}/orgs/${club.org.slug}/event-series/${club.league.id}`, {
        maxEntries: 10,
      });
    }
  });

  void test('the gallery shows every demo widget in its frame', async () => {
    await seedDemo(h.database.db, h.clock.now);
    await page.setViewportSize({ width: 900, height: 700 });
    await page.goto(`${origin}/embed`);
    const frames = page.locator('iframe[data-clubhouse]');
    assert.equal(await frames.count(), 21);
    for (let index = 0; index < 21; index += 1) {
      await frames.nth(index).scrollIntoViewIfNeeded();
      await sizedFrame(index);
    }
    await screenshot('gallery');
  });

  void test('a missing league, event or org collapses the frame', async () => {
    await embed([
      { widget: 'league', league: 'no-such-league' },
      { widget: 'event-detail', event: 'url' },
      { widget: 'schedule', org: 'no-such-org' },
      { widget: 'leagues' },
    ]);
    await sizedFrame(3);
    const iframes = page.locator('iframe[data-clubhouse]');
    await eventuallyInPage('three frames are hidden', async () => {
      const hidden = await Promise.all(
        [0, 1, 2].map(async (index) => !(await iframes.nth(index).isVisible())),
      );
      return hidden.every(Boolean) ? true : JSON.stringify(hidden);
    });
    assert.ok(await iframes.nth(3).isVisible());
    await screenshot('missing');
  });
});
