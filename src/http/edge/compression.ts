import { negotiate } from '@fastify/accept-negotiator';
import { constants, gunzipSync, gzipSync } from 'node:zlib';

/**
 * Bodies shorter than this are sent and kept as they are: gzip's own framing would eat most
 * of what it saved, and compressing still costs its fixed set-up.
 */
export const COMPRESS_FROM_BYTES = 1024;

/** What a public answer's representations vary by, for shared caches on the way. */
export const VARY_BY_ENCODING = 'Accept-Encoding';

/**
 * Accept-Encoding values already negotiated. Browsers and HTTP libraries send a handful of
 * them, so the table stays small; it is emptied past its bound so that odd values cannot
 * grow it.
 */
const negotiated = new Map<string, boolean>();
const NEGOTIATED_AT_MOST = 64;

/** Whether a request's Accept-Encoding takes gzip over the body as it is (RFC 9110 §12.5.3). */
export function acceptsGzip(acceptEncoding: string | undefined): boolean {
  if (acceptEncoding === undefined) return false;
  let accepted = negotiated.get(acceptEncoding);
  if (accepted === undefined) {
    // Content codings are case-insensitive (RFC 9110 §8.4.1); the negotiator compares as is.
    accepted = negotiate(acceptEncoding.toLowerCase(), ['gzip', 'identity']) === 'gzip';
    if (negotiated.size >= NEGOTIATED_AT_MOST) negotiated.clear();
    negotiated.set(acceptEncoding, accepted);
  }
  return accepted;
}

/**
 * The body in gzip, in a buffer of its own. zlib's default level: on the demo club's pages
 * level 9 saved under 2 % more, and level 1 was no faster at these sizes, where setting up
 * the compressor is most of the cost.
 */
export function gzip(body: Buffer): Buffer {
  // A short result is a slice of the compressor's 16 KiB output buffer, which a kept slice
  // would hold alive whole.
  const compressed = gzipSync(body, { level: constants.Z_DEFAULT_COMPRESSION });
  const own = Buffer.allocUnsafeSlow(compressed.length);
  compressed.copy(own);
  return own;
}

export function gunzip(body: Buffer): Buffer {
  return gunzipSync(body);
}

/**
 * The strong ETag of a body's gzip representation: a strong validator names one
 * representation's bytes, and the compressed bytes differ from the plain ones.
 */
export function gzipEtag(etag: string): string {
  return `${etag.slice(0, -1)}-gzip"`;
}
