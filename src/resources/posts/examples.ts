import type {
  AdminPost,
  AdminPostList,
  JsonFeed,
  PostDetail,
  PostItem,
  PostList,
} from './schema.js';

// The demo organization's posts as the API answers them (src/cli/seed-demo.ts), typed by
// the schemas they illustrate.

export const POST_ITEM_EXAMPLE: PostItem = {
  slug: 'opening-day',
  title: 'Opening day: the course is ready',
  excerpt:
    'The greens are rolling and the range is open. Tee times for the Tuesday Night League start at 5:30 pm…',
  tags: ['news', 'course'],
  authorName: 'Sam Pro',
  publishedAt: '2026-04-14T14:00:00.000Z',
  featured: true,
  imageUrl: '/media/crests/5b0e4e4f1d8d7c2a9f8e3b6a1c0d9e8f7a6b5c4d3e2f1a0b9c8d7e6f5a4b3c2d.png',
  readingMinutes: 2,
};

export const POST_LIST_EXAMPLE: PostList = { count: 3, posts: [POST_ITEM_EXAMPLE] };

export const POST_DETAIL_EXAMPLE: PostDetail = {
  ...POST_ITEM_EXAMPLE,
  html: '<p>The greens are rolling and the range is open. <a href="https://club.example/tee-times" rel="noopener noreferrer" target="_top">Book a tee time</a>.</p>\n',
};

export const ADMIN_POST_EXAMPLE: AdminPost = {
  id: 1,
  slug: POST_ITEM_EXAMPLE.slug,
  title: POST_ITEM_EXAMPLE.title,
  body: 'The greens are rolling and the range is open. [Book a tee time](https://club.example/tee-times).',
  html: POST_DETAIL_EXAMPLE.html,
  excerpt: POST_ITEM_EXAMPLE.excerpt,
  customExcerpt: null,
  tags: POST_ITEM_EXAMPLE.tags,
  authorName: POST_ITEM_EXAMPLE.authorName,
  status: 'published',
  publishedAt: '2026-04-14T09:00:00-05:00',
  visible: true,
  featured: true,
  imageUrl: POST_ITEM_EXAMPLE.imageUrl,
  readingMinutes: 2,
  updatedAt: '2026-04-14T09:00:00-05:00',
};

export const ADMIN_POST_LIST_EXAMPLE: AdminPostList = { count: 1, posts: [ADMIN_POST_EXAMPLE] };

export const JSON_FEED_EXAMPLE: JsonFeed = {
  version: 'https://jsonfeed.org/version/1.1',
  title: 'Demo Golf Club news',
  home_page_url: 'https://clubhouse.example/embed/blog-feed?org=demo-golf-club',
  feed_url: 'https://clubhouse.example/api/public/v1/orgs/demo-golf-club/posts/feed.json',
  language: 'en',
  items: [
    {
      id: 'https://clubhouse.example/embed/blog-post?org=demo-golf-club&post=opening-day',
      url: 'https://clubhouse.example/embed/blog-post?org=demo-golf-club&post=opening-day',
      title: 'Opening day: the course is ready',
      content_html: '<p>The greens are rolling and the range is open.</p>\n',
      summary: 'The greens are rolling and the range is open.',
      date_published: '2026-04-14T14:00:00.000Z',
      date_modified: '2026-04-14T14:00:00.000Z',
      tags: ['news'],
      authors: [{ name: 'Sam Pro' }],
    },
  ],
};

export const RSS_EXAMPLE = `<?xml version="1.0" encoding="utf-8"?>
<rss version="2.0" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:atom="http://www.w3.org/2005/Atom">
    <channel>
        <title>Demo Golf Club news</title>
        <link>https://clubhouse.example/embed/blog-feed?org=demo-golf-club</link>
        <description>News from Demo Golf Club.</description>
        <item>
            <title><![CDATA[Opening day: the course is ready]]></title>
            <link>https://clubhouse.example/embed/blog-post?org=demo-golf-club&amp;post=opening-day</link>
            <guid isPermaLink="false">https://clubhouse.example/embed/blog-post?org=demo-golf-club&amp;post=opening-day</guid>
            <pubDate>Tue, 14 Apr 2026 14:00:00 GMT</pubDate>
        </item>
    </channel>
</rss>`;
