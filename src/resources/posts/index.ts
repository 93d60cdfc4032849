import { PUBLIC_BASE_PATH } from '../../http/base-paths.js';
import type { Resource } from '../resource.js';
import { adminPostRoutes } from './admin-routes.js';
import { blogFeedWidget } from './blog-feed-widget.js';
import { blogPostWidget } from './blog-post-widget.js';
import { postRoutes } from './public-routes.js';

export const posts: Resource = {
  name: 'posts',
  public: {
    tag: { name: 'Posts', description: 'The club’s blog: posts and their feeds.' },
    routes: postRoutes,
  },
  admin: {
    tag: { name: 'Posts', description: 'Blog posts and their feature images.' },
    routes: adminPostRoutes,
  },
  widgets: [blogFeedWidget, blogPostWidget],
  async crawl(db, orgSlug) {
    const org = `${PUBLIC_BASE_PATH}/orgs/${orgSlug}`;
    const rows = await db
      .selectFrom('posts')
      .innerJoin('orgs', 'orgs.id', 'posts.org_id')
      .select('posts.slug')
      .where('orgs.slug', '=', orgSlug)
      .execute();
    return [
      `${org}/posts`,
      `${org}/posts/feed.json`,
      `${org}/posts/feed.xml`,
      `/embed/blog-feed?org=${orgSlug}`,
      `/embed/blog-post?org=${orgSlug}`,
      ...rows.flatMap(({ slug }) => [
        `${org}/posts/${slug}`,
        `/embed/blog-post?org=${orgSlug}&post=${slug}`,
      ]),
    ];
  },
};
