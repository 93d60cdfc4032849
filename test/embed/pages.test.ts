import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { gzipSync } from 'node:zlib';
import { WIDGETS } from '../../src/resources/index.js';
import { DEMO_ORG_SLUG, seedDemo } from '../../src/cli/seed-demo.js';
import { describeOnDatabases, type Harness } from '../support/harness.js';
import { HOSTILE_ORG_NAME, embedClub, type EmbedClub } from '../support/embeds.js';
import { writePost } from '../support/posts.js';

/** Every widget's page for the club: the checks below cover each registered widget. */
const WIDGET_PAGES = (club: EmbedClub, postSlug: string): Record<string, string> => ({
  schedule: `actions=1`,
  standings: `league=${club.league.slug}`,
  'event-detail': `event=${club.night.slug}`,
  field: `event=${club.night.slug}`,
  'tee-times': `event=${club.night.slug}`,
  leaderboard: `event=${club.night.slug}`,
  league: `league=${club.league.slug}`,
  leagues: '',
  bracket: `bracket=${club.bracketSlug}`,
  player: 'player=ava-golfer',
  odds: `event=${club.night.slug}`,
  'blog-feed': '',
  'blog-post': `post=${postSlug}`,
  'membership-plans': '',
  newsletter: '',
});

function widgetUrl(club: EmbedClub, widget: string, query: string): string {
  return `/embed/${widget}?org=${club.org.slug}${query === '' ? '' : `&${query}`}`;
}

/** Headers a framed widget page must carry, whatever its status. */
function assertFramable(headers: Record<string, unknown>): void {
  const csp = String(headers['content-security-policy']);
  assert.match(csp, /frame-ancestors \*/);
  assert.match(csp, /default-src 'self'/);
  assert.equal(headers['x-frame-options'], undefined);
  assert.equal(headers['set-cookie'], undefined);
  assert.equal(headers['content-type'], 'text/html; charset=utf-8');
}

describeOnDatabases('embed widget pages', (harness) => {
  let h: Harness;
  let club: EmbedClub;
  let pages: Record<string, string>;
  before(async () => {
    h = harness();
    club = await embedClub(h);
    const post = await writePost(h, club.org, {
      title: 'Opening <b>day</b>',
      body: '# Hello\n\nThe **course** is ready.',
    });
    pages = WIDGET_PAGES(club, post.slug);
  });

  void test('the checks below cover every registered widget', () => {
    assert.deepEqual(Object.keys(pages).sort(), [...WIDGETS.keys()].sort());
  });

  void test('every widget answers framable HTML with the public read caching', async () => {
    for (const [widget, query] of Object.entries(pages)) {
      const response = await h.inject({ method: 'GET', url: widgetUrl(club, widget, query) });
      assert.equal(response.statusCode, 200, `${widget}: ${response.body}`);
      assertFramable(response.headers);
      assert.equal(response.headers['cache-control'], 'public, max-age=5, must-revalidate');
      assert.ok(response.headers.etag, widget);
      assert.match(response.body, /<script src="\/embed\/assets\/widget\.js\?v=[\w-]+" defer>/);
      assert.doesNotMatch(response.body, /<script>|style="/, `${widget}: nothing inline`);
    }
  });

  void test('organizer text is escaped everywhere', async () => {
    for (const [widget, query] of Object.entries(pages)) {
      const { body } = await h.inject({ method: 'GET', url: widgetUrl(club, widget, query) });
      assert.ok(!body.includes('<script>alert'), widget);
      assert.ok(!body.includes('<b>Night</b>'), widget);
    }
    const { body } = await h.inject({ method: 'GET', url: widgetUrl(club, 'leagues', '') });
    assert.ok(body.includes('Tuesday &lt;b&gt;Night&lt;/b&gt; League'));
    assert.ok(
      body.includes(
        `<title>Leagues · ${HOSTILE_ORG_NAME.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;')}</title>`,
      ),
    );
  });

  void test('each page with its stylesheet and script stays within 30 KB gzipped', async () => {
    const assets = await Promise.all(
      ['/embed/assets/embed.css', '/embed/assets/widget.js'].map((url) =>
        h.inject({ method: 'GET', url }),
      ),
    );
    const assetBytes = assets.reduce((sum, asset) => sum + gzipSync(asset.rawPayload).length, 0);
    for (const [widget, query] of Object.entries(pages)) {
      const page = await h.inject({ method: 'GET', url: widgetUrl(club, widget, query) });
      const total = gzipSync(page.rawPayload).length + assetBytes;
      assert.ok(total <= 30 * 1024, `${widget}: ${total} bytes gzipped`);
    }
  });

  void test('stage words, money and times in the org’s time zone', async () => {
    const { body } = await h.inject({ method: 'GET', url: widgetUrl(club, 'leagues', '') });
    assert.match(body, /Registration open · 7 spots left/);
    assert.match(body, /\$150\.00 per golfer/);
    const night = await h.inject({
      method: 'GET',
      url: widgetUrl(club, 'event-detail', `event=${club.night.slug}`),
    });
    assert.match(night.body, /Tue, Jun 16 · 5:00 pm/);
    const tees = await h.inject({
      method: 'GET',
      url: widgetUrl(club, 'tee-times', `event=${club.night.slug}`),
    });
    assert.match(tees.body, /5:00 pm/);
    assert.match(tees.body, /5:10 pm/);
  });

  void test('the schedule’s tags match any of a list, tournaments its singular', async () => {
    const tournaments = await h.inject({
      method: 'GET',
      url: widgetUrl(club, 'schedule', 'tags=tournaments'),
    });
    assert.match(tournaments.body, /Club Championship/);
    assert.doesNotMatch(tournaments.body, /League Night/);
    const both = await h.inject({
      method: 'GET',
      url: widgetUrl(club, 'schedule', 'tags=tournament,nothing'),
    });
    assert.match(both.body, /Club Championship/);
    const league = await h.inject({
      method: 'GET',
      url: widgetUrl(club, 'schedule', `league=${club.league.slug}&actions=1`),
    });
    assert.match(league.body, /League Night/);
    assert.doesNotMatch(league.body, /Club Championship/);
    assert.match(league.body, /data-start="\/api\/public\/v1\/orgs\/[^"]+\/register\/start"/);
    const quiet = await h.inject({
      method: 'GET',
      url: widgetUrl(club, 'schedule', `league=${club.league.slug}&actions=1&noregister=1`),
    });
    assert.doesNotMatch(quiet.body, /data-start/);
  });

  void test('unknown org, league, event or widget: a small 404 page the loader hides', async () => {
    const urls = [
      `/embed/leagues?org=no-such-org`,
      `/embed/leagues`,
      widgetUrl(club, 'league', 'league=no-such-league'),
      widgetUrl(club, 'league', ''),
      widgetUrl(club, 'standings', 'series=999999'),
      widgetUrl(club, 'leaderboard', 'event=no-such-event'),
      widgetUrl(club, 'no-such-widget', ''),
    ];
    for (const url of urls) {
      const response = await h.inject({ method: 'GET', url });
      assert.equal(response.statusCode, 404, url);
      assertFramable(response.headers);
      assert.match(response.body, /data-missing/, url);
      assert.ok(response.body.length < 1000, url);
    }
  });

  void test('the register form without script: 303 to the hosted page, 409 with the reason', async () => {
    const form = (league: number) => ({
      method: 'POST' as const,
      url: '/embed/register',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `org=${club.org.slug}&league=${league}`,
    });
    const started = await h.inject(form(club.league.id));
    assert.equal(started.statusCode, 303, started.body);
    const location = new URL(String(started.headers.location));
    assert.equal(location.origin + location.pathname, 'https://pay.example.com/register');
    assert.equal(location.searchParams.get('eventSeries'), String(club.league.id));

    const closed = await h.league(club.org, { registrationClosesAt: '2026-06-01' });
    const refused = await h.inject(form(closed.id));
    assert.equal(refused.statusCode, 409);
    assertFramable(refused.headers);
    assert.match(refused.body, /Registration closed on 2026-06-01\./);
    const unknown = await h.inject(form(999_999_999));
    assert.equal(unknown.statusCode, 404);
  });

  void test('the loader, the files and the accent stylesheet', async () => {
    const loader = await h.inject({ method: 'GET', url: '/embed.js' });
    assert.equal(loader.statusCode, 200);
    assert.equal(loader.headers['content-type'], 'text/javascript; charset=utf-8');
    assert.equal(loader.headers['cache-control'], 'public, max-age=3600');
    assert.match(loader.body, /document\.currentScript/);
    const accent = await h.inject({ method: 'GET', url: '/embed/accent/ffd700.css' });
    assert.equal(accent.statusCode, 200);
    assert.equal(accent.headers['content-type'], 'text/css; charset=utf-8');
    assert.match(accent.body, /--accent:#ffd700;--on-accent:#000000;--accent-text:#[0-9a-f]{6}/);
    const bad = await h.inject({ method: 'GET', url: '/embed/accent/zzzzzz.css' });
    assert.equal(bad.statusCode, 404);
    const page = await h.inject({
      method: 'GET',
      url: widgetUrl(club, 'leagues', 'accent=%23FFD700'),
    });
    assert.match(page.body, /href="\/embed\/accent\/ffd700\.css"/);
    const ignored = await h.inject({
      method: 'GET',
      url: widgetUrl(club, 'leagues', 'accent=red'),
    });
    assert.doesNotMatch(ignored.body, /\/embed\/accent\//);
  });

  void test('a blank title hides the heading but keeps it for screen readers', async () => {
    const blank = await h.inject({ method: 'GET', url: widgetUrl(club, 'leagues', 'title=%20') });
    assert.match(blank.body, /<h1 class="visually-hidden">\s*Leagues\s*<\/h1>/);
    const named = await h.inject({
      method: 'GET',
      url: widgetUrl(club, 'leagues', 'title=Our%20leagues'),
    });
    assert.match(named.body, /<h1>\s*Our leagues\s*<\/h1>/);
  });

  void test('the gallery shows every widget of the demo with its tag', async () => {
    const without = await h.inject({ method: 'GET', url: '/embed' });
    assert.equal(without.statusCode, 200);
    assertFramable(without.headers);
    assert.match(without.body, /DEMO_DATA=on/);

    await seedDemo(h.database.db, h.clock.now);
    const gallery = await h.inject({
      method: 'GET',
      url: '/embed',
      headers: { host: 'club.example:8080' },
    });
    assert.equal(gallery.statusCode, 200);
    for (const widget of WIDGETS.keys()) {
      assert.match(
        gallery.body,
        new RegExp(
          `<script async src="/embed\\.js" data-org="${DEMO_ORG_SLUG}" data-widget="${widget}"`,
        ),
      );
      assert.match(
        gallery.body,
        new RegExp(
          `&lt;script async src=&quot;http://club\\.example:8080/embed\\.js&quot; data-org=&quot;${DEMO_ORG_SLUG}&quot; data-widget=&quot;${widget}&quot;`,
        ),
      );
    }
    // The demo's tags name things that exist: each of their widget pages answers 200.
    const tags = [...gallery.body.matchAll(/<script async src="\/embed\.js"([^>]*)>/g)];
    assert.equal(tags.length, 21);
    for (const [, attributes] of tags) {
      const query = new URLSearchParams();
      for (const [, name, value] of (attributes ?? '').matchAll(/data-([a-z]+)="([^"]*)"/g)) {
        if (name !== undefined && value !== undefined) query.set(name, value);
      }
      const page = await h.inject({
        method: 'GET',
        url: `/embed/${query.get('widget') ?? ''}?${query.toString()}`,
      });
      assert.equal(page.statusCode, 200, query.toString());
    }
  });

  void test('an answer from the response cache keeps the page’s headers', async () => {
    const url = widgetUrl(club, 'leagues', 'title=Again');
    const first = await h.inject({ method: 'GET', url });
    const second = await h.inject({ method: 'GET', url });
    assert.equal(second.body, first.body);
    assertFramable(second.headers);
    const revalidated = await h.inject({
      method: 'GET',
      url,
      headers: { 'if-none-match': String(first.headers.etag) },
    });
    assert.equal(revalidated.statusCode, 304);
  });

  void test('the JSON API keeps its one-tag filter', async () => {
    const response = await h.inject({
      method: 'GET',
      url: `/api/public/v1/orgs/${club.org.slug}/events?tag=tournament`,
    });
    assert.deepEqual(
      response.json<{ events: { slug: string }[] }>().events.map((event) => event.slug),
      [club.tournament.slug],
    );
  });
});
