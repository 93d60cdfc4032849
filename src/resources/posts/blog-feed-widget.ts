import type { Post } from '../../db/schema.js';
import { html, type Html } from '../../http/embed/html.js';
import { positiveInteger } from '../../http/embed/options.js';
import {
  itemTitle,
  tagList,
  type GalleryExample,
  type Widget,
  type WidgetContext,
} from '../../http/embed/parts.js';
import { SLUG_PATTERN } from '../../http/schemas/common.js';
import { DEFAULT_POST_LIMIT, MAX_POST_LIMIT } from './schema.js';
import { listPublicPosts } from './service.js';
import { featureImage, postByline, postWidgetPage } from './widget-parts.js';

const PRESETS = ['list', 'featured-sidebar', 'grid'] as const;
type Preset = (typeof PRESETS)[number];

function presetOf(value: string | undefined): Preset {
  return PRESETS.find((preset) => preset === value) ?? 'list';
}

/** A tag option that could name a tag; any other value names none, so nothing matches. */
function tagOf(value: string | undefined): string | null | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  return new RegExp(SLUG_PATTERN).test(value) ? value : null;
}

function postCard(post: Post, context: WidgetContext, lead = false): Html {
  const title = itemTitle(post.title, post.slug, context, postWidgetPage(context, post.slug));
  return html`<article class="${lead ? 'post post-lead' : 'post'}">
    ${featureImage(post, 'post-image')}
    <h2>${title}</h2>
    ${postByline(post, context)}
    <p>${post.excerpt}</p>
    <p>${tagList(post.tags)}</p>
  </article>`;
}

/** The club's newest posts: a list, a grid, or the lead post beside the others. */
export const blogFeedWidget: Widget = {
  name: 'blog-feed',
  label: 'News',
  gallery: (): GalleryExample[] => [
    {
      what: 'The newest posts, linked to the club’s own post page.',
      data: { posts: '3', link: '/news?post={slug}' },
    },
    { what: 'The featured post large, beside the others.', data: { preset: 'featured-sidebar' } },
    { what: 'A grid of posts tagged news.', data: { preset: 'grid', tag: 'news' } },
  ],
  async render(context) {
    const { options } = context;
    const tag = tagOf(options.tag);
    if (tag === null) return html`<p>No posts to show.</p>`;
    const preset = presetOf(options.preset);
    const query = {
      orgSlug: context.org.slug,
      now: context.now,
      tag,
      limit: positiveInteger(options.posts, MAX_POST_LIMIT) ?? DEFAULT_POST_LIMIT,
    };
    const [{ posts }, featured] = await Promise.all([
      listPublicPosts(context.db, query),
      preset === 'featured-sidebar'
        ? listPublicPosts(context.db, { ...query, featured: true, limit: 1 })
        : Promise.resolve(undefined),
    ]);
    if (posts.length === 0) return html`<p>No posts to show.</p>`;
    if (preset === 'featured-sidebar') {
      const lead = featured?.posts[0] ?? posts[0];
      if (lead === undefined) return html``;
      const others = posts.filter((post) => post.id !== lead.id);
      return html`<div class="posts-sidebar">
        ${postCard(lead, context, true)}
        <div class="posts-aside">${others.map((post) => postCard(post, context))}</div>
      </div>`;
    }
    return html`<div class="${preset === 'grid' ? 'posts-grid' : 'posts-list'}">
      ${posts.map((post) => postCard(post, context))}
    </div>`;
  },
};
