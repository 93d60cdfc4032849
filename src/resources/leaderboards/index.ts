import { PUBLIC_BASE_PATH } from '../../http/base-paths.js';
import type { Resource } from '../resource.js';
import { adminLeaderboardRoutes } from './admin-routes.js';
import { leaderboardRoutes } from './public-routes.js';
import { rebuildStaleLeaderboardsOnChange } from './service.js';
import { leaderboardWidget } from './widget.js';

export const leaderboards: Resource = {
  name: 'leaderboards',
  public: {
    tag: { name: 'Leaderboards', description: 'A league night’s leaderboards, read or live.' },
    routes: leaderboardRoutes,
  },
  admin: {
    tag: {
      name: 'Leaderboards',
      description: 'Score cards, and a final board posted into standings.',
    },
    routes: adminLeaderboardRoutes,
  },
  widgets: [leaderboardWidget],
  background: (context, log) =>
    rebuildStaleLeaderboardsOnChange(context.database.db, context.database.version, (error) => {
      log.error({ err: error }, 'stale leaderboards were not rebuilt; the next change retries');
    }),
  async crawl(db, orgSlug) {
    const events = await db.selectFrom('events').select('slug').execute();
    return events.flatMap(({ slug }) => [
      `${PUBLIC_BASE_PATH}/orgs/${orgSlug}/events/${slug}/leaderboard`,
      `/embed/leaderboard?org=${orgSlug}&event=${slug}`,
    ]);
  },
};
