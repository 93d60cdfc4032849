import type { Static } from 'typebox';
import Type from 'typebox';

export const TeamSummary = Type.Object(
  {
    id: Type.Integer(),
    name: Type.String(),
    memberNames: Type.Array(Type.String()),
    entrySize: Type.Integer(),
    seatsFilled: Type.Integer(),
    seatsRemaining: Type.Integer(),
    complete: Type.Boolean(),
  },
  { additionalProperties: false },
);
export type TeamSummary = Static<typeof TeamSummary>;
