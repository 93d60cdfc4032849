import Type, { type Static } from 'typebox';
import { MAX_HOLES } from '../../domain/course.js';
import { Nullable } from '../../http/schemas/common.js';
import { BoardScoring } from '../leaderboards/schema.js';

const Probability = (description: string) => Type.Number({ minimum: 0, maximum: 1, description });

export const OddsRow = Type.Object(
  {
    name: Type.String(),
    teamName: Nullable(Type.String()),
    position: Nullable(Type.String({ description: 'As on the leaderboard; null before a hole.' })),
    toPar: Type.Integer(),
    thru: Type.Integer({ minimum: 0, maximum: MAX_HOLES, description: 'Holes played.' }),
    win: Probability('The chance to win the board, 4 decimals; a board’s chances sum to 1.'),
    top3: Probability('The chance that fewer than three competitors finish strictly ahead.'),
    odds: Type.Object(
      {
        decimal: Nullable(
          Type.Number({ description: 'Fair decimal odds: 1/win, 2 decimals; null when win is 0.' }),
        ),
        american: Nullable(
          Type.String({
            pattern: '^[+-][0-9]+$',
            description: 'Fair American odds (`+250`, `-150`); null when win is 0 or 1.',
          }),
        ),
      },
      { additionalProperties: false },
    ),
    basis: Type.Union([Type.Literal('history'), Type.Literal('field')], {
      description: '`history` when the competitor’s own past holes weigh in, else `field`.',
    }),
  },
  { additionalProperties: false },
);
export type OddsRow = Static<typeof OddsRow>;

export const OddsBoard = Type.Object(
  {
    name: Type.String(),
    scoring: BoardScoring,
    phase: Type.Union([Type.Literal('pre'), Type.Literal('live'), Type.Literal('final')], {
      description:
        '`pre`: no hole played on the board; `final`: the event is completed or every card is complete.',
    }),
    simulations: Type.Integer({
      minimum: 0,
      description: 'Simulated nights behind the chances; 0 on a `final` board (exact).',
    }),
    version: Type.Integer({
      minimum: 0,
      description: 'The leaderboard version the odds were computed from.',
    }),
    rows: Type.Array(OddsRow, { description: 'By win chance, then leaderboard order.' }),
  },
  { additionalProperties: false },
);
export type OddsBoard = Static<typeof OddsBoard>;

export const EventOdds = Type.Object(
  {
    boards: Type.Array(OddsBoard, {
      description: 'The boards of the event’s `/leaderboard`, in its order.',
    }),
  },
  { additionalProperties: false },
);
export type EventOdds = Static<typeof EventOdds>;
