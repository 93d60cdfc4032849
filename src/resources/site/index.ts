import type { Resource } from '../resource.js';
import { homeRoutes } from './site-routes.js';

/** The service's own pages outside both APIs: the home page. */
export const site: Resource = { name: 'site', site: homeRoutes };
