import type { App, AppContext } from '../../http/context.js';
import { OrgParams } from '../../http/schemas/common.js';
import { ADMIN_FAILURES, NO_CONTENT, json } from '../../http/schemas/responses.js';
import { ADMIN_BRACKET_EXAMPLE, ADMIN_BRACKET_LIST_EXAMPLE } from './examples.js';
import { presentAdminBracket, presentAdminBracketList } from './presenter.js';
import {
  AdminBracket,
  AdminBracketList,
  BracketIdParams,
  CreateBracketBody,
  MatchParams,
  MatchResultBody,
  PageQuery,
} from './schema.js';
import {
  createBracket,
  getOrgBracket,
  listOrgBrackets,
  publishBracket,
  removeResult,
  setResult,
} from './service.js';

const TAGS = ['Brackets'];

/** Admin side of match-play brackets: the draft, the draw, results; reads of every status. */
export function adminBracketRoutes(context: AppContext) {
  const db = context.database.db;
  return async function register(app: App): Promise<void> {
    app.post(
      '/orgs/:orgSlug/brackets',
      {
        config: { access: 'org' },
        schema: {
          operationId: 'createBracket',
          tags: TAGS,
          summary: 'Create a draft bracket of golfers or teams in seed order',
          params: OrgParams,
          body: CreateBracketBody,
          response: {
            201: json(AdminBracket, 'The draft bracket.', {
              ...ADMIN_BRACKET_EXAMPLE,
              status: 'draft',
              rounds: [],
            }),
            ...ADMIN_FAILURES,
          },
        },
      },
      async (request, reply) => {
        const view = await createBracket(db, request.params.orgSlug, request.body);
        return reply.code(201).send(presentAdminBracket(view));
      },
    );

    app.get(
      '/orgs/:orgSlug/brackets',
      {
        config: { access: 'org' },
        schema: {
          operationId: 'listAdminBrackets',
          tags: TAGS,
          summary: 'The org’s brackets of every status, newest first',
          params: OrgParams,
          querystring: PageQuery,
          response: {
            200: json(AdminBracketList, 'One page of brackets.', ADMIN_BRACKET_LIST_EXAMPLE),
            ...ADMIN_FAILURES,
          },
        },
      },
      async (request) =>
        presentAdminBracketList(
          await listOrgBrackets(db, {
            orgSlug: request.params.orgSlug,
            limit: request.query.limit ?? 50,
            offset: request.query.offset ?? 0,
          }),
        ),
    );

    app.get(
      '/orgs/:orgSlug/brackets/:id',
      {
        config: { access: 'org' },
        schema: {
          operationId: 'getAdminBracket',
          tags: TAGS,
          summary: 'A bracket of any status, with its entrants and matches (their ids)',
          params: BracketIdParams,
          response: {
            200: json(AdminBracket, 'The bracket.', ADMIN_BRACKET_EXAMPLE),
            ...ADMIN_FAILURES,
          },
        },
      },
      async (request) =>
        presentAdminBracket(await getOrgBracket(db, request.params.orgSlug, request.params.id)),
    );

    app.post(
      '/orgs/:orgSlug/brackets/:id/publish',
      {
        config: { access: 'org' },
        schema: {
          operationId: 'publishBracket',
          tags: TAGS,
          summary: 'Draw the bracket and make it public',
          description:
            'Round one by standard seeding (1 v N, 2 v N−1, …, seeds 1 and 2 only meeting in the final); when the field is not a power of two the top seeds get byes, which advance at once. 409 when already published.',
          params: BracketIdParams,
          response: {
            200: json(AdminBracket, 'The published bracket.', ADMIN_BRACKET_EXAMPLE),
            ...ADMIN_FAILURES,
          },
        },
      },
      async (request) =>
        presentAdminBracket(await publishBracket(db, request.params.orgSlug, request.params.id)),
    );

    app.put(
      '/orgs/:orgSlug/brackets/:id/matches/:matchId/result',
      {
        config: { access: 'org' },
        schema: {
          operationId: 'setMatchResult',
          tags: TAGS,
          summary: 'Enter or replace a match’s result; the winner advances at once',
          description:
            'A `holes` win has `up` one or two more than `toPlay` (`toPlay` 0: it went the distance, `1 up` or `2 up`) and `up` at most the holes played; an `extra-holes` win has `holesPlayed` over the match’s holes; `conceded` has neither. 409 while a side is not known yet, for a bye, or once the next match has a result.',
          params: MatchParams,
          body: MatchResultBody,
          response: {
            200: json(AdminBracket, 'The bracket with the result.', ADMIN_BRACKET_EXAMPLE),
            ...ADMIN_FAILURES,
          },
        },
      },
      async (request) =>
        presentAdminBracket(await setResult(db, { ...request.params, result: request.body })),
    );

    app.delete(
      '/orgs/:orgSlug/brackets/:id/matches/:matchId/result',
      {
        config: { access: 'org' },
        schema: {
          operationId: 'removeMatchResult',
          tags: TAGS,
          summary: 'Remove a match’s result (only while the next match has none)',
          params: MatchParams,
          response: { ...NO_CONTENT, ...ADMIN_FAILURES },
        },
      },
      async (request, reply) => {
        await removeResult(db, request.params);
        return reply.code(204).send(null);
      },
    );
  };
}
