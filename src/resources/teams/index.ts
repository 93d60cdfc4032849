import { PUBLIC_BASE_PATH } from '../../http/base-paths.js';
import type { Resource } from '../resource.js';
import { adminTeamRoutes } from './admin-routes.js';
import { teamRoutes } from './public-routes.js';

export const teams: Resource = {
  name: 'teams',
  public: {
    tag: { name: 'Teams', description: 'Teams of a team league, as an invited partner sees them.' },
    routes: teamRoutes,
  },
  admin: {
    tag: { name: 'Teams', description: 'Teams of a team league.' },
    routes: adminTeamRoutes,
  },
  async crawl(db, orgSlug) {
    const rows = await db.selectFrom('teams').select(['id', 'event_series_id']).execute();
    return rows.map(
      (team) =>
        `${PUBLIC_BASE_PATH}/orgs/${orgSlug}/event-series/${team.event_series_id}/teams/${team.id}`,
    );
  },
};
