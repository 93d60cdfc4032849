import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { AdminPost, PostDetail, PostList } from '../../../src/resources/posts/schema.js';
import { MAX_BODY_LENGTH } from '../../../src/resources/posts/schema.js';
import { assertPlainText } from '../../support/assertions.js';
import { ADMIN_TOKEN, NO_LIMITS, describeOnDatabases, unique } from '../../support/harness.js';
import { TINY_PNG, postsPath, publicPostsPath, writePost } from '../../support/posts.js';

const HOUR = 3_600_000;

describeOnDatabases(
  'posts: admin writes, public reads',
  (harness) => {
    void test('a published post is listed and read with its rendered html; every field round-trips', async () => {
      const h = harness();
      const org = await h.org();
      const body = '# Opening day\n\nThe **greens** are rolling. [Book](https://club.example/book)';
      const created = await writePost(h, org, {
        body,
        title: 'Opening day',
        tags: ['news', 'course', 'news'],
        authorName: 'Sam Pro',
        featured: true,
      });
      assert.equal(created.status, 'published');
      assert.equal(Date.parse(created.publishedAt ?? ''), h.clock.now.getTime());
      assert.deepEqual(created.tags, ['news', 'course']);
      assert.equal(created.visible, true);
      assert.equal(created.body, body);
      assert.equal(
        created.html,
        '<h1>Opening day</h1>\n<p>The <strong>greens</strong> are rolling. ' +
          '<a href="https://club.example/book" rel="noopener noreferrer" target="_top">Book</a></p>\n',
      );
      assert.equal(created.excerpt, 'Opening day The greens are rolling. Book');

      const list = await h.inject({ url: publicPostsPath(org) });
      assert.equal(list.statusCode, 200);
      const page = list.json<PostList>();
      assert.equal(page.count, 1);
      assert.deepEqual(page.posts[0], {
        slug: created.slug,
        title: 'Opening day',
        excerpt: created.excerpt,
        tags: ['news', 'course'],
        authorName: 'Sam Pro',
        publishedAt: h.clock.now.toISOString(),
        featured: true,
        imageUrl: null,
        readingMinutes: 1,
      });
      const one = await h.inject({ url: `${publicPostsPath(org)}/${created.slug}` });
      assert.equal(one.statusCode, 200);
      assert.equal(one.json<PostDetail>().html, created.html);
      assert.ok(one.headers.etag !== undefined);
    });

    void test('drafts, scheduled and deleted posts are unlisted, and read as the same 404 as an unknown slug', async () => {
      const h = harness();
      const org = await h.org();
      const draft = await writePost(h, org, { status: 'draft' });
      const future = new Date(h.clock.now.getTime() + 24 * HOUR).toISOString();
      const scheduled = await writePost(h, org, { publishedAt: future });
      assert.equal(scheduled.visible, false);
      const deleted = await writePost(h, org);
      const removed = await h.admin('DELETE', `${postsPath(org)}/${deleted.id}`);
      assert.equal(removed.statusCode, 204);
      const shown = await writePost(h, org);

      const page = (await h.inject({ url: publicPostsPath(org) })).json<PostList>();
      assert.deepEqual(
        page.posts.map((post) => post.slug),
        [shown.slug],
      );
      assert.equal(page.count, 1);
      const unknown = await h.inject({ url: `${publicPostsPath(org)}/${unique('nothing')}` });
      assertPlainText(unknown, 404);
      for (const hidden of [draft, scheduled, deleted]) {
        const answer = await h.inject({ url: `${publicPostsPath(org)}/${hidden.slug}` });
        assert.equal(answer.statusCode, 404, hidden.slug);
        assert.equal(answer.body, unknown.body);
        assert.deepEqual(answer.headers['content-type'], unknown.headers['content-type']);
      }
      // The scheduled post appears once its moment has come.
      h.clock.now = new Date(h.clock.now.getTime() + 25 * HOUR);
      const later = await h.inject({ url: `${publicPostsPath(org)}/${scheduled.slug}` });
      assert.equal(later.statusCode, 200);
      assert.equal(later.json<PostDetail>().publishedAt, future);
    });

    void test('the list pages newest first, filters by tag and featured; an unknown tag is an empty list', async () => {
      const h = harness();
      const org = await h.org();
      const start = h.clock.now.getTime();
      const slugs: string[] = [];
      for (let index = 0; index < 5; index += 1) {
        const post = await writePost(h, org, {
          publishedAt: new Date(start - (5 - index) * HOUR).toISOString(),
          tags: index % 2 === 0 ? ['even'] : ['odd'],
          featured: index === 3,
        });
        slugs.push(post.slug);
      }
      const newest = slugs.toReversed();
      const read = async (query: string) => {
        const response = await h.inject({ url: `${publicPostsPath(org)}?${query}` });
        assert.equal(response.statusCode, 200, response.body);
        const page = response.json<PostList>();
        return { count: page.count, slugs: page.posts.map((post) => post.slug) };
      };
      assert.deepEqual(await read('limit=2&offset=1'), { count: 5, slugs: newest.slice(1, 3) });
      assert.deepEqual(await read('tag=even'), {
        count: 3,
        slugs: [slugs[4], slugs[2], slugs[0]],
      });
      assert.deepEqual(await read('featured=true'), { count: 1, slugs: [slugs[3]] });
      assert.deepEqual(await read('featured=false&limit=1'), { count: 4, slugs: [slugs[4]] });
      assert.deepEqual(await read(`tag=${unique('nobody')}`), { count: 0, slugs: [] });
      for (const bad of [
        'limit=0',
        'limit=51',
        'offset=-1',
        'tag=Not%20A%20Slug',
        'featured=maybe',
      ]) {
        const response = await h.inject({ url: `${publicPostsPath(org)}?${bad}` });
        assertPlainText(response, 400);
      }
      assertPlainText(await h.inject({ url: publicPostsPath({ slug: unique('no-org') }) }), 404);
    });

    void test('patch re-renders the body, keeps an organizer’s excerpt, and publishing a draft dates it', async () => {
      const h = harness();
      const org = await h.org();
      const draft = await writePost(h, org, { status: 'draft', excerpt: 'Kept as written.' });
      assert.equal(draft.publishedAt, null);
      assert.equal(draft.excerpt, 'Kept as written.');
      h.clock.now = new Date(h.clock.now.getTime() + HOUR);
      const response = await h.admin('PATCH', `${postsPath(org)}/${draft.id}`, {
        status: 'published',
        body: 'A *new* body.',
      });
      assert.equal(response.statusCode, 200, response.body);
      const published = response.json<AdminPost>();
      assert.equal(Date.parse(published.publishedAt ?? ''), h.clock.now.getTime());
      assert.equal(published.html, '<p>A <em>new</em> body.</p>\n');
      assert.equal(published.excerpt, 'Kept as written.');
      const cleared = await h.admin('PATCH', `${postsPath(org)}/${draft.id}`, { excerpt: null });
      assert.equal(cleared.json<AdminPost>().excerpt, 'A new body.');
      const read = await h.admin('GET', `${postsPath(org)}/${draft.id}`);
      assert.deepEqual(read.json(), cleared.json());
      const list = await h.admin('GET', postsPath(org));
      assert.equal(list.json<{ count: number }>().count, 1);
    });

    void test('the default excerpt is the first 200 characters of text, cut at a word', async () => {
      const h = harness();
      const org = await h.org();
      const words = Array.from({ length: 80 }, (_, index) => `word${index}`).join(' ');
      const post = await writePost(h, org, { body: `## Heading\n\n${words}` });
      assert.ok(post.excerpt.length <= 200, post.excerpt);
      assert.ok(post.excerpt.endsWith('…'));
      assert.ok(`Heading ${words}`.startsWith(post.excerpt.slice(0, -1)));
      assert.equal(post.readingMinutes, 1);
    });

    void test('bad input: NUL, over-long and oversized bodies, bad slugs and duplicate slugs', async () => {
      const h = harness();
      const org = await h.org();
      const base = { slug: unique('post'), title: 'T', body: 'B', status: 'published' };
      const nul = await h.admin('POST', postsPath(org), { ...base, body: 'before\u0000after' });
      assert.equal(nul.statusCode, 422, nul.body);
      assert.ok('body' in nul.json<{ errors: Record<string, string> }>().errors);
      const long = await h.admin('POST', postsPath(org), {
        ...base,
        body: 'x'.repeat(MAX_BODY_LENGTH + 1),
      });
      assert.equal(long.statusCode, 422, long.body);
      const huge = await h.admin('POST', postsPath(org), { ...base, body: 'x'.repeat(70_000) });
      assert.equal(huge.statusCode, 413, huge.body);
      const slug = await h.admin('POST', postsPath(org), { ...base, slug: 'Not A Slug' });
      assert.equal(slug.statusCode, 422);
      await writePost(h, org, { slug: base.slug });
      const duplicate = await h.admin('POST', postsPath(org), base);
      assertPlainText(duplicate, 409);
      const other = await h.org();
      const elsewhere = await h.admin('POST', postsPath(other), base);
      assert.equal(elsewhere.statusCode, 201, 'a slug is unique per organization');
      const missing = await h.admin('PATCH', `${postsPath(org)}/999999`, { title: 'X' });
      assertPlainText(missing, 404);
    });

    void test('a feature image goes through the crest pipeline and shows as imageUrl', async () => {
      const h = harness();
      const org = await h.org();
      const post = await writePost(h, org);
      const uploaded = await h.inject({
        method: 'PUT',
        url: `${postsPath(org)}/${post.id}/image`,
        headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'image/png' },
        payload: TINY_PNG,
      });
      assert.equal(uploaded.statusCode, 200, uploaded.body);
      const imageUrl = uploaded.json<AdminPost>().imageUrl;
      assert.match(imageUrl ?? '', /^\/media\/crests\/[0-9a-f]{64}\.png$/);
      const image = await h.inject({ url: imageUrl ?? '' });
      assert.equal(image.statusCode, 200);
      assert.deepEqual(image.rawPayload, TINY_PNG);
      const listed = (await h.inject({ url: publicPostsPath(org) })).json<PostList>();
      assert.equal(listed.posts[0]?.imageUrl, imageUrl);
      const notImage = await h.inject({
        method: 'PUT',
        url: `${postsPath(org)}/${post.id}/image`,
        headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'image/png' },
        payload: Buffer.from('GIF89a not a png'),
      });
      assert.equal(notImage.statusCode, 422);
    });
  },
  NO_LIMITS,
);
