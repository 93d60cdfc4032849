import type { App } from '../../http/context.js';
import { MAX_IMAGE_BYTES } from './service.js';

/** What an image route takes; the image's real type is read from its bytes. */
const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'application/octet-stream'];

export const IMAGE_UPLOAD_DESCRIPTION =
  'The body is the image itself: PNG, JPEG or WebP bytes, with its media type ' +
  '(or `application/octet-stream`); the type is read from the bytes.';

/**
 * Registers image-upload routes (crests, feature images) in a scope of their own, so that
 * only they read image bodies, up to `MAX_IMAGE_BYTES`.
 */
export async function imageUploadRoutes(app: App, routes: (images: App) => void): Promise<void> {
  await app.register(async (images: App) => {
    images.addContentTypeParser(
      IMAGE_TYPES,
      { parseAs: 'buffer', bodyLimit: MAX_IMAGE_BYTES },
      (_request, body, done) => {
        done(null, body);
      },
    );
    routes(images);
  });
}

/** The uploaded bytes of an image route's body (none: empty, which the crest rules refuse). */
export function uploadedImage(body: unknown): Buffer {
  return Buffer.isBuffer(body) ? body : Buffer.alloc(0);
}
