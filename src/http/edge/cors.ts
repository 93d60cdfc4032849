import type { FastifyReply, FastifyRequest } from 'fastify';

/** Every public response may be read from any origin, never with credentials. */
export const CORS_HEADERS: Readonly<Record<string, string>> = {
  'access-control-allow-origin': '*',
  'access-control-expose-headers': 'RateLimit, RateLimit-Policy, Retry-After, ETag',
};

/**
 * Answers a CORS preflight; preflights are not counted by the rate limit. `Last-Event-ID`
 * is what a browser's EventSource sends when it reconnects a live stream from another origin.
 */
export async function preflight(_request: FastifyRequest, reply: FastifyReply) {
  return reply
    .code(204)
    .header('access-control-allow-methods', 'GET, POST, OPTIONS')
    .header('access-control-allow-headers', 'Content-Type, Last-Event-ID')
    .header('access-control-max-age', '86400')
    .send();
}
