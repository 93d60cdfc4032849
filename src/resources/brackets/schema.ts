import type { Static } from 'typebox';
import Type from 'typebox';
import { Id, MAX_ID, Nullable, OrgParams, Slug, Text } from '../../http/schemas/common.js';
import { MAX_ENTRANTS, MIN_ENTRANTS } from '../../domain/brackets.js';

const { orgSlug: OrgSlug } = OrgParams.properties;
const BracketId = Type.Integer({ minimum: 1, maximum: MAX_ID, description: 'The bracket’s id.' });

export const BracketSlugParams = Type.Object({
  orgSlug: OrgSlug,
  bracketSlug: Type.String({
    ...Slug,
    description: 'The bracket’s slug, e.g. `club-championship`.',
  }),
});
export const BracketIdParams = Type.Object({ orgSlug: OrgSlug, id: BracketId });
export const MatchParams = Type.Object({
  orgSlug: OrgSlug,
  id: BracketId,
  matchId: Type.Integer({ minimum: 1, maximum: MAX_ID, description: 'The match’s id.' }),
});

export const BracketStatus = Type.Union([Type.Literal('in-progress'), Type.Literal('completed')], {
  description: '`completed` once the final has a winner.',
});

export const BracketSummary = Type.Object({
  slug: Type.String(),
  name: Type.String(),
  status: BracketStatus,
  holesPerMatch: Type.Integer(),
  champion: Nullable(Type.String({ description: 'The winner of the final, by name.' })),
});
export type BracketSummary = Static<typeof BracketSummary>;

export const BracketList = Type.Object(
  { brackets: Type.Array(BracketSummary) },
  { additionalProperties: false },
);
export type BracketList = Static<typeof BracketList>;

export const BracketSide = Nullable(
  Type.Object({
    seed: Type.Integer(),
    name: Type.String({ description: 'The golfer’s name, or the team’s.' }),
    teamName: Nullable(Type.String({ description: 'The team’s name; null for a golfer.' })),
  }),
);
export type BracketSide = Static<typeof BracketSide>;

export const BracketMatch = Type.Object({
  id: Type.Integer(),
  number: Type.Integer({ description: 'From 1, top to bottom within the round.' }),
  sides: Type.Array(BracketSide, {
    minItems: 2,
    maxItems: 2,
    description: 'Side 1, then side 2; null: not known yet, or no one (the other has a bye).',
  }),
  winner: Nullable(Type.Union([Type.Literal(1), Type.Literal(2)])),
  result: Nullable(
    Type.String({
      description: '`3&2`, `1 up`, `2 up`, `1 up (19 holes)`, `conceded` or `bye`; null unplayed.',
    }),
  ),
});
export type BracketMatch = Static<typeof BracketMatch>;

export const BracketRound = Type.Object({
  number: Type.Integer(),
  name: Type.String({ description: '`Final`, `Semifinals`, `Quarterfinals`, else `Round of N`.' }),
  matches: Type.Array(BracketMatch),
});
export type BracketRound = Static<typeof BracketRound>;

export const PublicBracket = Type.Object(
  {
    slug: Type.String(),
    name: Type.String(),
    status: BracketStatus,
    holesPerMatch: Type.Integer(),
    champion: Nullable(Type.String()),
    rounds: Type.Array(BracketRound),
  },
  { additionalProperties: false },
);
export type PublicBracket = Static<typeof PublicBracket>;

const GolferEntrant = Type.Object({ userId: Id }, { additionalProperties: false });
const TeamEntrant = Type.Object({ teamId: Id }, { additionalProperties: false });

export const CreateBracketBody = Type.Object(
  {
    slug: Slug,
    name: Text(200),
    holesPerMatch: Type.Union([Type.Literal(9), Type.Literal(18)]),
    entrants: Type.Array(Type.Union([GolferEntrant, TeamEntrant]), {
      minItems: MIN_ENTRANTS,
      maxItems: MAX_ENTRANTS,
      description: 'Golfers or teams of a team league, in seed order (the first is seed 1).',
    }),
  },
  { additionalProperties: false },
);
export type CreateBracketBody = Static<typeof CreateBracketBody>;

const HoleCount = (description: string) => Type.Integer({ minimum: 0, maximum: 99, description });

export const MatchResultBody = Type.Object(
  {
    winner: Type.Union([Type.Literal(1), Type.Literal(2)], { description: 'The winning side.' }),
    kind: Type.Union([
      Type.Literal('holes'),
      Type.Literal('extra-holes'),
      Type.Literal('conceded'),
    ]),
    up: Type.Optional(HoleCount('`holes`: holes up when the match ended.')),
    toPlay: Type.Optional(HoleCount('`holes`: holes left unplayed; 0 went the distance.')),
    holesPlayed: Type.Optional(HoleCount('`extra-holes`: holes played, more than the match’s.')),
  },
  { additionalProperties: false },
);
export type MatchResultBody = Static<typeof MatchResultBody>;

export const AdminBracketStatus = Type.Union([
  Type.Literal('draft'),
  Type.Literal('in-progress'),
  Type.Literal('completed'),
]);

export const AdminEntrant = Type.Object({
  seed: Type.Integer(),
  userId: Nullable(Type.Integer()),
  teamId: Nullable(Type.Integer()),
  name: Type.String(),
});

export const AdminBracket = Type.Object({
  id: Type.Integer(),
  slug: Type.String(),
  name: Type.String(),
  status: AdminBracketStatus,
  holesPerMatch: Type.Integer(),
  champion: Nullable(Type.String()),
  entrants: Type.Array(AdminEntrant),
  rounds: Type.Array(BracketRound, { description: 'Empty while a draft.' }),
});
export type AdminBracket = Static<typeof AdminBracket>;

export const AdminBracketSummary = Type.Object({
  id: Type.Integer(),
  slug: Type.String(),
  name: Type.String(),
  status: AdminBracketStatus,
  holesPerMatch: Type.Integer(),
  champion: Nullable(Type.String()),
});
export type AdminBracketSummary = Static<typeof AdminBracketSummary>;

export const AdminBracketList = Type.Object({
  count: Type.Integer({ description: 'Every bracket of the org, before paging.' }),
  brackets: Type.Array(AdminBracketSummary),
});
export type AdminBracketList = Static<typeof AdminBracketList>;

export const PageQuery = Type.Object({
  limit: Type.Optional(
    Type.Integer({ minimum: 1, maximum: 500, default: 50, description: 'Brackets per page.' }),
  ),
  offset: Type.Optional(
    Type.Integer({
      minimum: 0,
      maximum: 1_000_000,
      default: 0,
      description: 'Brackets to skip, newest first.',
    }),
  ),
});
