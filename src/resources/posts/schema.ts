import Type, { type Static } from 'typebox';
import {
  AdminDateTime,
  MAX_ID,
  Nullable,
  OrgParams,
  Slug,
  SLUG_PATTERN,
  Text,
  ZonedDateTime,
} from '../../http/schemas/common.js';

export const POST_STATUSES = ['draft', 'published'] as const;
export const DEFAULT_POST_LIMIT = 10;
export const MAX_POST_LIMIT = 50;
/** A body's Markdown at most; past the admin body cap (64 KiB) the answer is 413 instead. */
export const MAX_BODY_LENGTH = 50_000;

const postFields = {
  slug: Slug,
  title: Text(200),
  body: Text(MAX_BODY_LENGTH, 'CommonMark; raw HTML is shown as text.'),
  excerpt: Type.Optional(
    Nullable(Text(500, 'Absent or null: the body’s first 200 characters of text.')),
  ),
  tags: Type.Optional(Type.Array(Slug, { maxItems: 20 })),
  authorName: Type.Optional(Nullable(Text(100))),
  status: Type.Enum(POST_STATUSES),
  publishedAt: Type.Optional(
    Nullable(
      AdminDateTime('Absent: the moment the post is published. A future moment schedules it.'),
    ),
  ),
  featured: Type.Optional(Type.Boolean()),
};

export const CreatePostBody = Type.Object(postFields, { additionalProperties: false });
export const PatchPostBody = Type.Partial(Type.Object(postFields), {
  additionalProperties: false,
  minProperties: 1,
});
export type PostInput = Static<typeof CreatePostBody>;

export const PostIdParams = Type.Object({
  ...OrgParams.properties,
  id: Type.Integer({ minimum: 1, maximum: MAX_ID, description: 'The post’s id.' }),
});
export const PostSlugParams = Type.Object({
  ...OrgParams.properties,
  postSlug: Type.String({
    pattern: SLUG_PATTERN,
    minLength: 1,
    maxLength: 100,
    description: 'The post’s slug, e.g. `opening-day`.',
  }),
});

const paging = {
  limit: Type.Optional(
    Type.Integer({
      minimum: 1,
      maximum: MAX_POST_LIMIT,
      default: DEFAULT_POST_LIMIT,
      description: 'Posts per page.',
    }),
  ),
  offset: Type.Optional(
    Type.Integer({
      minimum: 0,
      maximum: 1000000,
      default: 0,
      description: 'Matching posts to skip before the page.',
    }),
  ),
};

export const PostListQuery = Type.Object({
  ...paging,
  tag: Type.Optional(
    Type.String({ ...Slug, description: 'Only posts with this tag (unknown: an empty list).' }),
  ),
  featured: Type.Optional(
    Type.Boolean({ description: '`true`: featured posts only; `false`: the others.' }),
  ),
});
export const AdminPostListQuery = Type.Object(paging);

export const PostItem = Type.Object(
  {
    slug: Type.String(),
    title: Type.String(),
    excerpt: Type.String({ description: 'Plain text.' }),
    tags: Type.Array(Type.String()),
    authorName: Nullable(Type.String()),
    publishedAt: Type.String({ format: 'date-time' }),
    featured: Type.Boolean(),
    imageUrl: Nullable(Type.String({ description: 'The feature image, or null.' })),
    readingMinutes: Type.Integer({ minimum: 1 }),
  },
  { additionalProperties: false },
);
export type PostItem = Static<typeof PostItem>;

export const PostDetail = Type.Object(
  {
    ...PostItem.properties,
    html: Type.String({
      description:
        'The body as sanitized HTML (paragraphs, headings, lists, quotes, code, links and ' +
        'images of http(s) or mailto only); safe to place in a page as is.',
    }),
  },
  { additionalProperties: false },
);
export type PostDetail = Static<typeof PostDetail>;

export const PostList = Type.Object(
  {
    count: Type.Integer({ description: 'Matching posts before paging.' }),
    posts: Type.Array(PostItem),
  },
  { additionalProperties: false },
);
export type PostList = Static<typeof PostList>;

export const AdminPost = Type.Object({
  id: Type.Integer(),
  slug: Type.String(),
  title: Type.String(),
  body: Type.String(),
  html: Type.String(),
  excerpt: Type.String(),
  customExcerpt: Nullable(Type.String()),
  tags: Type.Array(Type.String()),
  authorName: Nullable(Type.String()),
  status: Type.Enum(POST_STATUSES),
  publishedAt: Nullable(ZonedDateTime),
  visible: Type.Boolean({ description: 'Published, and its publishedAt has come.' }),
  featured: Type.Boolean(),
  imageUrl: Nullable(Type.String()),
  readingMinutes: Type.Integer(),
  updatedAt: ZonedDateTime,
});
export type AdminPost = Static<typeof AdminPost>;

export const AdminPostList = Type.Object({
  count: Type.Integer(),
  posts: Type.Array(AdminPost),
});
export type AdminPostList = Static<typeof AdminPostList>;

/** The JSON Feed 1.1 document the service writes (the fields it sets, whitelisted). */
export const JsonFeed = Type.Object(
  {
    version: Type.Literal('https://jsonfeed.org/version/1.1'),
    title: Type.String(),
    home_page_url: Type.String(),
    feed_url: Type.String(),
    language: Type.String(),
    items: Type.Array(
      Type.Object(
        {
          id: Type.String(),
          url: Type.String(),
          title: Type.String(),
          content_html: Type.String(),
          summary: Type.String(),
          image: Type.Optional(Type.String()),
          date_published: Type.String({ format: 'date-time' }),
          date_modified: Type.String({ format: 'date-time' }),
          tags: Type.Array(Type.String()),
          authors: Type.Optional(Type.Array(Type.Object({ name: Type.String() }))),
        },
        { additionalProperties: false },
      ),
    ),
  },
  { additionalProperties: false },
);
export type JsonFeed = Static<typeof JsonFeed>;
