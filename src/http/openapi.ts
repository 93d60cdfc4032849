import swagger, { type SwaggerTransform, type SwaggerTransformObject } from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyRequest } from 'fastify';
import { openApiTags } from '../resources/index.js';
import type { App } from './context.js';

/** Where each generated document is served, under its API's base path. */
export const OPENAPI_PATH = '/openapi.json';

/** The pages of Swagger UI: one per document. */
const DOCS_PATH = '/docs';
const ADMIN_DOCS_PATH = '/docs/admin';

declare module 'fastify' {
  interface FastifyInstance {
    /** The admin API's document; the public one is `swagger()`. */
    adminSwagger: FastifyInstance['swagger'];
  }
}

type Document = Record<string, unknown>;
type DocumentOf = (app: App) => Document;

/**
 * Who answers for the documents, and under what terms: the organization running the server,
 * whose terms the project cannot know, hence an SPDX reference of its own (docs/client.md).
 */
const CONTACT = { name: 'The organization operating this server' };
const LICENSE = { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' };

const PUBLIC_INTRODUCTION = `Leagues (event series), schedules, standings, teams, invites, tee sheets and \
leaderboards of golf organizations. No authentication: every operation is public and every \
answer may be read from any origin (CORS \`*\`).

**Rate limit.** Requests are counted per client IP in a one-minute window (60 by default; the \
operator sets it). Every answer carries the IETF headers \`RateLimit-Policy\` (the limit and the \
window) and \`RateLimit\` (requests left, seconds to the reset). Past the limit the answer is \
\`429 Too Many Requests\` with \`Retry-After\` in seconds: wait that long, then ask again.

**Errors.** Every failure is \`text/plain\`: one sentence for a person (\`Not Found\`, \
\`Invalid query parameter: limit must be <= 500\`), never JSON and never internals. An unknown \
and a hidden resource give the same \`404\`. A bad query parameter is a \`400\` that names it. \
While the database cannot be reached, every operation answers \`503\` with \`Retry-After\`.

**Caching.** Successful reads carry a strong \`ETag\` and \
\`Cache-Control: public, max-age=5, must-revalidate\`: send the ETag back in \`If-None-Match\` to \
get \`304 Not Modified\` without a body. Invite resolutions and registration starts are \
\`no-store\`. The live stream sends one event per change, so a page that shows a leaderboard \
should subscribe rather than poll.`;

const ADMIN_INTRODUCTION = `The organizer's API: organizations, golfers, leagues, registrations, \
events, tee sheets, scores, standings and API keys. Every operation needs \
\`Authorization: Bearer <token>\` (\`401\` without it): the operator's \`ADMIN_TOKEN\`, which \
may do everything, or a key of an organization (\`chk_…\`): an organizer key may do every \
operation of its organization, a scorer key only read, set and remove the score cards of its event; \
anything else is \`403\`, or \`404\` for another organization's records. Failures are \`text/plain\` \
sentences, except an invalid body: \`422\` with a JSON object mapping each field to what is \
wrong with it. Requests may be rate limited per client IP (\`429\` with \`Retry-After\`), and \
\`503\` with \`Retry-After\` means the database cannot be reached. Writes never answer from a \
cache, and each one is seen by the public API at once.`;

/** `errorMessage` words a validation failure for the 422 (see `Text`); it is no OpenAPI. */
function withoutErrorMessages(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutErrorMessages);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => key !== 'errorMessage')
      .map(([key, child]) => [key, withoutErrorMessages(child)]),
  );
}

const transformObject: SwaggerTransformObject = (documentObject) =>
  withoutErrorMessages(
    'openapiObject' in documentObject ? documentObject.openapiObject : documentObject.swaggerObject,
  ) as ReturnType<SwaggerTransformObject>;

/** Only the routes under `basePath` belong to a document; the rest are hidden from it. */
function onlyUnder(basePath: string): SwaggerTransform {
  return ({ schema, url }) => ({
    url,
    schema: url.startsWith(`${basePath}/`) ? schema : { ...schema, hide: true },
  });
}

/**
 * Collects the route schemas of the public API, and of the admin API when it is on, into
 * OpenAPI 3.1 documents, and serves Swagger UI on each (`/docs`, `/docs/admin`).
 */
export async function registerOpenApi(
  app: App,
  basePaths: { public: string; admin: string | undefined },
): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Clubhouse public API',
        version: '1',
        description: PUBLIC_INTRODUCTION,
        contact: CONTACT,
        license: LICENSE,
      },
      security: [],
      tags: openApiTags('public'),
    },
    transform: onlyUnder(basePaths.public),
    transformObject,
  });
  await app.register(swaggerUi, {
    routePrefix: DOCS_PATH,
    uiConfig: { urls: [{ url: `${basePaths.public}${OPENAPI_PATH}`, name: 'Public API' }] },
  });
  if (basePaths.admin === undefined) return;
  await app.register(swagger, {
    decorator: 'adminSwagger',
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Clubhouse admin API',
        version: '1',
        description: ADMIN_INTRODUCTION,
        contact: CONTACT,
        license: LICENSE,
      },
      components: {
        securitySchemes: {
          adminToken: {
            type: 'http',
            scheme: 'bearer',
            description:
              'The `ADMIN_TOKEN` the server was started with, or an organization’s key (`chk_…`).',
          },
        },
      },
      security: [{ adminToken: [] }],
      tags: openApiTags('admin'),
    },
    transform: onlyUnder(basePaths.admin),
    transformObject,
  });
  // A scope of its own: Swagger UI decorates the instance it is registered on.
  const adminPath = basePaths.admin;
  await app.register(async (scope: App) => {
    await scope.register(swaggerUi, {
      routePrefix: ADMIN_DOCS_PATH,
      uiConfig: { urls: [{ url: `${adminPath}${OPENAPI_PATH}`, name: 'Admin API' }] },
    });
  });
}

/** A host as a URL may carry it: a name or an address, and a port. */
const HOST = /^[A-Za-z0-9.-]+(?::\d{1,5})?$|^\[[0-9A-Fa-f:.]+\](?::\d{1,5})?$/;

/**
 * The server of the committed documents: relative, so the origin the document was read
 * from. A served document names that origin itself (`servedDocument`).
 */
export const RELATIVE_SERVER = { url: '/' };

/**
 * The origin the client reached: with a trusted proxy, its `X-Forwarded-Proto` and
 * `X-Forwarded-Host`. A host header no URL could carry gives the relative server instead.
 */
function serverOf(request: FastifyRequest): { url: string } {
  return HOST.test(request.host)
    ? { url: `${request.protocol}://${request.host}` }
    : RELATIVE_SERVER;
}

/** The document with the given server, which comes right after `info`. */
export function withServer(document: Document, server: { url: string }): Document {
  const rest = { ...document };
  delete rest.servers;
  return { openapi: document.openapi, info: document.info, servers: [server], ...rest };
}

/** Serialized documents kept, one per server (origin) asked for. */
const SERVED_DOCUMENTS_KEPT = 8;

/**
 * Serves a generated document (`swagger()` or `adminSwagger()`); it depends on the origin
 * the client reached, so it says so in `Vary`, which also keeps it out of the response cache.
 */
export function openApiDocumentRoute(app: App, documentOf: DocumentOf): void {
  /** The document as sent, by server: serialized once each, for a few servers at most. */
  const served = new Map<string, string>();
  app.get(OPENAPI_PATH, { schema: { hide: true } }, async (request, reply) => {
    const server = serverOf(request);
    let body = served.get(server.url);
    if (body === undefined) {
      body = JSON.stringify(withServer(documentOf(app), server));
      // Any client may name a host: the oldest goes, so the map stays small.
      if (served.size >= SERVED_DOCUMENTS_KEPT) served.delete(served.keys().next().value ?? '');
      served.set(server.url, body);
    }
    return reply
      .type('application/json; charset=utf-8')
      .header('vary', 'Host, X-Forwarded-Host, X-Forwarded-Proto')
      .send(body);
  });
}

export const publicDocument: DocumentOf = (app) => app.swagger() as unknown as Document;
export const adminDocument: DocumentOf = (app) => app.adminSwagger() as unknown as Document;
