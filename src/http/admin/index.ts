import type { App, AppContext } from '../context.js';
import type { Edge } from '../edge/edge.js';
import { adminDocument, openApiDocumentRoute } from '../openapi.js';
import { requireCanonicalIds } from '../schemas/common.js';
import { bearerGuard } from './bearer-guard.js';
import { adminEventRoutes } from '../../resources/events/admin-routes.js';
import { adminLeagueNightRoutes } from '../../resources/leaderboards/admin-routes.js';
import { adminLeagueRoutes } from '../../resources/leagues/admin-routes.js';
import { adminOrgRoutes } from '../../resources/orgs/admin-routes.js';
import { adminRegistrationRoutes } from '../../resources/registrations/admin-routes.js';
import { adminStandingRoutes } from '../../resources/standings/admin-routes.js';
import { adminTeamRoutes } from '../../resources/teams/admin-routes.js';
import { adminUserRoutes } from '../../resources/users/admin-routes.js';

/**
 * The admin API under `/admin/v1`; registered only when an admin token is configured. Its
 * OpenAPI document is open to all, like the public one (docs/client.md); the rest of the
 * API is behind the bearer guard.
 */
export function adminRoutes(context: AppContext, edge: Edge, adminToken: string) {
  return async function register(app: App): Promise<void> {
    openApiDocumentRoute(app, adminDocument);
    await app.register(async (guarded: App) => {
      guarded.addHook('onRequest', bearerGuard(adminToken));
      const limit = context.config.adminRateLimitPerMinute;
      if (limit > 0) {
        guarded.addHook('onRequest', edge.adminRateLimit(limit));
      }
      guarded.addHook('preValidation', requireCanonicalIds);

      await guarded.register(adminOrgRoutes(context));
      await guarded.register(adminUserRoutes(context));
      await guarded.register(adminLeagueRoutes(context));
      await guarded.register(adminRegistrationRoutes(context));
      await guarded.register(adminTeamRoutes(context));
      await guarded.register(adminEventRoutes(context));
      await guarded.register(adminStandingRoutes(context));
      await guarded.register(adminLeagueNightRoutes(context));
    });
  };
}
