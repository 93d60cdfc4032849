import type { Static } from 'typebox';
import Type from 'typebox';
import { TeamSummary } from '../teams/schema.js';

export const InviteResolution = Type.Object(
  {
    eventSeries: Type.Object({
      id: Type.Integer(),
      slug: Type.String(),
      name: Type.String(),
      orgSlug: Type.String(),
      orgName: Type.String(),
    }),
    team: TeamSummary,
    inviter: Type.Object({ firstName: Type.String(), lastName: Type.String() }),
    email: Type.String(),
    feeCents: Type.Integer(),
    accepted: Type.Boolean(),
  },
  { additionalProperties: false },
);
export type InviteResolution = Static<typeof InviteResolution>;
