import Type from 'typebox';
import type { App, AppContext } from '../../http/context.js';
import { OrgParams } from '../../http/schemas/common.js';
import { ADMIN_FAILURES, NO_CONTENT, json } from '../../http/schemas/responses.js';
import { SUBSCRIBER_CSV_EXAMPLE, SUBSCRIBER_LIST_EXAMPLE } from './examples.js';
import { presentSubscriber, subscribersCsv } from './presenter.js';
import { SubscriberList, SubscriberListQuery, SubscriberParams } from './schema.js';
import { eraseNewsletterSubscriber, listSubscribers } from './service.js';

const TAGS = ['Newsletter'];

/** The org's subscribers with their consent records, and erasure (decisions §18). */
export function adminNewsletterRoutes(context: AppContext) {
  const db = context.database.db;
  return async function register(app: App): Promise<void> {
    const listed = json(
      SubscriberList,
      'A page of subscribers, oldest first; as CSV with `format=csv`.',
      SUBSCRIBER_LIST_EXAMPLE,
    );
    app.get(
      '/orgs/:orgSlug/newsletter/subscribers',
      {
        config: { access: 'org' },
        schema: {
          operationId: 'listNewsletterSubscribers',
          tags: TAGS,
          summary: 'List the newsletter’s subscribers with their consent records',
          description:
            'Confirmed, pending, unsubscribed and erased subscribers. `format=csv` gives the same page as CSV (a header row, CRLF lines) for a mail tool; only `confirmed` rows may be mailed.',
          params: OrgParams,
          querystring: SubscriberListQuery,
          response: {
            200: {
              ...listed,
              content: {
                ...listed.content,
                'text/csv': { schema: Type.String(), example: SUBSCRIBER_CSV_EXAMPLE },
              },
            },
            ...ADMIN_FAILURES,
          },
        },
      },
      async (request, reply) => {
        const { format = 'json', limit = 1000, offset = 0 } = request.query;
        const page = await listSubscribers(db, request.params.orgSlug, { limit, offset });
        if (format === 'csv') {
          return reply
            .type('text/csv; charset=utf-8')
            .header('content-disposition', 'attachment; filename="subscribers.csv"')
            .send(subscribersCsv(page.subscribers, page.timeZone));
        }
        return {
          count: page.count,
          subscribers: page.subscribers.map((row) => presentSubscriber(row, page.timeZone)),
        };
      },
    );

    app.delete(
      '/orgs/:orgSlug/newsletter/subscribers/:id',
      {
        config: { access: 'org' },
        schema: {
          operationId: 'eraseNewsletterSubscriber',
          tags: TAGS,
          summary: 'Erase a subscriber: their personal data is gone, the count stays',
          params: SubscriberParams,
          response: { ...NO_CONTENT, ...ADMIN_FAILURES },
        },
      },
      async (request, reply) => {
        await eraseNewsletterSubscriber(db, request.params.orgSlug, request.params.id);
        return reply.code(204).send(null);
      },
    );
  };
}
