import { sql, type Insertable, type Updateable } from 'kysely';
import type { Executor } from '../../db/executor.js';
import type { Post, PostsTable } from '../../db/schema.js';

export async function insertPost(db: Executor, post: Insertable<PostsTable>): Promise<Post> {
  return db.insertInto('posts').values(post).returningAll().executeTakeFirstOrThrow();
}

export async function updatePost(
  db: Executor,
  id: number,
  patch: Updateable<PostsTable>,
): Promise<Post> {
  return db
    .updateTable('posts')
    .set({ ...patch, updated_at: sql<Date>`now()` })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function deletePost(db: Executor, id: number): Promise<void> {
  await db.deleteFrom('posts').where('id', '=', id).execute();
}

/** A post of the org by id, whatever its status, locked until the transaction ends. */
export async function lockPost(db: Executor, orgId: number, id: number): Promise<Post | undefined> {
  return db
    .selectFrom('posts')
    .selectAll()
    .where('org_id', '=', orgId)
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

export async function findPostById(
  db: Executor,
  orgId: number,
  id: number,
): Promise<Post | undefined> {
  return db
    .selectFrom('posts')
    .selectAll()
    .where('org_id', '=', orgId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export interface PostFilter {
  orgId: number;
  /** Only posts readers may see at this moment; absent: every post (the admin's list). */
  visibleAt?: Date;
  tag?: string;
  featured?: boolean;
  slug?: string;
}

function filtered(db: Executor, filter: PostFilter) {
  let query = db.selectFrom('posts').where('org_id', '=', filter.orgId);
  if (filter.visibleAt !== undefined) {
    query = query.where('status', '=', 'published').where('published_at', '<=', filter.visibleAt);
  }
  if (filter.tag !== undefined) query = query.where(sql<boolean>`${filter.tag} = any(tags)`);
  if (filter.featured !== undefined) query = query.where('featured', '=', filter.featured);
  if (filter.slug !== undefined) query = query.where('slug', '=', filter.slug);
  return query;
}

/** A page of matching posts, newest first (drafts never published last), and their count. */
export async function findPosts(
  db: Executor,
  filter: PostFilter,
  page: { limit: number; offset: number },
): Promise<{ count: number; posts: Post[] }> {
  const [posts, total] = await Promise.all([
    filtered(db, filter)
      .selectAll()
      .orderBy(sql`published_at desc nulls first`)
      .orderBy('id', 'desc')
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    filtered(db, filter)
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .executeTakeFirstOrThrow(),
  ]);
  return { count: Number(total.count), posts };
}
