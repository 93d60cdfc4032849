import type { Resource } from '../resource.js';
import { adminScoringRoutes } from './admin-routes.js';
import { scoringSiteRoutes } from './site-routes.js';

export const scoring: Resource = {
  name: 'scoring',
  admin: {
    tag: {
      name: 'Scoring',
      description: 'What the scoring page reads: an event’s field and cards.',
    },
    routes: adminScoringRoutes,
  },
  site: scoringSiteRoutes,
};
