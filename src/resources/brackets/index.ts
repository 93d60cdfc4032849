import { PUBLIC_BASE_PATH } from '../../http/base-paths.js';
import type { Resource } from '../resource.js';
import { adminBracketRoutes } from './admin-routes.js';
import { bracketRoutes } from './public-routes.js';
import { bracketWidget } from './widget.js';

export const brackets: Resource = {
  name: 'brackets',
  public: {
    tag: { name: 'Brackets', description: 'Match-play knockout brackets and their results.' },
    routes: bracketRoutes,
  },
  admin: {
    tag: { name: 'Brackets', description: 'Brackets: the draft, the draw, match results.' },
    routes: adminBracketRoutes,
  },
  widgets: [bracketWidget],
  async crawl(db, orgSlug) {
    const org = `${PUBLIC_BASE_PATH}/orgs/${orgSlug}`;
    const brackets = await db.selectFrom('brackets').select('slug').execute();
    return [
      `${org}/brackets`,
      `/embed/bracket?org=${orgSlug}`,
      ...brackets.flatMap(({ slug }) => [
        `${org}/brackets/${slug}`,
        `/embed/bracket?org=${orgSlug}&bracket=${slug}`,
      ]),
    ];
  },
};
