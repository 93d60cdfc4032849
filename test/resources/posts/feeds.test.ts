import assert from 'node:assert/strict';
import { test } from 'node:test';
import { XMLParser } from 'fast-xml-parser';
import type { JsonFeed } from '../../../src/resources/posts/schema.js';
import { ADMIN_TOKEN, NO_LIMITS, describeOnDatabases } from '../../support/harness.js';
import { TINY_PNG, postsPath, publicPostsPath, writePost } from '../../support/posts.js';

const HOUR = 3_600_000;

interface RssItem {
  title: string;
  link: string;
  guid: string | { '#text': string };
  pubDate: string;
  description: string;
  'content:encoded': string;
  category?: string | string[];
  enclosure?: { '@_url': string };
}

describeOnDatabases(
  'posts: JSON Feed 1.1 and RSS 2.0',
  (harness) => {
    void test('both feeds carry the newest 20 visible posts with absolute URLs, and parse', async () => {
      const h = harness();
      const org = await h.org({ name: 'Pine & Oak <Club>' });
      const start = h.clock.now.getTime();
      const written = [];
      for (let index = 0; index < 22; index += 1) {
        written.push(
          await writePost(h, org, {
            title: `Post ${index} & <friends>`,
            body: `Body **${index}** [link](https://club.example/${index})`,
            publishedAt: new Date(start - (22 - index) * HOUR).toISOString(),
            tags: ['news'],
            authorName: 'Sam Pro',
          }),
        );
      }
      await writePost(h, org, { status: 'draft' });
      await writePost(h, org, { publishedAt: new Date(start + HOUR).toISOString() });
      const newest = written[21];
      assert.ok(newest !== undefined);
      const uploaded = await h.inject({
        method: 'PUT',
        url: `${postsPath(org)}/${newest.id}/image`,
        headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'image/png' },
        payload: TINY_PNG,
      });
      assert.equal(uploaded.statusCode, 200);
      const expected = written.toReversed().slice(0, 20);

      const json = await h.inject({
        url: `${publicPostsPath(org)}/feed.json`,
        headers: { host: 'clubhouse.test' },
      });
      assert.equal(json.statusCode, 200, json.body);
      assert.match(String(json.headers['content-type']), /^application\/feed\+json/);
      assert.ok(json.headers.etag !== undefined);
      const feed = json.json<JsonFeed>();
      assert.equal(feed.version, 'https://jsonfeed.org/version/1.1');
      assert.equal(feed.title, 'Pine & Oak <Club> news');
      assert.equal(feed.feed_url, `http://clubhouse.test${publicPostsPath(org)}/feed.json`);
      assert.ok(Array.isArray(feed.items));
      assert.deepEqual(
        feed.items.map((item) => item.title),
        expected.map((post) => post.title),
      );
      for (const item of feed.items) {
        // JSON Feed 1.1: every item has a unique id, and content_html or content_text.
        assert.equal(typeof item.id, 'string');
        assert.ok(item.content_html.length > 0);
        assert.ok(new URL(item.url).protocol === 'http:', item.url);
        assert.ok(!Number.isNaN(Date.parse(item.date_published)));
        assert.deepEqual(item.authors, [{ name: 'Sam Pro' }]);
      }
      assert.equal(new Set(feed.items.map((item) => item.id)).size, 20);
      assert.match(
        feed.items[0]?.image ?? '',
        /^http:\/\/clubhouse\.test\/media\/crests\/[0-9a-f]{64}\.png$/,
      );

      const xml = await h.inject({
        url: `${publicPostsPath(org)}/feed.xml`,
        headers: { host: 'clubhouse.test' },
      });
      assert.equal(xml.statusCode, 200);
      assert.match(String(xml.headers['content-type']), /^application\/rss\+xml/);
      const rss = new XMLParser({ ignoreAttributes: false }).parse(xml.body) as {
        rss: { '@_version': string; channel: { title: string; link: string; item: RssItem[] } };
      };
      assert.equal(rss.rss['@_version'], '2.0');
      assert.equal(rss.rss.channel.title, 'Pine & Oak <Club> news');
      const items = rss.rss.channel.item;
      assert.equal(items.length, 20);
      assert.deepEqual(
        items.map((item) => item.title),
        expected.map((post) => post.title),
      );
      for (const [index, item] of items.entries()) {
        const post = expected[index];
        assert.ok(post !== undefined);
        assert.equal(item.link, feed.items[index]?.url);
        assert.equal(Date.parse(item.pubDate), Date.parse(post.publishedAt ?? ''));
        assert.equal(item['content:encoded'], post.html);
      }
    });

    void test('an unknown org is a 404; an org without posts has empty feeds', async () => {
      const h = harness();
      const missing = await h.inject({
        url: `${publicPostsPath({ slug: 'no-such-org' })}/feed.json`,
      });
      assert.equal(missing.statusCode, 404);
      const org = await h.org();
      const empty = await h.inject({ url: `${publicPostsPath(org)}/feed.json` });
      assert.deepEqual(empty.json<JsonFeed>().items, []);
      const xml = await h.inject({ url: `${publicPostsPath(org)}/feed.xml` });
      const rss = new XMLParser().parse(xml.body) as {
        rss: { channel: { title: string; item?: unknown } };
      };
      assert.equal(rss.rss.channel.title, `${org.name} news`);
      assert.equal(rss.rss.channel.item, undefined);
    });
  },
  NO_LIMITS,
);

describeOnDatabases(
  'posts: feeds behind PUBLIC_URL',
  (harness) => {
    void test('PUBLIC_URL, when set, is the origin of every link', async () => {
      const h = harness();
      const org = await h.org();
      await writePost(h, org);
      const json = await h.inject({ url: `${publicPostsPath(org)}/feed.json` });
      const feed = json.json<JsonFeed>();
      for (const url of [feed.home_page_url, feed.feed_url, feed.items[0]?.url ?? '']) {
        assert.ok(url.startsWith('https://news.example.org/'), url);
      }
      const xml = await h.inject({ url: `${publicPostsPath(org)}/feed.xml` });
      assert.ok(xml.body.includes('https://news.example.org/embed/blog-post?'));
    });
  },
  { ...NO_LIMITS, publicUrl: 'https://news.example.org' },
);
