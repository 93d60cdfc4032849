import type { App, AppContext } from '../../http/context.js';
import { OrgParams } from '../../http/schemas/common.js';
import { BAD_QUERY, publicRead } from '../../http/schemas/responses.js';
import { PLAYER_EXAMPLE, PLAYER_LIST_EXAMPLE } from './examples.js';
import {
  DEFAULT_PLAYER_LIMIT,
  PlayerList,
  PlayerListQuery,
  PlayerProfile,
  PlayerSlugParams,
} from './schema.js';
import { getPlayer, listPlayers } from './service.js';

const TAGS = ['Players'];

/** Players' public profiles (decisions §19); a hidden profile is as unknown as none. */
export function playerRoutes(context: AppContext) {
  const db = context.database.db;
  return async function register(app: App): Promise<void> {
    app.get(
      '/orgs/:orgSlug/players',
      {
        schema: {
          operationId: 'listPlayers',
          tags: TAGS,
          summary: 'The org’s players, by name',
          description:
            'Golfers on a public league’s roster or in a public event’s field, with their ' +
            'unofficial league handicap; golfers who hid their profile are not listed.',
          params: OrgParams,
          querystring: PlayerListQuery,
          response: {
            ...publicRead(PlayerList, 'A page of players.', PLAYER_LIST_EXAMPLE),
            ...BAD_QUERY,
          },
        },
      },
      async (request) =>
        listPlayers(db, request.params.orgSlug, request.query.search, {
          limit: request.query.limit ?? DEFAULT_PLAYER_LIMIT,
          offset: request.query.offset ?? 0,
        }),
    );

    app.get(
      '/orgs/:orgSlug/players/:playerSlug',
      {
        schema: {
          operationId: 'getPlayer',
          tags: TAGS,
          summary: 'A player’s profile: leagues, handicap, recent results, standings',
          description:
            'The handicap is an unofficial league handicap, never a Handicap Index: of the ' +
            'newest 20 complete cards, the lowest differentials averaged as the World ' +
            'Handicap System’s table says, from 3 cards.',
          params: PlayerSlugParams,
          response: publicRead(PlayerProfile, 'The player.', PLAYER_EXAMPLE),
        },
      },
      async (request) => getPlayer(db, request.params.orgSlug, request.params.playerSlug),
    );
  };
}
