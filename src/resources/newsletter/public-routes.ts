import type { FastifyRequest } from 'fastify';
import type { App, AppContext } from '../../http/context.js';
import { OrgParams } from '../../http/schemas/common.js';
import { publicSubmission } from '../../http/schemas/responses.js';
import { SUBSCRIBE_EXAMPLE } from './examples.js';
import { SubscribeAnswer, SubscribeBody } from './schema.js';
import { subscribe, type RequestOrigin } from './service.js';

/** The consent record keeps at most this much of a user agent. */
const USER_AGENT_LENGTH = 500;

/** Where a request came from, for the consent record. */
export function originOf(request: FastifyRequest): RequestOrigin {
  const agent = request.headers['user-agent'];
  return {
    ip: request.ip,
    userAgent: typeof agent === 'string' ? agent.slice(0, USER_AGENT_LENGTH) : null,
  };
}

/** The origin links in mail point to: `PUBLIC_URL`, else the one the request used. */
export function linkOrigin(context: AppContext, request: FastifyRequest): string {
  return context.config.publicUrl ?? `${request.protocol}://${request.host}`;
}

/** The newsletter subscription (decisions §18). */
export function newsletterRoutes(context: AppContext) {
  const db = context.database.db;
  return async function register(app: App): Promise<void> {
    // The only public route that reads a body: JSON, in a scope of its own.
    app.removeAllContentTypeParsers();
    app.addContentTypeParser(
      'application/json',
      { parseAs: 'string' },
      app.getDefaultJsonParser('error', 'error'),
    );
    app.post(
      '/orgs/:orgSlug/newsletter/subscriptions',
      {
        schema: {
          operationId: 'subscribeToNewsletter',
          tags: ['Newsletter'],
          summary: 'Ask for the newsletter: a confirmation mail goes to the address',
          description:
            'The answer is the same 202 whatever the address’s state (new, pending, confirmed, unsubscribed), so that nobody learns whether an address is subscribed. The subscription starts only when the link in the mail is confirmed. Mail to one address is capped (one per 10 minutes, three per day); past that the answer is still 202.',
          params: OrgParams,
          body: SubscribeBody,
          response: publicSubmission(
            SubscribeAnswer,
            'Accepted: if the address may subscribe, a confirmation mail is on its way.',
            SUBSCRIBE_EXAMPLE,
          ),
        },
      },
      async (request, reply) => {
        await subscribe(db, {
          orgSlug: request.params.orgSlug,
          body: request.body,
          from: originOf(request),
          now: context.now(),
          linkOrigin: linkOrigin(context, request),
        });
        void reply.header('cache-control', 'no-store');
        return reply.code(202).send({ status: 'pending' as const });
      },
    );
  };
}
