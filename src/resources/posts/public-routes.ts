import type { FastifyRequest } from 'fastify';
import type { App, AppContext } from '../../http/context.js';
import { OrgParams } from '../../http/schemas/common.js';
import { BAD_QUERY, publicRead, publicReadAs } from '../../http/schemas/responses.js';
import { requireOrg } from '../orgs/service.js';
import {
  JSON_FEED_EXAMPLE,
  POST_DETAIL_EXAMPLE,
  POST_LIST_EXAMPLE,
  RSS_EXAMPLE,
} from './examples.js';
import { FEED_SIZE, jsonFeed, rssFeed, type FeedSite } from './feeds.js';
import { presentPostDetail, presentPostItem } from './presenter.js';
import { JsonFeed, PostDetail, PostList, PostListQuery, PostSlugParams } from './schema.js';
import { getPublicPost, listPublicPosts } from './service.js';
import Type from 'typebox';

/** The blog: lists, single posts and the feeds of the newest posts. */
export function postRoutes(context: AppContext) {
  const db = context.database.db;

  /** The origin feeds name: `PUBLIC_URL` when set, else the one the reader asked. */
  async function feedSite(request: FastifyRequest, orgSlug: string) {
    const [org, page] = await Promise.all([
      requireOrg(db, orgSlug),
      listPublicPosts(db, { orgSlug, now: context.now(), limit: FEED_SIZE }),
    ]);
    const origin = context.config.publicUrl ?? `${request.protocol}://${request.host}`;
    const site: FeedSite = { origin, org };
    return { site, posts: page.posts };
  }

  return async function register(app: App): Promise<void> {
    app.get(
      '/orgs/:orgSlug/posts',
      {
        schema: {
          operationId: 'listPosts',
          tags: ['Posts'],
          summary: 'List published posts, newest first',
          description:
            'Drafts, scheduled posts (publishedAt still to come) and deleted ones are not listed.',
          params: OrgParams,
          querystring: PostListQuery,
          response: {
            ...publicRead(
              PostList,
              'A page of posts, with the count of all that match.',
              POST_LIST_EXAMPLE,
            ),
            ...BAD_QUERY,
          },
        },
      },
      async (request) => {
        const page = await listPublicPosts(db, {
          ...request.query,
          orgSlug: request.params.orgSlug,
          now: context.now(),
        });
        return { count: page.count, posts: page.posts.map(presentPostItem) };
      },
    );

    app.get(
      '/orgs/:orgSlug/posts/feed.json',
      {
        schema: {
          operationId: 'getPostsJsonFeed',
          tags: ['Posts'],
          summary: 'The newest 20 posts as a JSON Feed 1.1',
          params: OrgParams,
          response: publicReadAs(
            'application/feed+json',
            JsonFeed,
            'JSON Feed 1.1, absolute URLs.',
            JSON_FEED_EXAMPLE,
          ),
        },
      },
      async (request, reply) => {
        const { site, posts } = await feedSite(request, request.params.orgSlug);
        return reply.type('application/feed+json; charset=utf-8').send(jsonFeed(site, posts));
      },
    );

    app.get(
      '/orgs/:orgSlug/posts/feed.xml',
      {
        schema: {
          operationId: 'getPostsRssFeed',
          tags: ['Posts'],
          summary: 'The newest 20 posts as an RSS 2.0 feed',
          params: OrgParams,
          response: publicReadAs(
            'application/rss+xml',
            Type.String(),
            'RSS 2.0, absolute URLs.',
            RSS_EXAMPLE,
          ),
        },
      },
      async (request, reply) => {
        const { site, posts } = await feedSite(request, request.params.orgSlug);
        return reply.type('application/rss+xml; charset=utf-8').send(rssFeed(site, posts));
      },
    );

    app.get(
      '/orgs/:orgSlug/posts/:postSlug',
      {
        schema: {
          operationId: 'getPost',
          tags: ['Posts'],
          summary: 'One published post, with its body as safe HTML',
          description: 'A draft, scheduled or deleted post is the same 404 as an unknown one.',
          params: PostSlugParams,
          response: publicRead(PostDetail, 'The post.', POST_DETAIL_EXAMPLE),
        },
      },
      async (request) =>
        presentPostDetail(
          await getPublicPost(db, request.params.orgSlug, request.params.postSlug, context.now()),
        ),
    );
  };
}
