import { PUBLIC_BASE_PATH } from '../../http/base-paths.js';
import type { Resource } from '../resource.js';
import { inviteRoutes } from './public-routes.js';

export const invites: Resource = {
  name: 'invites',
  public: {
    tag: { name: 'Invites', description: 'Partner invites sent by email.' },
    routes: inviteRoutes,
  },
  async crawl(db) {
    const rows = await db
      .selectFrom('invites')
      .select('token')
      .where('token', 'is not', null)
      .execute();
    return rows.map(({ token }) => `${PUBLIC_BASE_PATH}/event-series-invites/${token ?? ''}`);
  },
};
