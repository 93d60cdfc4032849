import Type from 'typebox';
import { MAX_HOLES, MAX_STROKES, MIN_STROKES } from '../../domain/course.js';
import { BOARD_KINDS, SCORINGS } from '../../domain/leaderboards.js';
import { MAX_PLAYING_HANDICAP, MIN_PLAYING_HANDICAP } from '../../domain/net-scoring.js';
import { Id, Nullable } from '../../http/schemas/common.js';

export const ScoreCardBody = Type.Object(
  {
    holes: Type.Array(Nullable(Type.Integer({ minimum: MIN_STROKES, maximum: MAX_STROKES })), {
      maxItems: MAX_HOLES,
      description: 'Strokes per hole of the course; null for a hole not played yet.',
    }),
  },
  { additionalProperties: false },
);
/** How a patched hole's strokes are worded when they break the rule. */
const STROKES_RULE = `must be a whole number of strokes from ${MIN_STROKES} to ${MAX_STROKES}, or null to clear the hole`;
/** Strokes on one hole in a patch, or null to clear it. */
const PatchedStrokes = Nullable(
  Type.Integer({
    minimum: MIN_STROKES,
    maximum: MAX_STROKES,
    errorMessage: { type: STROKES_RULE, minimum: STROKES_RULE, maximum: STROKES_RULE },
  }),
);
export const PatchScoreCardBody = Type.Object(
  {
    holes: Type.Record(Type.String(), PatchedStrokes, {
      minProperties: 1,
      maxProperties: MAX_HOLES,
      errorMessage: {
        minProperties: 'must name at least one hole',
        maxProperties: `must name at most ${MAX_HOLES} holes`,
      },
      description:
        'Strokes on single holes, keyed by the hole’s number from 1 (`"4"`); null clears the ' +
        'hole. Holes not named keep their strokes.',
    }),
  },
  // Hole 4 set to 5 strokes, hole 5 cleared.
  { additionalProperties: false, examples: [{ holes: { '4': 5, '5': null } }] },
);
export const StoredScoreCard = Type.Object({
  userId: Type.Integer(),
  holes: Type.Array(Nullable(Type.Integer())),
  leaderboardVersion: Type.Integer(),
});
export const LeaderboardResultsBody = Type.Object(
  {
    seriesId: Id,
    seasonId: Type.Optional(Id),
    board: Type.Optional(Type.Enum(BOARD_KINDS)),
    points: Type.Array(Type.Number({ minimum: -1000000, maximum: 1000000 }), {
      minItems: 1,
      maxItems: 2000,
      description: 'Points of places 1, 2, 3…; places past the end score 0.',
    }),
  },
  { additionalProperties: false },
);
export const LeaderboardRow = Type.Object(
  {
    position: Nullable(Type.String({ description: '"1", "T2"…; null before the first hole.' })),
    rank: Nullable(Type.Integer()),
    tied: Type.Boolean(),
    name: Type.String(),
    teamName: Nullable(Type.String()),
    thru: Type.Integer({ minimum: 0, maximum: MAX_HOLES, description: 'Holes played.' }),
    total: Type.Integer({ description: 'Strokes so far.' }),
    toPar: Type.Integer({ description: 'Strokes minus the par of the holes played.' }),
    holes: Type.Array(Nullable(Type.Integer()), {
      description: 'The card; null: not played. On a net board, net strokes per hole.',
    }),
    handicap: Type.Optional(
      Type.Integer({
        description:
          'On the net board only: the playing handicap the golfer’s strokes are netted with.',
      }),
    ),
  },
  { additionalProperties: false },
);
/** How a board scores (decisions §12, §24). */
export const BoardScoring = Type.Enum(SCORINGS, {
  description:
    '`stroke`: strokes; `best-ball`: per hole the lowest of the team; `net`: strokes less ' +
    'the strokes the playing handicap gives; `best-net-ball`: per hole the lowest net of the team.',
});
export const Leaderboards = Type.Object(
  {
    version: Type.Integer({
      minimum: 0,
      description:
        'Moves on every change of the boards; the `id` of the live stream’s events (0 before the first).',
    }),
    leaderboards: Type.Array(
      Type.Object(
        {
          name: Type.String(),
          scoring: BoardScoring,
          par: Nullable(Type.Integer()),
          rows: Type.Array(LeaderboardRow),
        },
        { additionalProperties: false },
      ),
    ),
  },
  { additionalProperties: false },
);
/** What a reconnecting EventSource sends: the `id` of the last event it received. */

export const LastEventIdHeader = Type.Object({
  'last-event-id': Type.Optional(
    Type.String({ description: 'The version the client has already received.' }),
  ),
});

/** A golfer's user id as an object key. */
const USER_ID_KEY = '^[1-9][0-9]{0,9}$';

export const PlayingHandicapsBody = Type.Record(
  Type.String({ pattern: USER_ID_KEY }),
  Type.Integer({ minimum: MIN_PLAYING_HANDICAP, maximum: MAX_PLAYING_HANDICAP }),
  {
    additionalProperties: false,
    maxProperties: 2000,
    errorMessage: { additionalProperties: 'is not a golfer’s user id' },
    description:
      'Each golfer’s playing handicap by user id, in strokes from ' +
      `${MIN_PLAYING_HANDICAP} to ${MAX_PLAYING_HANDICAP}; a golfer left out plays off ` +
      'their league handicap scaled to the card, or 0 without one. Replaces what was set.',
  },
);
export const StoredPlayingHandicaps = Type.Object({
  handicaps: Type.Record(Type.String({ pattern: USER_ID_KEY }), Type.Integer()),
  leaderboardVersion: Type.Integer(),
});
export const PlayingHandicapsAnswer = Type.Object({
  handicaps: Type.Record(Type.String({ pattern: USER_ID_KEY }), Type.Integer()),
});
