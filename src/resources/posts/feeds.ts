import { Feed } from 'feed';
import type { Org, Post } from '../../db/schema.js';
import type { JsonFeed } from './schema.js';

/** How many posts a feed carries (decisions §16). */
export const FEED_SIZE = 20;

/** Where a feed's links point: the origin readers use, and the org whose posts it is. */
export interface FeedSite {
  origin: string;
  org: Org;
}

/** The page a post is read on: the `blog-post` widget's own page, on its own. */
export function postPageUrl(site: FeedSite, slug: string): string {
  const query = new URLSearchParams({ org: site.org.slug, post: slug });
  return `${site.origin}/embed/blog-post?${query.toString()}`;
}

function homePageUrl(site: FeedSite): string {
  return `${site.origin}/embed/blog-feed?${new URLSearchParams({ org: site.org.slug }).toString()}`;
}

function feedUrl(site: FeedSite, file: 'feed.json' | 'feed.xml'): string {
  return `${site.origin}/api/public/v1/orgs/${encodeURIComponent(site.org.slug)}/posts/${file}`;
}

/** An image path of this service as an absolute URL. */
function absolute(site: FeedSite, path: string | null): string | undefined {
  return path === null ? undefined : new URL(path, site.origin).toString();
}

function dateOf(post: Post): Date {
  return post.published_at ?? post.created_at;
}

/** JSON Feed 1.1 (https://jsonfeed.org/version/1.1) of the posts, newest first. */
export function jsonFeed(site: FeedSite, posts: readonly Post[]): JsonFeed {
  return {
    version: 'https://jsonfeed.org/version/1.1',
    title: `${site.org.name} news`,
    home_page_url: homePageUrl(site),
    feed_url: feedUrl(site, 'feed.json'),
    language: 'en',
    items: posts.map((post) => {
      const image = absolute(site, post.image_path);
      return {
        id: postPageUrl(site, post.slug),
        url: postPageUrl(site, post.slug),
        title: post.title,
        content_html: post.html,
        summary: post.excerpt,
        ...(image === undefined ? {} : { image }),
        date_published: dateOf(post).toISOString(),
        date_modified: post.updated_at.toISOString(),
        tags: post.tags,
        ...(post.author_name === null ? {} : { authors: [{ name: post.author_name }] }),
      };
    }),
  };
}

/** RSS 2.0 of the posts, newest first, written by the `feed` library. */
export function rssFeed(site: FeedSite, posts: readonly Post[]): string {
  const feed = new Feed({
    id: homePageUrl(site),
    title: `${site.org.name} news`,
    description: `News from ${site.org.name}.`,
    link: homePageUrl(site),
    language: 'en',
    generator: false,
    copyright: site.org.name,
    updated: posts[0] === undefined ? undefined : dateOf(posts[0]),
    feedLinks: { rss: feedUrl(site, 'feed.xml'), json: feedUrl(site, 'feed.json') },
  });
  for (const post of posts) {
    const image = absolute(site, post.image_path);
    feed.addItem({
      title: post.title,
      id: postPageUrl(site, post.slug),
      link: postPageUrl(site, post.slug),
      date: dateOf(post),
      description: post.excerpt,
      content: post.html,
      category: post.tags.map((name) => ({ name })),
      ...(image === undefined ? {} : { image }),
      ...(post.author_name === null ? {} : { author: [{ name: post.author_name }] }),
    });
  }
  return feed.rss2();
}
