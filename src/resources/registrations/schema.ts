import Type, { type Static } from 'typebox';
import { Email, Id, Nullable, Text } from '../../http/schemas/common.js';

export const RegistrationBody = Type.Object(
  {
    userId: Id,
    teamId: Type.Optional(Id),
    teamName: Type.Optional(Text(100)),
    partnerEmails: Type.Optional(Type.Array(Email, { maxItems: 7 })),
  },
  { additionalProperties: false },
);
export const Registration = Type.Object({
  entry: Type.Object({
    id: Type.Integer(),
    userId: Type.Integer(),
    teamId: Nullable(Type.Integer()),
    feeCents: Type.Integer(),
    paidEntry: Type.Boolean(),
  }),
  teamId: Nullable(Type.Integer()),
  invites: Type.Array(Type.Object({ email: Type.String(), token: Nullable(Type.String()) })),
});
export type Registration = Static<typeof Registration>;
export const StartRegistrationQuery = Type.Object({
  eventSeriesTeam: Type.Optional(
    Type.Integer({
      minimum: 1,
      description:
        'A team of the league to join (a partner following an invite); passed on to the ' +
        'hosted page. Absent: the golfer starts a new entry.',
    }),
  ),
});
export const StartRegistrationResponse = Type.Object(
  { url: Type.String({ description: 'Hosted registration page to send the golfer to.' }) },
  { additionalProperties: false },
);
export type StartRegistrationResponse = Static<typeof StartRegistrationResponse>;
