import type { Resource } from '../resource.js';
import { mediaRoutes } from './site-routes.js';

export const media: Resource = {
  name: 'media',
  site: mediaRoutes,
};
