import type { App, AppContext } from '../context.js';
import type { Edge } from '../edge/edge.js';
import { openApiDocumentRoute, publicDocument } from '../openapi.js';
import { requireCanonicalIds } from '../schemas/common.js';
import { eventRoutes } from './events.js';
import { inviteRoutes } from './invites.js';
import { leaderboardRoutes } from './leaderboards.js';
import { leagueRoutes } from './leagues.js';
import { standingRoutes } from './standings.js';
import { teamRoutes } from './teams.js';
import { teeSheetRoutes } from './tee-sheets.js';

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
