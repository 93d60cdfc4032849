import { NotFoundError } from '../../domain/errors.js';
import { Html, html } from '../../http/embed/html.js';
import type { GalleryExample, Widget } from '../../http/embed/parts.js';
import { getPublicPost, newestPublicPost } from './service.js';
import { featureImage, postByline } from './widget-parts.js';

/**
 * One post (`post`: its slug; none: the newest), `classic` with its title, date, author and
 * image, or `plain`, the body alone. Its HTML was sanitized when saved, so it is placed as is.
 */
export const blogPostWidget: Widget = {
  name: 'blog-post',
  label: 'News',
  gallery: (demo): GalleryExample[] => [
    { what: 'One post, classic: title, date, author, image and body.', data: { post: demo.post } },
    {
      what: 'The post named by the page’s own ?post= (the newest without one), body only.',
      data: { post: 'url', preset: 'plain' },
    },
  ],
  async render(context) {
    const slug = context.options.post;
    const post =
      slug === undefined || slug === '' || slug === 'url'
        ? await newestPublicPost(context.db, context.org.slug, context.now)
        : await getPublicPost(context.db, context.org.slug, slug, context.now);
    if (post === null) throw new NotFoundError();
    const body = html`<div class="post-body">${new Html(post.html)}</div>`;
    if (context.options.preset === 'plain') return body;
    return html`<article class="post-full">
      <h2>${post.title}</h2>
      ${postByline(post, context)} ${featureImage(post, 'post-hero')} ${body}
    </article>`;
  },
};
