import type { Resource } from '../resource.js';
import { consoleSiteRoutes } from './site-routes.js';

/** The organizer's console, `/console` (decisions §23): pages that run a club through the admin API. */
export const organizerConsole: Resource = { name: 'console', site: consoleSiteRoutes };
