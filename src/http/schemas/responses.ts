import Type, { type Static, type TSchema } from 'typebox';
import { ValidationErrors } from './common.js';
import { VALIDATION_ERRORS_EXAMPLE } from './examples.js';

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
  ETag: {
    type: 'string',
    description:
      'Strong validator of the answer in the encoding sent; send it back in If-None-Match.',
  },
  'Cache-Control': { type: 'string', description: 'How long the answer may be reused.' },
  'Content-Encoding': {
    type: 'string',
    description:
      'gzip when the answer is 1 KiB or more and Accept-Encoding takes gzip; absent otherwise.',
  },
  Vary: {
    type: 'string',
    description: 'Accept-Encoding on answers of 1 KiB or more, which come in two encodings.',
  },
};

const RETRY_AFTER: Headers = {
  'Retry-After': { type: 'integer', description: 'Seconds to wait before trying again.' },
};

/**
 * A JSON answer of the given schema, with an example of it: the example is required, and
 * typed by the schema, so that no documented answer goes without one.
 */
export function json<T extends TSchema>(
  schema: T,
  description: string,
  example: Static<T>,
  headers: Headers = {},
) {
  return {
    description,
    headers: { ...RATE_LIMIT_HEADERS, ...headers },
    content: { 'application/json': { schema, example } },
  };
}

/** A plain-text answer: one sentence for a person, never JSON; `example` is its body. */
export function plainText(description: string, example: string, headers: Headers = {}) {
  return {
    description,
    headers: { ...RATE_LIMIT_HEADERS, ...headers },
    content: { 'text/plain': { schema: Type.String(), example } },
  };
}

/** 429 past the client's request limit. */
const TOO_MANY_REQUESTS = plainText(
  'Too Many Requests: the client IP is over its limit for this window.',
  'Too Many Requests',
  RETRY_AFTER,
);

/** 503 while the database cannot be reached (docs/behaviour.md). */
const DATABASE_UNAVAILABLE = plainText(
  'Service Unavailable: the database cannot be reached; ask again after Retry-After.',
  'Service Unavailable: the database cannot be reached.',
  RETRY_AFTER,
);

const INTERNAL_ERROR = plainText(
  'Internal Server Error; the body gives no details.',
  'Internal Server Error',
);

/** The answers the public edge itself can give on any route, whatever the route does. */
const EDGE_FAILURES = {
  404: plainText('Not Found: nothing public answers to this path.', 'Not Found'),
  414: plainText('URI Too Long: the URL is over the public length cap.', 'URI Too Long'),
  429: TOO_MANY_REQUESTS,
  500: INTERNAL_ERROR,
  503: DATABASE_UNAVAILABLE,
};

/** 400 for a query parameter that does not match its schema. */
export const BAD_QUERY = {
  400: plainText(
    'Bad Request: the body names the query parameter and what is wrong with it.',
    'Invalid query parameter: limit must be <= 500',
  ),
};

/** Every answer of a public GET: the document, 304 on a matching ETag, and edge failures. */
export function publicRead<T extends TSchema>(ok: T, description: string, example: Static<T>) {
  return publicReadAs('application/json', ok, description, example);
}

/** As `publicRead`, for a document of another media type (a feed, a calendar). */
export function publicReadAs<T extends TSchema>(
  mediaType: string,
  ok: T,
  description: string,
  example: Static<T>,
) {
  return {
    200: {
      description,
      headers: { ...RATE_LIMIT_HEADERS, ...CACHE_HEADERS },
      content: { [mediaType]: { schema: ok, example } },
    },
    304: Type.Null({ description: 'Not Modified: the If-None-Match ETag still matches.' }),
    ...EDGE_FAILURES,
  };
}

/** Every answer of a public action (a POST), besides its own failures. */
export function publicAction<T extends TSchema>(ok: T, description: string, example: Static<T>) {
  return {
    200: json(ok, description, example),
    413: plainText(
      'Content Too Large: the request body is over 64 KiB.',
      'Request body is too large.',
    ),
    ...EDGE_FAILURES,
  };
}

/**
 * Every answer of a public action that reads a JSON body and accepts it for later work
 * (202), besides its own failures: the body's own failures, and the edge's.
 */
export function publicSubmission<T extends TSchema>(
  ok: T,
  description: string,
  example: Static<T>,
) {
  return {
    202: json(ok, description, example),
    400: plainText('Bad Request: the body is not JSON.', 'Request body is not valid JSON.'),
    413: plainText(
      'Content Too Large: the request body is over 64 KiB.',
      'Request body is too large.',
    ),
    415: plainText(
      'Unsupported Media Type: the body is not `application/json`.',
      'Unsupported content type.',
    ),
    422: json(
      ValidationErrors,
      'Unprocessable Content: each invalid body field mapped to what is wrong with it.',
      VALIDATION_ERRORS_EXAMPLE,
    ),
    ...EDGE_FAILURES,
  };
}

/** Every answer of a live stream: the stream itself, its caps, and edge failures. */
export function eventStream(example: string) {
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
          example,
        },
      },
    },
    ...EDGE_FAILURES,
    429: plainText(
      'Too Many Requests: the client IP is over its request limit, or holds as many open streams as it may.',
      'Too Many Requests: too many live streams open from this address.',
      RETRY_AFTER,
    ),
    503: plainText(
      'Service Unavailable: this server holds all the streams it can, or the database cannot be reached.',
      'Service Unavailable: the database cannot be reached.',
      RETRY_AFTER,
    ),
  };
}

/** Every answer of an admin route besides its success (see src/http/admin/). */
export const ADMIN_FAILURES = {
  400: plainText(
    'Bad Request: the body is not JSON, is empty where JSON is announced, or names `__proto__` or `constructor.prototype`.',
    'Request body is not valid JSON.',
  ),
  401: plainText(
    'Unauthorized: no `Authorization: Bearer <token>`, or neither the admin token nor a live key (unknown, revoked or expired).',
    'Unauthorized',
    { 'WWW-Authenticate': { type: 'string', description: '`Bearer`.' } },
  ),
  403: plainText(
    'Forbidden: a key that may not do this operation (org creation and accounts are the operator’s; a scorer key only reads, sets and removes the score cards of its event).',
    'Forbidden: only the operator’s token may do this.',
  ),
  404: plainText(
    'Not Found: the organization or a record the path names, or one the key does not belong to.',
    'Not Found',
  ),
  409: plainText(
    'Conflict: the change contradicts the data (a duplicate slug, a full league…).',
    'Conflict: a league with this slug already exists',
  ),
  413: plainText(
    'Content Too Large: the request body is over its limit (64 KiB; an image: 2 MiB).',
    'Request body is too large.',
  ),
  415: plainText(
    'Unsupported Media Type: a body that is not `application/json` (an image route takes PNG, JPEG or WebP).',
    'Unsupported content type.',
  ),
  422: json(
    ValidationErrors,
    'Unprocessable Content: each invalid body field mapped to what is wrong with it.',
    VALIDATION_ERRORS_EXAMPLE,
  ),
  429: TOO_MANY_REQUESTS,
  500: INTERNAL_ERROR,
  503: DATABASE_UNAVAILABLE,
};

/** An admin answer without a body. */
export const NO_CONTENT = { 204: Type.Null({ description: 'No Content: done.' }) };
