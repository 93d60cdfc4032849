import type { Resource } from '../resource.js';
import { adminApiKeyRoutes } from './admin-routes.js';

export const apiKeys: Resource = {
  name: 'api-keys',
  admin: {
    tag: {
      name: 'API keys',
      description:
        'Keys of an organization: organizers run their own club, scorers enter one event’s scores.',
    },
    routes: adminApiKeyRoutes,
  },
};
