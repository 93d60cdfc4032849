import type { Updateable } from 'kysely';
import type { Executor } from '../../db/executor.js';
import type { Org, Post, PostsTable } from '../../db/schema.js';
import { conflictOnDuplicate } from '../../db/unique-violation.js';
import { NotFoundError } from '../../domain/errors.js';
import { adminInstant } from '../../domain/local-times.js';
import { storeCrest } from '../media/service.js';
import { requireOrg } from '../orgs/service.js';
import { writeTransaction } from '../transaction.js';
import { defaultExcerpt, readingMinutes, renderBody } from './render.js';
import { DEFAULT_POST_LIMIT, type PostInput } from './schema.js';
import {
  deletePost as deletePostRow,
  findPostById,
  findPosts,
  insertPost,
  lockPost,
  updatePost,
} from './store.js';

export interface PostPage {
  count: number;
  posts: Post[];
}

export interface PublicPostQuery {
  orgSlug: string;
  now: Date;
  limit?: number;
  offset?: number;
  tag?: string;
  featured?: boolean;
}

/** The posts readers see now, newest first: published, and their moment has come. */
export async function listPublicPosts(db: Executor, query: PublicPostQuery): Promise<PostPage> {
  const org = await requireOrg(db, query.orgSlug);
  return findPosts(
    db,
    { orgId: org.id, visibleAt: query.now, tag: query.tag, featured: query.featured },
    { limit: query.limit ?? DEFAULT_POST_LIMIT, offset: query.offset ?? 0 },
  );
}

/**
 * One post readers see now; a draft, a scheduled or a deleted post is the same 404 as one
 * that never was.
 */
export async function getPublicPost(
  db: Executor,
  orgSlug: string,
  slug: string,
  now: Date,
): Promise<Post> {
  const org = await requireOrg(db, orgSlug);
  const { posts } = await findPosts(
    db,
    { orgId: org.id, visibleAt: now, slug },
    { limit: 1, offset: 0 },
  );
  const [post] = posts;
  if (post === undefined) throw new NotFoundError();
  return post;
}

/** The newest post readers see now, or null when there is none. */
export async function newestPublicPost(
  db: Executor,
  orgSlug: string,
  now: Date,
): Promise<Post | null> {
  const { posts } = await listPublicPosts(db, { orgSlug, now, limit: 1 });
  return posts[0] ?? null;
}

export async function listAdminPosts(
  db: Executor,
  orgSlug: string,
  page: { limit?: number; offset?: number },
): Promise<{ org: Org } & PostPage> {
  const org = await requireOrg(db, orgSlug);
  const found = await findPosts(
    db,
    { orgId: org.id },
    { limit: page.limit ?? DEFAULT_POST_LIMIT, offset: page.offset ?? 0 },
  );
  return { org, ...found };
}

export async function getAdminPost(db: Executor, orgSlug: string, id: number) {
  const org = await requireOrg(db, orgSlug);
  const post = await findPostById(db, org.id, id);
  if (post === undefined) throw new NotFoundError();
  return { org, post };
}

/**
 * The columns a create or a patch sets; the body is rendered here, once, as it is saved. A
 * `publishedAt` without an offset is read on the clock of `timeZone` (decisions §23).
 */
function columns(
  input: Partial<PostInput>,
  current: Post | undefined,
  now: Date,
  timeZone: string,
) {
  const set: Updateable<PostsTable> = {};
  if (input.slug !== undefined) set.slug = input.slug;
  if (input.title !== undefined) set.title = input.title;
  if (input.tags !== undefined) set.tags = [...new Set(input.tags)];
  if (input.authorName !== undefined) set.author_name = input.authorName;
  if (input.featured !== undefined) set.featured = input.featured;
  if (input.status !== undefined) set.status = input.status;
  const body = input.body ?? current?.body ?? '';
  if (input.body !== undefined) {
    set.body = input.body;
    set.html = renderBody(input.body);
    set.reading_minutes = readingMinutes(input.body);
  }
  if (input.excerpt !== undefined) set.custom_excerpt = input.excerpt;
  const custom = input.excerpt === undefined ? (current?.custom_excerpt ?? null) : input.excerpt;
  if (input.body !== undefined || input.excerpt !== undefined) {
    set.excerpt = custom ?? defaultExcerpt(body);
  }
  const status = input.status ?? current?.status ?? 'draft';
  if (input.publishedAt !== undefined) {
    set.published_at =
      input.publishedAt === null ? null : adminInstant('publishedAt', input.publishedAt, timeZone);
  }
  const publishedAt =
    input.publishedAt === undefined ? (current?.published_at ?? null) : input.publishedAt;
  // Publishing without a moment publishes now.
  if (status === 'published' && publishedAt === null) set.published_at = now;
  return set;
}

const slugConflict = conflictOnDuplicate(
  'A post with this slug already exists in this organization.',
);

export async function createPost(db: Executor, orgSlug: string, input: PostInput, now: Date) {
  return writeTransaction(db, async (trx) => {
    const org = await requireOrg(trx, orgSlug);
    const set = columns(input, undefined, now, org.timezone);
    const post = await insertPost(trx, {
      org_id: org.id,
      slug: input.slug,
      title: input.title,
      body: input.body,
      html: set.html ?? '',
      excerpt: set.excerpt ?? '',
      custom_excerpt: set.custom_excerpt ?? null,
      reading_minutes: set.reading_minutes ?? 1,
      tags: set.tags ?? [],
      author_name: set.author_name ?? null,
      status: input.status,
      published_at: set.published_at ?? null,
      featured: set.featured ?? false,
    });
    return { org, post };
  }).catch(slugConflict);
}

async function requireLockedPost(trx: Executor, orgSlug: string, id: number) {
  const org = await requireOrg(trx, orgSlug);
  const post = await lockPost(trx, org.id, id);
  if (post === undefined) throw new NotFoundError();
  return { org, post };
}

export async function patchPost(
  db: Executor,
  orgSlug: string,
  id: number,
  input: Partial<PostInput>,
  now: Date,
) {
  return writeTransaction(db, async (trx) => {
    const { org, post: current } = await requireLockedPost(trx, orgSlug, id);
    const set = columns(input, current, now, org.timezone);
    const post =
      Object.keys(set).length === 0 ? current : await updatePost(trx, id, set).catch(slugConflict);
    return { org, post };
  });
}

/** Deletes a post: it leaves the lists and feeds, and its page is a 404. */
export async function removePost(db: Executor, orgSlug: string, id: number): Promise<void> {
  await writeTransaction(db, async (trx) => {
    await requireLockedPost(trx, orgSlug, id);
    await deletePostRow(trx, id);
  });
}

/** Stores a feature image through the crest pipeline (same rules) and points the post at it. */
export async function setPostImage(db: Executor, orgSlug: string, id: number, bytes: Uint8Array) {
  return writeTransaction(db, async (trx) => {
    const { org } = await requireLockedPost(trx, orgSlug, id);
    const path = await storeCrest(trx, bytes);
    return { org, post: await updatePost(trx, id, { image_path: path }) };
  });
}
