import type { App, AppContext } from '../context.js';
import type { Edge } from '../edge/edge.js';
import { openApiDocumentRoute, publicDocument } from '../openapi.js';
import { requireCanonicalIds } from '../schemas/common.js';
import { eventRoutes } from '../../resources/events/public-routes.js';
import { inviteRoutes } from '../../resources/invites/public-routes.js';
import { leaderboardRoutes } from '../../resources/leaderboards/public-routes.js';
import { leagueRoutes } from '../../resources/leagues/public-routes.js';
import { standingRoutes } from '../../resources/standings/public-routes.js';
import { teamRoutes } from '../../resources/teams/public-routes.js';
import { teeSheetRoutes } from '../../resources/tee-sheets/public-routes.js';

/** The public API under `/api/public/v1`: the public edge, then one plugin per resource. */
export function publicRoutes(context: AppContext, edge: Edge) {
  return async function register(app: App): Promise<void> {
    edge.applyPublic(app);
    app.addHook('preValidation', requireCanonicalIds);
    // No public route reads a body (registration start ignores one): accept every type and
    // read it only to drain it.
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, _body, done) => {
      done(null, undefined);
    });

    openApiDocumentRoute(app, publicDocument);
    await app.register(leagueRoutes(context));
    await app.register(teamRoutes(context));
    await app.register(inviteRoutes(context));
    await app.register(eventRoutes(context));
    await app.register(standingRoutes(context));
    await app.register(teeSheetRoutes(context));
    await app.register(leaderboardRoutes(context, edge));
  };
}
