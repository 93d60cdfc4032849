import { PUBLIC_BASE_PATH } from '../../http/base-paths.js';
import type { Resource } from '../resource.js';
import { adminMembershipPlanRoutes } from './admin-routes.js';
import { membershipPlanRoutes } from './public-routes.js';
import { membershipPlansWidget } from './widget.js';

export const membershipPlans: Resource = {
  name: 'membership-plans',
  public: {
    tag: {
      name: 'Membership plans',
      description: 'The club’s membership plans and the start of a purchase.',
    },
    routes: membershipPlanRoutes,
  },
  admin: {
    tag: {
      name: 'Membership plans',
      description: 'Membership plans, and purchases as the hosted checkout reports them.',
    },
    routes: adminMembershipPlanRoutes,
  },
  widgets: [membershipPlansWidget],
  async crawl(db, orgSlug) {
    const org = `${PUBLIC_BASE_PATH}/orgs/${orgSlug}`;
    const rows = await db.selectFrom('membership_plans').select('slug').execute();
    return [
      `${org}/membership-plans`,
      `/embed/membership-plans?org=${orgSlug}`,
      ...rows.map(({ slug }) => `${org}/membership-plans/${slug}`),
    ];
  },
};
