import type { Executor } from '../../db/executor.js';

export interface StoredMedia {
  contentType: string;
  bytes: Uint8Array;
}

/** Stores content-addressed bytes; storing the same path again changes nothing. */
export async function putMedia(db: Executor, path: string, media: StoredMedia): Promise<void> {
  await db
    .insertInto('media')
    .values({ path, content_type: media.contentType, bytes: media.bytes })
    .onConflict((conflict) => conflict.column('path').doNothing())
    .execute();
}

export async function findMedia(db: Executor, path: string): Promise<StoredMedia | undefined> {
  const row = await db
    .selectFrom('media')
    .select(['content_type', 'bytes'])
    .where('path', '=', path)
    .executeTakeFirst();
  return row === undefined ? undefined : { contentType: row.content_type, bytes: row.bytes };
}
