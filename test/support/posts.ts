import type { Org } from '../../src/db/schema.js';
import type { AdminPost } from '../../src/resources/posts/schema.js';
import { ADMIN, PUBLIC, unique, type Harness } from './harness.js';

// Paths and calls of the posts API that several suites make.

export const postsPath = (org: Pick<Org, 'slug'>) => `${ADMIN}/orgs/${org.slug}/posts`;
export const publicPostsPath = (org: Pick<Org, 'slug'>) => `${PUBLIC}/orgs/${org.slug}/posts`;

/** A 1×1 PNG, for feature images. */
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** Writes a post through the admin API (published now unless told) and returns it. */
export async function writePost(
  h: Harness,
  org: Pick<Org, 'slug'>,
  fields: Record<string, unknown> = {},
): Promise<AdminPost> {
  const response = await h.admin('POST', postsPath(org), {
    slug: unique('post'),
    title: 'Club news',
    body: 'Some news from the club.',
    status: 'published',
    ...fields,
  });
  if (response.statusCode !== 201) throw new Error(response.body);
  return response.json<AdminPost>();
}
