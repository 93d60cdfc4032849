import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import type { PostDetail } from '../../../src/resources/posts/schema.js';
import { browserSkip, launchChromium } from '../../support/browser.js';
import { TARGETS } from '../../support/databases.js';
import {
  NO_LIMITS,
  describeUnlessSkipped,
  startHarness,
  stopHarness,
  type Harness,
} from '../../support/harness.js';
import { publicPostsPath, writePost } from '../../support/posts.js';
import { listen } from '../../support/wire.js';

/**
 * The classic ways into a page through Markdown or HTML, each of which would set
 * `window.__xss` if it ran.
 */
const VECTORS: Record<string, string> = {
  script: '<script>window.__xss = "script"</script>',
  'javascript: link': '[click](javascript:window.__xss="link")',
  'JavaScript: link, mixed case': '[click](JaVaScRiPt:window.__xss="case")',
  'data: link': '[data](data:text/html;base64,PHNjcmlwdD53aW5kb3cuX194c3M9MTwvc2NyaXB0Pg==)',
  'data: image': '![pixel](data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9Indpbmdvdy5fX3hzcz0xIi8+)',
  'onerror image (HTML)': '<img src="x" onerror="window.__xss = \'onerror\'">',
  'onerror image (Markdown title)':
    '![x](https://img.example/x.png "a\\" onerror=\\"window.__xss=1")',
  svg: '<svg onload="window.__xss = \'svg\'"><script>window.__xss = "svg script"</script></svg>',
  'entity-encoded scheme': '[e](&#106;&#97;vascript&#58;window.__xss="entities")',
  'tab-split scheme': '[t](java&#9;script:window.__xss="tab")',
  autolink: '<javascript:window.__xss="autolink">',
  'nested Markdown in HTML': '**<a href="javascript:window.__xss=\'nested\'">bold</a>**',
  'HTML inside link text': '[<img src=x onerror=window.__xss="inner">](https://ok.example/)',
  'reference definition': '[hidden][ref]\n\n[ref]: javascript:window.__xss="reference"',
  'reference image': '![pic][img]\n\n[img]: javascript:window.__xss="ref-image"',
  iframe: '<iframe src="javascript:window.__xss=\'iframe\'"></iframe>',
  'style and form':
    '<style>body{}</style><form action="javascript:window.__xss=1"><button>x</button></form>',
  'vbscript link': '[v](vbscript:msgbox(1))',
  'protocol-relative image': '![p](//evil.example/x.png)',
};

/** Markup that a safe body may still hold: the allowed links and images. */
const SAFE =
  '[ok](https://club.example/ok) [mail](mailto:pro@club.example) ![alt text](https://img.example/a.png)';

/**
 * Inspects markup in the page: every element, attribute and address against the allow-list.
 * Runs in the browser; returns what is wrong, or nothing.
 */
const INSPECT = `(root) => {
  const problems = [];
  const banned = new Set(['SCRIPT', 'IFRAME', 'SVG', 'STYLE', 'FORM', 'OBJECT', 'EMBED', 'svg']);
  for (const element of root.querySelectorAll('*')) {
    if (banned.has(element.tagName)) problems.push('element ' + element.tagName);
    for (const attribute of element.attributes) {
      if (/^on/i.test(attribute.name)) problems.push('attribute ' + attribute.name);
      if (attribute.name === 'href' || attribute.name === 'src') {
        const scheme = new URL(attribute.value, 'https://base.example/').protocol;
        if (!['http:', 'https:', 'mailto:'].includes(scheme)) problems.push(attribute.name + ' ' + attribute.value);
        if (attribute.value.startsWith('//')) problems.push('protocol-relative ' + attribute.value);
      }
    }
  }
  for (const link of root.querySelectorAll('a[href]')) {
    if (link.rel !== 'noopener noreferrer') problems.push('rel ' + link.rel);
  }
  return problems;
}`;

describeUnlessSkipped('posts: classic XSS vectors neither run nor survive', browserSkip, () => {
  let h: Harness;
  let browser: Browser;
  let page: Page;
  let origin: string;

  before(async () => {
    const pglite = TARGETS[0];
    if (pglite === undefined) throw new Error('no PGlite target');
    h = await startHarness(pglite, NO_LIMITS);
    origin = await listen(h.app);
    browser = await launchChromium();
    page = await browser.newPage();
  });

  after(async () => {
    await browser.close();
    await stopHarness(h);
  });

  for (const [name, vector] of Object.entries(VECTORS)) {
    void test(name, async () => {
      const org = await h.org();
      const post = await writePost(h, org, { body: `Before.\n\n${vector}\n\n${SAFE}\n\nAfter.` });
      const response = await h.inject({ url: `${publicPostsPath(org)}/${post.slug}` });
      assert.equal(response.statusCode, 200);
      const { html } = response.json<PostDetail>();
      assert.ok(html.includes('https://club.example/ok'), 'the allowed link is kept');
      assert.ok(html.includes('alt="alt text"'), 'the allowed image keeps its alt text');

      // The JSON html placed in a page without any CSP, the way a careless client would:
      // as a fragment, whose scripts and handlers run when inserted.
      await page.setContent('<!doctype html><title>client</title><div id="c"></div>');
      const inserted = await page.evaluate(
        `(async () => {
          const root = document.getElementById('c');
          root.appendChild(document.createRange().createContextualFragment(${JSON.stringify(html)}));
          await new Promise((resolve) => setTimeout(resolve, 300));
          return { xss: window.__xss === undefined ? null : String(window.__xss), problems: (${INSPECT})(root) };
        })()`,
      );
      assert.deepEqual(inserted, { xss: null, problems: [] }, `JSON html: ${html}`);

      // The widget page, as served.
      await page.goto(`${origin}/embed/blog-post?org=${org.slug}&post=${post.slug}&preset=plain`);
      await page.waitForSelector('.post-body');
      await page.waitForTimeout(300);
      const widget = await page.evaluate(
        `({ xss: window.__xss === undefined ? null : String(window.__xss), problems: (${INSPECT})(document.querySelector('.post-body')) })`,
      );
      assert.deepEqual(widget, { xss: null, problems: [] }, 'widget page');
    });
  }
});
