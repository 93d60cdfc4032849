import type { Post } from '../../db/schema.js';
import { withZoneOffset, withZoneOffsetOrNull } from '../../domain/local-times.js';
import type { AdminPost, PostDetail, PostItem } from './schema.js';

/** A post as readers see it; callers pass visible posts only (published, so dated). */
export function presentPostItem(post: Post): PostItem {
  return {
    slug: post.slug,
    title: post.title,
    excerpt: post.excerpt,
    tags: post.tags,
    authorName: post.author_name,
    publishedAt: (post.published_at ?? post.created_at).toISOString(),
    featured: post.featured,
    imageUrl: post.image_path,
    readingMinutes: post.reading_minutes,
  };
}

export function presentPostDetail(post: Post): PostDetail {
  return { ...presentPostItem(post), html: post.html };
}

/** A post as its organizers see it; its times on the org's clock (`timeZone`). */
export function presentAdminPost(post: Post, now: Date, timeZone: string): AdminPost {
  return {
    id: post.id,
    slug: post.slug,
    title: post.title,
    body: post.body,
    html: post.html,
    excerpt: post.excerpt,
    customExcerpt: post.custom_excerpt,
    tags: post.tags,
    authorName: post.author_name,
    status: post.status,
    publishedAt: withZoneOffsetOrNull(post.published_at, timeZone),
    visible: post.status === 'published' && post.published_at !== null && post.published_at <= now,
    featured: post.featured,
    imageUrl: post.image_path,
    readingMinutes: post.reading_minutes,
    updatedAt: withZoneOffset(post.updated_at, timeZone),
  };
}
