import { PUBLIC_BASE_PATH } from '../../http/base-paths.js';
import type { Resource } from '../resource.js';
import { adminTeeSheetRoutes } from './admin-routes.js';
import { teeSheetRoutes } from './public-routes.js';
import { teeTimesWidget } from './widget.js';

export const teeSheets: Resource = {
  name: 'tee-sheets',
  public: {
    tag: {
      name: 'Tee sheets',
      description: 'Who starts when, and on which hole, on a league night.',
    },
    routes: teeSheetRoutes,
  },
  admin: {
    tag: { name: 'Tee sheets', description: 'Tee sheets set by hand or drawn from the field.' },
    routes: adminTeeSheetRoutes,
  },
  widgets: [teeTimesWidget],
  async crawl(db, orgSlug) {
    const events = await db.selectFrom('events').select('slug').execute();
    return events.flatMap(({ slug }) => [
      `${PUBLIC_BASE_PATH}/orgs/${orgSlug}/events/${slug}/tee-sheet`,
      `/embed/tee-times?org=${orgSlug}&event=${slug}`,
    ]);
  },
};
