import { PUBLIC_BASE_PATH } from '../../http/base-paths.js';
import type { Resource } from '../resource.js';
import { oddsRoutes } from './public-routes.js';
import { oddsWidget } from './widget.js';

export const odds: Resource = {
  name: 'odds',
  public: {
    tag: {
      name: 'Odds',
      description:
        'A league night’s live odds: win and top-3 chances, simulated per board version.',
    },
    routes: oddsRoutes,
  },
  widgets: [oddsWidget],
  async crawl(db, orgSlug) {
    const events = await db.selectFrom('events').select('slug').execute();
    return events.flatMap(({ slug }) => [
      `${PUBLIC_BASE_PATH}/orgs/${orgSlug}/events/${slug}/odds`,
      `/embed/odds?org=${orgSlug}&event=${slug}`,
    ]);
  },
};
