import type { App, AppContext } from '../context.js';
import { openApiDocumentRoute, publicDocument } from '../openapi.js';
import { requireCanonicalIds } from '../schemas/common.js';
import { RESOURCES } from '../../resources/index.js';
import type { Platform } from '../../resources/resource.js';

/** The public API under `/api/public/v1`: the public edge, then each resource's public routes (the registry). */
export function publicRoutes(context: AppContext, platform: Platform) {
  return async function register(app: App): Promise<void> {
    platform.edge.applyPublic(app);
    app.addHook('preValidation', requireCanonicalIds);
    // No public route reads a body (registration start ignores one): accept every type and
    // read it only to drain it.
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, _body, done) => {
      done(null, undefined);
    });

    openApiDocumentRoute(app, publicDocument);
    for (const resource of RESOURCES) {
      if (resource.public !== undefined)
        await app.register(resource.public.routes(context, platform));
    }
  };
}
