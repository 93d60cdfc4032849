import type { App, AppContext } from '../context.js';
import { adminDocument, openApiDocumentRoute } from '../openapi.js';
import { requireCanonicalIds } from '../schemas/common.js';
import { requireAccessDeclared } from './access.js';
import { bearerGuard } from './bearer-guard.js';
import { RESOURCES } from '../../resources/index.js';
import type { Platform } from '../../resources/resource.js';

/**
 * The admin API under `/admin/v1`; registered only when an admin token is configured. Its
 * OpenAPI document is open to all, like the public one (docs/client.md); the rest of the
 * API is behind the bearer guard, and each route declares who may call it (./access.ts).
 */
export function adminRoutes(context: AppContext, platform: Platform, adminToken: string) {
  return async function register(app: App): Promise<void> {
    openApiDocumentRoute(app, adminDocument);
    await app.register(async (guarded: App) => {
      guarded.addHook('onRoute', requireAccessDeclared);
      // Counted before the guard: a failed guess uses up the limit like any call (§21).
      const limit = context.config.adminRateLimitPerMinute;
      if (limit > 0) {
        guarded.addHook('onRequest', platform.edge.adminRateLimit(limit));
      }
      const guard = bearerGuard(adminToken, context.database.db, context.now);
      guarded.addHook('onRequest', guard.authenticate);
      guarded.addHook('preValidation', requireCanonicalIds);
      guarded.addHook('preHandler', guard.checkGolfers);

      for (const resource of RESOURCES) {
        if (resource.admin !== undefined)
          await guarded.register(resource.admin.routes(context, platform));
      }
    });
  };
}
