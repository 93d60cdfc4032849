import Type, { type Static } from 'typebox';
import { Nullable } from '../../http/schemas/common.js';

export const SCORING_PATH = '/score';

export const ScoringSheet = Type.Object({
  eventId: Type.Integer(),
  title: Type.String(),
  pars: Nullable(Type.Array(Type.Integer(), { description: 'Null until the course is set.' })),
  strokeIndex: Nullable(
    Type.Array(Type.Integer(), {
      description: 'Each hole’s stroke index, 1 the hardest; null: holes in order.',
    }),
  ),
  golfers: Type.Array(
    Type.Object({
      userId: Type.Integer(),
      name: Type.String(),
      teamName: Nullable(Type.String()),
      holes: Nullable(
        Type.Array(Nullable(Type.Integer()), { description: 'The card; null without one.' }),
      ),
    }),
  ),
});
export type ScoringSheet = Static<typeof ScoringSheet>;
