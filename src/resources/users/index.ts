import type { Resource } from '../resource.js';
import { adminUserRoutes } from './admin-routes.js';

export const users: Resource = {
  name: 'users',
  admin: {
    tag: { name: 'Users', description: 'Golfers, known by their e-mail address.' },
    routes: adminUserRoutes,
  },
};
