import type { Resource } from '../resource.js';
import { adminOrgRoutes } from './admin-routes.js';

export const orgs: Resource = {
  name: 'orgs',
  admin: {
    tag: { name: 'Organizations', description: 'Organizations: the clubs a deployment serves.' },
    routes: adminOrgRoutes,
  },
};
