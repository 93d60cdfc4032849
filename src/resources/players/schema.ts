import type { Static } from 'typebox';
import Type from 'typebox';
import { Nullable, OrgParams, Slug } from '../../http/schemas/common.js';

const { orgSlug: OrgSlug } = OrgParams.properties;

/** Most players one page lists. */
export const MAX_PLAYER_LIMIT = 100;
export const DEFAULT_PLAYER_LIMIT = 50;

export const PlayerSlugParams = Type.Object({
  orgSlug: OrgSlug,
  playerSlug: Type.String({ ...Slug, description: 'The player’s slug, e.g. `sam-snead`.' }),
});

export const PlayerListQuery = Type.Object({
  limit: Type.Optional(
    Type.Integer({
      minimum: 1,
      maximum: MAX_PLAYER_LIMIT,
      default: DEFAULT_PLAYER_LIMIT,
      description: 'Players per page.',
    }),
  ),
  offset: Type.Optional(
    Type.Integer({
      minimum: 0,
      maximum: 1000000,
      default: 0,
      description: 'Matching players to skip before the page.',
    }),
  ),
  search: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 100,
      description:
        'Only players each of whose words starts a word of the name, in any case and ' +
        'with or without accents (`jose` finds José).',
    }),
  ),
});

const HandicapValue = Type.Number({
  description: 'The unofficial league handicap, one decimal; never a Handicap Index.',
});

export const PlayerItem = Type.Object(
  {
    slug: Type.String(),
    name: Type.String(),
    handicap: Nullable(HandicapValue),
  },
  { additionalProperties: false },
);

export const PlayerList = Type.Object(
  {
    count: Type.Integer({ description: 'Matching players before paging.' }),
    players: Type.Array(PlayerItem),
  },
  { additionalProperties: false },
);
export type PlayerList = Static<typeof PlayerList>;

export const PlayerHandicap = Type.Object(
  {
    value: HandicapValue,
    rounds: Type.Integer({ description: 'Complete cards it was worked out from (3–20).' }),
    provisional: Type.Boolean({ description: 'True while fewer than 20 cards count.' }),
  },
  { additionalProperties: false, description: 'Null below 3 complete cards.' },
);

export const PlayerResult = Type.Object(
  {
    event: Type.Object(
      {
        slug: Type.String(),
        title: Type.String(),
        startDate: Type.String({ format: 'date-time' }),
      },
      { additionalProperties: false },
    ),
    position: Type.String({
      description: 'Place among the event’s complete cards by strokes; `T` before it when tied.',
    }),
    holes: Type.Integer({ description: 'Holes on the card (9 or 18).' }),
    strokes: Type.Integer(),
    toPar: Type.Integer({ description: 'Strokes over the card’s par; negative under it.' }),
  },
  { additionalProperties: false },
);

export const PlayerProfile = Type.Object(
  {
    slug: Type.String(),
    name: Type.String(),
    leagues: Type.Array(
      Type.Object(
        {
          slug: Type.String(),
          name: Type.String(),
          teamName: Nullable(Type.String({ description: 'The golfer’s team; null alone.' })),
        },
        { additionalProperties: false },
      ),
      { description: 'Public leagues the golfer is active on, by name.' },
    ),
    handicap: Nullable(PlayerHandicap),
    recentResults: Type.Array(PlayerResult, {
      description: 'The newest 20 complete cards of public events, newest first.',
    }),
    standings: Type.Array(
      Type.Object(
        {
          seriesId: Type.Integer(),
          seriesName: Type.String(),
          rank: Type.Integer(),
          points: Type.Number(),
        },
        { additionalProperties: false },
      ),
      {
        description:
          'The golfer’s place in each standings series: the whole series, or for a ' +
          'season series the latest season the golfer has points in.',
      },
    ),
  },
  { additionalProperties: false },
);
export type PlayerProfile = Static<typeof PlayerProfile>;
