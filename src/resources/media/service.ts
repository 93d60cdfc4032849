import { createHash } from 'node:crypto';
import type { Executor } from '../../db/executor.js';
import { NotFoundError, ValidationError } from '../../domain/errors.js';
import { detectImageType } from '../../domain/image-type.js';
import { findMedia, putMedia, type StoredMedia } from './store.js';

/** The largest image an upload route takes (crests, feature images). */
export const MAX_IMAGE_BYTES = 2 * 1024 * 1024;

/** Where crests are served from; an upload's file name is its SHA-256 and its type. */
const CREST_PATH = '/media/crests/';

/**
 * Stores an uploaded crest under a content-addressed path (storing the same image twice
 * changes nothing) and returns that path; only PNG, JPEG and WebP images are taken.
 */
export async function storeCrest(db: Executor, bytes: Uint8Array): Promise<string> {
  const type = detectImageType(bytes);
  if (type === null) throw new ValidationError({ image: 'must be a PNG, JPEG or WebP image' });
  const digest = createHash('sha256').update(bytes).digest('hex');
  const path = `${CREST_PATH}${digest}.${type.extension}`;
  await putMedia(db, path, { contentType: type.contentType, bytes });
  return path;
}

/** A stored crest by its file name; 404 for one never uploaded. */
export async function getCrest(db: Executor, file: string): Promise<StoredMedia> {
  const media = await findMedia(db, `${CREST_PATH}${file}`);
  if (media === undefined) throw new NotFoundError();
  return media;
}
