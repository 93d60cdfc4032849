import { startOutboxSender } from '../../mail/sender.js';
import type { Resource } from '../resource.js';
import { adminNewsletterRoutes } from './admin-routes.js';
import { newsletterRoutes } from './public-routes.js';
import { newsletterSiteRoutes } from './site-routes.js';

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
  // The outbox's sender: the confirmation mails leave from there.
  background: (context, log) =>
    startOutboxSender({
      db: context.database.db,
      version: context.database.version,
      config: context.config,
      log,
      ...(context.mailTiming === undefined ? {} : { timing: context.mailTiming }),
    }),
};
