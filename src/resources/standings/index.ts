import { PUBLIC_BASE_PATH } from '../../http/base-paths.js';
import type { Resource } from '../resource.js';
import { adminStandingRoutes } from './admin-routes.js';
import { standingRoutes } from './public-routes.js';
import { standingsWidget } from './widget.js';

export const standings: Resource = {
  name: 'standings',
  public: {
    tag: { name: 'Standings', description: 'Points tables of a league or a standings series.' },
    routes: standingRoutes,
  },
  admin: {
    tag: { name: 'Standings', description: 'Standings series, seasons and event results.' },
    routes: adminStandingRoutes,
  },
  widgets: [standingsWidget],
  async crawl(db, orgSlug) {
    const org = `${PUBLIC_BASE_PATH}/orgs/${orgSlug}`;
    const leagues = await db.selectFrom('event_series').select('slug').execute();
    const series = await db.selectFrom('standing_series').select('id').execute();
    const seasons = await db.selectFrom('standing_seasons').select(['id', 'series_id']).execute();
    const competitors = await db
      .selectFrom('standing_competitors')
      .select(['id', 'series_id'])
      .execute();
    return [
      ...leagues.flatMap(({ slug }) => [
        `${org}/event-series/${slug}/standings`,
        `/embed/standings?org=${orgSlug}&league=${slug}`,
      ]),
      ...series.map(({ id }) => `${org}/standings/${id}`),
      ...seasons.map((season) => `${org}/standings/${season.series_id}?seasonId=${season.id}`),
      ...competitors.map(
        (competitor) => `${org}/standings/${competitor.series_id}/competitors/${competitor.id}`,
      ),
    ];
  },
};
