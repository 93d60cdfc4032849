import type { App, AppContext } from '../context.js';
import type { Edge } from '../edge/edge.js';
import { requireCanonicalIds } from '../schemas/common.js';
import { bearerGuard } from './bearer-guard.js';
import { adminEventRoutes } from './events.js';
import { adminLeagueNightRoutes } from './league-nights.js';
import { adminLeagueRoutes } from './leagues.js';
import { adminOrgRoutes } from './orgs.js';
import { adminRegistrationRoutes } from './registrations.js';
import { adminStandingRoutes } from './standings.js';
import { adminTeamRoutes } from './teams.js';
import { adminUserRoutes } from './users.js';

/** The admin API under `/admin/v1`; registered only when an admin token is configured. */
export function adminRoutes(context: AppContext, edge: Edge, adminToken: string) {
  return async function register(app: App): Promise<void> {
    app.addHook('onRequest', bearerGuard(adminToken));
    const limit = context.config.adminRateLimitPerMinute;
    if (limit > 0) {
      app.addHook('onRequest', edge.adminRateLimit(limit));
    }
    app.addHook('preValidation', requireCanonicalIds);

    await app.register(adminOrgRoutes(context));
    await app.register(adminUserRoutes(context));
    await app.register(adminLeagueRoutes(context));
    await app.register(adminRegistrationRoutes(context));
    await app.register(adminTeamRoutes(context));
    await app.register(adminEventRoutes(context));
    await app.register(adminStandingRoutes(context));
    await app.register(adminLeagueNightRoutes(context));
  };
}
