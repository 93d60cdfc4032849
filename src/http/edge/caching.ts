import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** Public reads may be cached briefly and must then be revalidated with their ETag. */
export const PUBLIC_READ_CACHE = 'public, max-age=5, must-revalidate';

function strongEtag(payload: string | Buffer): string {
  return `"${createHash('sha256').update(payload).digest('base64url').slice(0, 27)}"`;
}

function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (ifNoneMatch === undefined) return false;
  return ifNoneMatch
    .split(',')
    .map((candidate) => candidate.trim())
    .some((candidate) => candidate === etag || candidate === '*');
}

/**
 * Gives successful public GETs a strong ETag and a short Cache-Control (unless the route
 * set its own), and answers a matching If-None-Match with 304.
 */
export async function etagAndCaching(
  request: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
): Promise<unknown> {
  if (request.method !== 'GET' || reply.statusCode !== 200) return payload;
  if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
  const etag = strongEtag(payload);
  void reply.header('etag', etag);
  if (!reply.hasHeader('cache-control')) void reply.header('cache-control', PUBLIC_READ_CACHE);
  if (matches(request.headers['if-none-match'], etag)) {
    void reply.code(304).removeHeader('content-type').removeHeader('content-length');
    return '';
  }
  return payload;
}
