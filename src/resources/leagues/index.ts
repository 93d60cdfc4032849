import { PUBLIC_BASE_PATH } from '../../http/base-paths.js';
import type { Resource } from '../resource.js';
import { adminLeagueRoutes } from './admin-routes.js';
import { leagueWidget } from './league-widget.js';
import { leaguesWidget } from './leagues-widget.js';
import { leagueRoutes } from './public-routes.js';

export const leagues: Resource = {
  name: 'leagues',
  public: {
    tag: {
      name: 'Leagues',
      description: 'Leagues (event series) and the start of a registration.',
    },
    routes: leagueRoutes,
  },
  admin: {
    tag: { name: 'Leagues', description: 'Leagues (event series) and their image.' },
    routes: adminLeagueRoutes,
  },
  widgets: [leaguesWidget, leagueWidget],
  async crawl(db, orgSlug) {
    const org = `${PUBLIC_BASE_PATH}/orgs/${orgSlug}`;
    const rows = await db.selectFrom('event_series').select('slug').execute();
    return [
      `${org}/event-series`,
      `/embed/leagues?org=${orgSlug}`,
      ...rows.flatMap(({ slug }) => [
        `${org}/event-series/${slug}`,
        `/embed/league?org=${orgSlug}&league=${slug}`,
      ]),
    ];
  },
};
