import type { Post } from '../../db/schema.js';
import { localDate } from '../../domain/dates.js';
import { formatDay } from '../../domain/display.js';
import { html, type Html } from '../../http/embed/html.js';
import type { WidgetContext } from '../../http/embed/parts.js';

/** The `blog-post` widget's own page for a post, which titles open without `link`. */
export function postWidgetPage(context: WidgetContext, slug: string): string {
  return `/embed/blog-post?${new URLSearchParams({ org: context.org.slug, post: slug }).toString()}`;
}

/** `Tue, Apr 14 · Sam Pro · 2 min read`. */
export function postByline(post: Post, context: WidgetContext): Html {
  const published = post.published_at ?? post.created_at;
  const day = localDate(published, context.org.timezone);
  return html`<p class="muted">
    <time datetime="${published.toISOString()}">${formatDay(day)}</time>${
      post.author_name === null ? '' : html` · ${post.author_name}`
    }
    · ${post.reading_minutes} min read
  </p>`;
}

/** A feature image: lazy, sized by the layout; decorative beside the title it illustrates. */
export function featureImage(post: Post, className: string): Html {
  if (post.image_path === null) return html``;
  return html`<img class="${className}" src="${post.image_path}" alt="" loading="lazy" />`;
}
