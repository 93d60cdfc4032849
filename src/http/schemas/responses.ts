import Type, { type TSchema } from 'typebox';

interface HeaderSchema {
  type: 'string' | 'integer';
  description: string;
}
type Headers = Record<string, HeaderSchema>;

const RATE_LIMIT_HEADERS: Headers = {
  'RateLimit-Policy': {
    type: 'string',
    description: 'The limit per client IP and its window, e.g. `"ip";q=60;w=60`.',
  },
  RateLimit: {
    type: 'string',
    description: 'Requests left and seconds until the window resets, e.g. `"ip";r=59;t=42`.',
  },
};

const CACHE_HEADERS: Headers = {
  ETag: { type: 'string', description: 'Strong validator; send it back in If-None-Match.' },
  'Cache-Control': { type: 'string', description: 'How long the answer may be reused.' },
};

/** A JSON answer of the given schema. */
export function json<T extends TSchema>(schema: T, description: string, headers: Headers = {}) {
  return {
    description,
    headers: { ...RATE_LIMIT_HEADERS, ...headers },
    content: { 'application/json': { schema } },
  };
}

/** A plain-text answer: one sentence for a person, never JSON. */
export function plainText(description: string, headers: Headers = {}) {
  return {
    description,
    headers: { ...RATE_LIMIT_HEADERS, ...headers },
    content: { 'text/plain': { schema: Type.String() } },
  };
}

/** The answers the public edge itself can give on any route, whatever the route does. */
const EDGE_FAILURES = {
  404: plainText('Not Found: nothing public answers to this path.'),
  414: plainText('URI Too Long: the URL is over the public length cap.'),
  429: plainText('Too Many Requests: the client IP is over its limit for this window.', {
    'Retry-After': { type: 'integer', description: 'Seconds until the window resets.' },
  }),
  500: plainText('Internal Server Error; the body gives no details.'),
};

/** 400 for a query parameter that does not match its schema. */
export const BAD_QUERY = {
  400: plainText('Bad Request: the body names the query parameter and what is wrong with it.'),
};

/** Every answer of a public GET: the document, 304 on a matching ETag, and edge failures. */
export function publicRead<T extends TSchema>(ok: T, description: string) {
  return {
    200: json(ok, description, CACHE_HEADERS),
    304: Type.Null({ description: 'Not Modified: the If-None-Match ETag still matches.' }),
    ...EDGE_FAILURES,
  };
}

/** Every answer of a public action (a POST), besides its own failures. */
export function publicAction<T extends TSchema>(ok: T, description: string) {
  return {
    200: json(ok, description),
    413: plainText('Content Too Large: the request body is over 64 KiB.'),
    ...EDGE_FAILURES,
  };
}

/** Every answer of a live stream: the stream itself, its caps, and edge failures. */
export function eventStream() {
  return {
    200: {
      description:
        'A stream of server-sent events (`text/event-stream`, `Cache-Control: no-store`).',
      headers: RATE_LIMIT_HEADERS,
      content: {
        'text/event-stream': {
          schema: Type.String({
            description: 'Lines of `event:`, `id:`, `data:` and `retry:` fields and comments.',
          }),
        },
      },
    },
    ...EDGE_FAILURES,
    429: plainText(
      'Too Many Requests: the client IP is over its request limit, or holds as many open streams as it may.',
      { 'Retry-After': { type: 'integer', description: 'Seconds to wait before trying again.' } },
    ),
    503: plainText(
      'Service Unavailable: this server holds all the streams it can, or the database cannot be reached.',
      { 'Retry-After': { type: 'integer', description: 'Seconds to wait before trying again.' } },
    ),
  };
}
