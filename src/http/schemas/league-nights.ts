import Type from 'typebox';
import {
  HOLE_COUNTS,
  MAX_HOLES,
  MAX_PAR,
  MAX_STROKES,
  MIN_PAR,
  MIN_STROKES,
} from '../../domain/course.js';
import { BOARD_KINDS } from '../../domain/leaderboards.js';
import {
  MAX_GROUP_SIZE,
  MAX_INTERVAL_MINUTES,
  TEE_SHEET_FORMATS,
} from '../../domain/tee-sheets.js';
import { Id } from './common.js';

const Nullable = <T extends Type.TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

/** A tee time: the org's wall clock on the event's day, or an instant with an offset. */
const TeeTime = Type.String({
  minLength: 1,
  maxLength: 40,
  description: '`HH:MM` (the club’s wall clock on the event’s day) or an ISO 8601 date-time.',
});

const TeeSheetFormat = Type.Enum(TEE_SHEET_FORMATS);

/** Course fields of the admin event create and patch bodies. */
export const courseFields = {
  courseName: Type.Optional(Nullable(Type.String({ minLength: 1, maxLength: 200 }))),
  pars: Type.Optional(
    Nullable(
      Type.Array(Type.Integer({ minimum: MIN_PAR, maximum: MAX_PAR }), {
        minItems: Math.min(...HOLE_COUNTS),
        maxItems: MAX_HOLES,
        description: `The par of each hole: ${HOLE_COUNTS.join(' or ')} of them.`,
      }),
    ),
  ),
};

/** Course fields of the admin event answer. */
export const courseAnswerFields = {
  courseName: Nullable(Type.String()),
  pars: Nullable(Type.Array(Type.Integer())),
};

export const TeeSheetBody = Type.Object(
  {
    format: TeeSheetFormat,
    groups: Type.Array(
      Type.Object(
        {
          startTime: Type.Optional(Nullable(TeeTime)),
          startingHole: Type.Optional(Nullable(Type.Integer({ minimum: 1, maximum: MAX_HOLES }))),
          userIds: Type.Array(Id, { maxItems: MAX_GROUP_SIZE * 4 }),
        },
        { additionalProperties: false },
      ),
      { maxItems: 500 },
    ),
  },
  { additionalProperties: false },
);

export const GenerateTeeSheetBody = Type.Object(
  {
    format: TeeSheetFormat,
    firstStart: TeeTime,
    intervalMinutes: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_INTERVAL_MINUTES })),
    groupSize: Type.Integer({ minimum: 1, maximum: MAX_GROUP_SIZE }),
  },
  { additionalProperties: false },
);

export const AdminTeeSheet = Type.Object({
  format: TeeSheetFormat,
  groups: Type.Array(
    Type.Object({
      startTime: Nullable(Type.String()),
      startingHole: Nullable(Type.Integer()),
      userIds: Type.Array(Type.Integer()),
    }),
  ),
});

export const ScoreCardBody = Type.Object(
  {
    holes: Type.Array(Nullable(Type.Integer({ minimum: MIN_STROKES, maximum: MAX_STROKES })), {
      maxItems: MAX_HOLES,
      description: 'Strokes per hole of the course; null for a hole not played yet.',
    }),
  },
  { additionalProperties: false },
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
    points: Type.Array(Type.Number({ minimum: -1_000_000, maximum: 1_000_000 }), {
      minItems: 1,
      maxItems: 2000,
      description: 'Points of places 1, 2, 3…; places past the end score 0.',
    }),
  },
  { additionalProperties: false },
);

export const PublicTeeSheet = Type.Object(
  {
    format: Nullable(TeeSheetFormat),
    groups: Type.Array(
      Type.Object(
        {
          startTime: Nullable(Type.String({ format: 'date-time' })),
          startingHole: Nullable(Type.Integer()),
          players: Type.Array(
            Type.Object(
              { name: Type.String(), teamName: Nullable(Type.String()) },
              { additionalProperties: false },
            ),
          ),
        },
        { additionalProperties: false },
      ),
    ),
  },
  {
    additionalProperties: false,
    description: 'Names only; an event without a tee sheet has `format` null and no groups.',
  },
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
    holes: Type.Array(Nullable(Type.Integer()), { description: 'The card; null: not played.' }),
  },
  { additionalProperties: false },
);

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
          scoring: Type.Union([Type.Literal('stroke'), Type.Literal('best-ball')]),
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
