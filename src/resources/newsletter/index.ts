import { createMailMetrics } from '../../mail/metrics.js';
import { startOutboxSender } from '../../mail/sender.js';
import type { Resource } from '../resource.js';
import { adminNewsletterRoutes } from './admin-routes.js';
import { newsletterRoutes } from './public-routes.js';
import { newsletterSiteRoutes } from './site-routes.js';
import { newsletterWidget } from './widget.js';

export const newsletter: Resource = {
  name: 'newsletter',
  public: {
    tag: {
      name: 'Newsletter',
      description: 'Subscribing to the club’s newsletter (double opt-in).',
    },
    routes: newsletterRoutes,
  },
  admin: {
    tag: {
      name: 'Newsletter',
      description: 'Subscribers with their consent records, and erasure.',
    },
    routes: adminNewsletterRoutes,
  },
  site: newsletterSiteRoutes,
  widgets: [newsletterWidget],
  crawl: async (_db, orgSlug) => [`/embed/newsletter?org=${orgSlug}`],
  // The outbox's sender: the confirmation mails leave from there.
  background: (context, log, registry) =>
    startOutboxSender({
      db: context.database.db,
      version: context.database.version,
      config: context.config,
      log,
      metrics: createMailMetrics(registry, context.database.db),
      ...(context.mailTiming === undefined ? {} : { timing: context.mailTiming }),
    }),
};
