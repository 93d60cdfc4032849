import { PUBLIC_BASE_PATH } from '../../http/base-paths.js';
import type { Resource } from '../resource.js';
import { playerRoutes } from './public-routes.js';
import { playerWidget } from './widget.js';

export const players: Resource = {
  name: 'players',
  public: {
    tag: {
      name: 'Players',
      description: 'Golfers’ public profiles: leagues, league handicap, results, standings.',
    },
    routes: playerRoutes,
  },
  widgets: [playerWidget],
  async crawl(db, orgSlug) {
    const org = `${PUBLIC_BASE_PATH}/orgs/${orgSlug}`;
    // Every slug, hidden ones too: the crawl proves they answer nothing that leaks.
    const players = await db.selectFrom('players').select('slug').execute();
    return [
      `${org}/players`,
      `${org}/players?search=a`,
      ...players.flatMap(({ slug }) => [
        `${org}/players/${slug}`,
        `/embed/player?org=${orgSlug}&player=${slug}`,
      ]),
    ];
  },
};
