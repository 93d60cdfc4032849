import type { App, AppContext } from '../../http/context.js';
import { OrgParams } from '../../http/schemas/common.js';
import { publicRead } from '../../http/schemas/responses.js';
import { BRACKET_EXAMPLE, BRACKET_LIST_EXAMPLE } from './examples.js';
import { presentBracket, presentBracketList } from './presenter.js';
import { BracketList, BracketSlugParams, PublicBracket } from './schema.js';
import { getPublicBracket, listPublicBrackets } from './service.js';

/** Published match-play brackets; drafts are unknown here. */
export function bracketRoutes(context: AppContext) {
  const db = context.database.db;
  return async function register(app: App): Promise<void> {
    app.get(
      '/orgs/:orgSlug/brackets',
      {
        schema: {
          operationId: 'listBrackets',
          tags: ['Brackets'],
          summary: 'The org’s published match-play brackets, newest first',
          params: OrgParams,
          response: publicRead(BracketList, 'Published brackets.', BRACKET_LIST_EXAMPLE),
        },
      },
      async (request) => presentBracketList(await listPublicBrackets(db, request.params.orgSlug)),
    );

    app.get(
      '/orgs/:orgSlug/brackets/:bracketSlug',
      {
        schema: {
          operationId: 'getBracket',
          tags: ['Brackets'],
          summary: 'A published bracket: its rounds, matches, results and champion',
          params: BracketSlugParams,
          response: publicRead(PublicBracket, 'The bracket.', BRACKET_EXAMPLE),
        },
      },
      async (request) =>
        presentBracket(
          await getPublicBracket(db, request.params.orgSlug, request.params.bracketSlug),
        ),
    );
  };
}
