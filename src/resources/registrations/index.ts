import type { Resource } from '../resource.js';
import { adminRegistrationRoutes } from './admin-routes.js';

export const registrations: Resource = {
  name: 'registrations',
  admin: {
    tag: { name: 'Registrations', description: 'Registrations reported by the hosted page.' },
    routes: adminRegistrationRoutes,
  },
};
