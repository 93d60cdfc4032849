import type { FastifyReply } from 'fastify';
import Type from 'typebox';
import type { App, AppContext } from '../../http/context.js';
import { html, type Html } from '../../http/embed/html.js';
import type { Platform } from '../resource.js';
import { originOf } from './public-routes.js';
import { CONFIRM_PATH, UNSUBSCRIBE_PATH, confirmSubscription, unsubscribe } from './service.js';

/**
 * The pages hold a token in their URL: never framed, never cached, never sent on in a
 * Referer; they load nothing and post only to themselves.
 */
const PAGE_HEADERS = {
  'content-security-policy':
    "default-src 'none'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
  'referrer-policy': 'no-referrer',
  'cache-control': 'no-store',
  'x-robots-tag': 'noindex',
};

const TokenQuery = Type.Object({ token: Type.Optional(Type.String({ maxLength: 200 })) });
const TokenForm = Type.Object({ token: Type.Optional(Type.String({ maxLength: 200 })) });

function page(title: string, main: Html): string {
  return html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>${title}</title>
      </head>
      <body>
        <main>
          <h1>${title}</h1>
          ${main}
        </main>
      </body>
    </html>`.value;
}

function send(reply: FastifyReply, body: string) {
  return reply.headers(PAGE_HEADERS).type('text/html; charset=utf-8').send(body);
}

const NEUTRAL = page(
  'This link cannot be used',
  html`<p>
    The link has expired or was used already. If you are not subscribed yet, subscribe again and use
    the link in the new mail within 48 hours.
  </p>`,
);

/**
 * The confirmation page (a GET only shows a button, so mail scanners that follow links
 * subscribe nobody; its POST confirms) and the unsubscribe page (its POST is also the
 * one-click unsubscribe of RFC 8058, which mail clients send to the `List-Unsubscribe` URL).
 */
export function newsletterSiteRoutes(context: AppContext, platform: Platform) {
  const db = context.database.db;
  return async function register(app: App): Promise<void> {
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 2048 },
      (_request, body, done) => {
        done(null, Object.fromEntries(new URLSearchParams(body as string)));
      },
    );
    const onRequest = [platform.edge.publicRateLimit];

    app.get(
      CONFIRM_PATH,
      { onRequest, schema: { querystring: TokenQuery } },
      async (request, reply) =>
        send(
          reply,
          page(
            'Confirm your subscription',
            html`<p>Press the button to start receiving the newsletter.</p>
              <form method="post" action="${CONFIRM_PATH}">
                <input type="hidden" name="token" value="${request.query.token ?? ''}" />
                <button type="submit">Confirm subscription</button>
              </form>`,
          ),
        ),
    );

    app.post(CONFIRM_PATH, { onRequest, schema: { body: TokenForm } }, async (request, reply) => {
      const token = request.body.token ?? '';
      const confirmed =
        token !== '' && (await confirmSubscription(db, token, originOf(request), context.now()));
      if (!confirmed) return send(reply, NEUTRAL);
      return send(
        reply,
        page(
          'You are subscribed',
          html`<p>Thank you. Every mail has a link to unsubscribe whenever you like.</p>`,
        ),
      );
    });

    app.get(
      UNSUBSCRIBE_PATH,
      { onRequest, schema: { querystring: TokenQuery } },
      async (request, reply) =>
        send(
          reply,
          page(
            'Unsubscribe from the newsletter',
            html`<form
              method="post"
              action="${UNSUBSCRIBE_PATH}?token=${encodeURIComponent(request.query.token ?? '')}"
            >
              <input type="hidden" name="List-Unsubscribe" value="One-Click" />
              <button type="submit">Unsubscribe</button>
            </form>`,
          ),
        ),
    );

    app.post(
      UNSUBSCRIBE_PATH,
      { onRequest, schema: { querystring: TokenQuery } },
      async (request, reply) => {
        const token = request.query.token ?? '';
        if (token !== '') await unsubscribe(db, token, context.now());
        return send(
          reply,
          page(
            'You are unsubscribed',
            html`<p>No more newsletter mail will be sent to this address.</p>`,
          ),
        );
      },
    );
  };
}
