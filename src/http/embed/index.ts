import type { FastifyReply, FastifyRequest } from 'fastify';
import Type from 'typebox';
import { DatabaseUnavailableError } from '../../db/errors.js';
import { accentPalette, parseHexColour } from '../../domain/colours.js';
import { ConflictError, NotFoundError } from '../../domain/errors.js';
import { WIDGETS } from '../../resources/index.js';
import { startPurchase } from '../../resources/membership-plans/service.js';
import { linkOrigin, originOf } from '../../resources/newsletter/public-routes.js';
import { SubscribeBody } from '../../resources/newsletter/schema.js';
import { subscribe } from '../../resources/newsletter/service.js';
import { checkInboxMessage, newsletterWidget } from '../../resources/newsletter/widget.js';
import { requireOrg } from '../../resources/orgs/service.js';
import { startRegistration } from '../../resources/registrations/service.js';
import type { App, AppContext } from '../context.js';
import type { Edge } from '../edge/edge.js';
import { DATABASE_RETRY_AFTER_SECONDS } from '../edge/errors.js';
import { MAX_ID, Text } from '../schemas/common.js';
import { ASSETS_PATH, loadEmbedAssets } from './assets.js';
import { galleryPage } from './gallery.js';
import {
  EMBED_HEADERS,
  HTML_TYPE,
  accentStylesheet,
  embedPages,
  type EmbedPages,
} from './layout.js';
import { EmbedQuery, positiveInteger } from './options.js';

/** The loader may change between releases, so pages pick it up within the hour. */
const LOADER_CACHE = 'public, max-age=3600';
const IMMUTABLE = 'public, max-age=31536000, immutable';

async function embedHeaders(_request: FastifyRequest, reply: FastifyReply) {
  void reply.headers(EMBED_HEADERS);
}

/** A refused widget page is the styled notice that asks again by itself, never bare text. */
async function sendBusy(
  reply: FastifyReply,
  pages: EmbedPages,
  status: 429 | 503,
  retryAfterSeconds: number,
) {
  return reply
    .code(status)
    .type(HTML_TYPE)
    .header('cache-control', 'no-store')
    .header('retry-after', String(retryAfterSeconds))
    .send(pages.busy(retryAfterSeconds));
}

const RegisterBody = Type.Object({
  org: Type.String({ minLength: 1, maxLength: 200 }),
  league: Type.String({ minLength: 1, maxLength: 12 }),
});

const PurchaseBody = Type.Object({
  org: Type.String({ minLength: 1, maxLength: 200 }),
  plan: Type.String({ minLength: 1, maxLength: 12 }),
});

/** The newsletter form as a browser posts it: the box ticked is `on`, an empty name is "". */
const NewsletterForm = Type.Object({
  org: Type.String({ minLength: 1, maxLength: 200 }),
  email: SubscribeBody.properties.email,
  name: Type.Optional(Type.Union([Type.Literal(''), Text(100)])),
  consent: Type.Literal('on', {
    errorMessage: 'must be ticked: the visitor agrees to the consent text',
  }),
  website: SubscribeBody.properties.website,
});

/**
 * Widgets for club sites (docs/embeds.md): the loader, the widget pages and their files, the
 * register form's fallback and the gallery. Widget pages are public reads: the visitor's
 * rate limit, ETags and the response cache apply as to the JSON API.
 */
export function embedRoutes(context: AppContext, edge: Edge) {
  const db = context.database.db;
  return async function register(app: App): Promise<void> {
    const labels = Object.fromEntries(
      [...WIDGETS.values()].map(({ name, label }) => [name, label]),
    );
    const assets = await loadEmbedAssets(labels);
    const pages = embedPages(assets);

    /** Widget pages draw on their own per-IP budget (decisions §25). */
    async function withinEmbedBudget(request: FastifyRequest, reply: FastifyReply) {
      const verdict = await edge.embedBudget(request.ip);
      for (const [name, value] of verdict.headers) void reply.header(name, value);
      if (!verdict.refused) return undefined;
      return sendBusy(reply, pages, 429, verdict.retryAfterSeconds);
    }

    app.setErrorHandler(async (error, request, reply) => {
      if (!(error instanceof DatabaseUnavailableError)) throw error;
      request.log.warn({ err: error.cause }, 'database unavailable');
      return sendBusy(reply, pages, 503, DATABASE_RETRY_AFTER_SECONDS);
    });

    const publicRead = {
      onRequest: [embedHeaders, withinEmbedBudget, edge.cache.lookup],
      onSend: edge.cache.store,
    };

    app.get('/embed.js', async (_request, reply) =>
      reply
        .type(assets.loader.type)
        .header('cache-control', LOADER_CACHE)
        .header('etag', `"${assets.loader.version}"`)
        .header('cross-origin-resource-policy', 'cross-origin')
        .send(assets.loader.body),
    );

    app.get(
      `${ASSETS_PATH}/:file`,
      { schema: { params: Type.Object({ file: Type.String({ maxLength: 40 }) }) } },
      async (request, reply) => {
        const asset = assets.pages[request.params.file];
        if (asset === undefined) throw new NotFoundError();
        return reply.type(asset.type).header('cache-control', IMMUTABLE).send(asset.body);
      },
    );

    app.get(
      '/embed/accent/:file',
      {
        schema: { params: Type.Object({ file: Type.String({ pattern: '^[0-9a-f]{6}\\.css$' }) }) },
      },
      async (request, reply) => {
        const colour = parseHexColour(`#${request.params.file.slice(0, 6)}`);
        if (colour === null) throw new NotFoundError();
        return reply
          .type('text/css; charset=utf-8')
          .header('cache-control', IMMUTABLE)
          .send(accentStylesheet(accentPalette(colour)));
      },
    );

    // Its snippets name the origin the visitor used, so it is not kept by URL.
    app.get('/embed', { onRequest: [embedHeaders, withinEmbedBudget] }, async (request, reply) =>
      reply
        .type(HTML_TYPE)
        .header('cache-control', 'no-cache')
        .send(
          await galleryPage(db, `${request.protocol}://${request.host}`, WIDGETS.values(), assets),
        ),
    );

    app.get(
      '/embed/:widget',
      {
        ...publicRead,
        schema: {
          params: Type.Object({ widget: Type.String({ maxLength: 40 }) }),
          querystring: EmbedQuery,
        },
      },
      async (request, reply) => {
        void reply.type(HTML_TYPE);
        const widget = WIDGETS.get(request.params.widget);
        const options = request.query;
        try {
          if (widget === undefined || options.org === undefined) throw new NotFoundError();
          const org = await requireOrg(db, options.org);
          const origin = context.config.publicUrl ?? `${request.protocol}://${request.host}`;
          const body = await widget.render({ db, org, options, now: context.now(), origin });
          return await reply.send(
            pages.widget({
              widget: request.params.widget,
              label: widget.label,
              orgName: org.name,
              options,
              body,
            }),
          );
        } catch (error) {
          if (error instanceof NotFoundError) return reply.code(404).send(pages.missing());
          throw error;
        }
      },
    );

    // The register button's form, for visitors without script: it posts here in the top
    // window, which is sent on to the hosted page.
    await app.register(async (forms: App) => {
      forms.addContentTypeParser(
        'application/x-www-form-urlencoded',
        { parseAs: 'string', bodyLimit: 2048 },
        (_request, body, done) => {
          done(null, Object.fromEntries(new URLSearchParams(body as string)));
        },
      );
      forms.post(
        '/embed/register',
        {
          onRequest: [embedHeaders, edge.publicRateLimit],
          schema: { body: RegisterBody },
        },
        async (request, reply) => {
          void reply.type(HTML_TYPE).header('cache-control', 'no-store');
          const leagueId = positiveInteger(request.body.league, MAX_ID);
          try {
            if (leagueId === undefined) throw new NotFoundError();
            const url = await startRegistration(db, {
              orgSlug: request.body.org,
              leagueId,
              teamId: undefined,
              now: context.now(),
              registrationUrl: context.config.registrationUrl,
            });
            return await reply.redirect(url, 303);
          } catch (error) {
            if (error instanceof NotFoundError) return reply.code(404).send(pages.missing());
            if (error instanceof ConflictError) {
              return reply.code(409).send(pages.message('Registration is not open', error.message));
            }
            throw error;
          }
        },
      );

      // The Buy button's form, for visitors without script: like the register button's.
      forms.post(
        '/embed/purchase',
        {
          onRequest: [embedHeaders, edge.publicRateLimit],
          schema: { body: PurchaseBody },
        },
        async (request, reply) => {
          void reply.type(HTML_TYPE).header('cache-control', 'no-store');
          const planId = positiveInteger(request.body.plan, MAX_ID);
          try {
            if (planId === undefined) throw new NotFoundError();
            const url = await startPurchase(db, {
              orgSlug: request.body.org,
              planId,
              now: context.now(),
              checkoutUrl: context.config.checkoutUrl,
            });
            return await reply.redirect(url, 303);
          } catch (error) {
            if (error instanceof NotFoundError) return reply.code(404).send(pages.missing());
            if (error instanceof ConflictError) {
              return reply.code(409).send(pages.message('This plan is not on sale', error.message));
            }
            throw error;
          }
        },
      );

      // The newsletter form, for visitors without script: it posts here inside its frame, a
      // public action like the JSON API's (the same per-IP budget), and the frame then says
      // "check your inbox".
      forms.post(
        '/embed/newsletter',
        {
          onRequest: [embedHeaders, edge.publicRateLimit],
          schema: { body: NewsletterForm },
        },
        async (request, reply) => {
          void reply.type(HTML_TYPE).header('cache-control', 'no-store');
          const { org: orgSlug, email, name, website } = request.body;
          try {
            const org = await requireOrg(db, orgSlug);
            await subscribe(db, {
              orgSlug,
              body: {
                email,
                consent: true,
                source: 'widget',
                ...(name === undefined || name === '' ? {} : { name }),
                ...(website === undefined ? {} : { website }),
              },
              from: originOf(request),
              now: context.now(),
              linkOrigin: linkOrigin(context, request),
            });
            return await reply.send(
              pages.widget({
                widget: newsletterWidget.name,
                label: newsletterWidget.label,
                orgName: org.name,
                options: {},
                body: checkInboxMessage(),
              }),
            );
          } catch (error) {
            if (error instanceof NotFoundError) return reply.code(404).send(pages.missing());
            throw error;
          }
        },
      );
    });
  };
}
