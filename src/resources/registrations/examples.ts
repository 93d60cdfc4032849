import type { Registration, StartRegistrationResponse } from './schema.js';

export const START_REGISTRATION_EXAMPLE: StartRegistrationResponse = {
  url: 'https://pay.example.com/register?org=demo-golf-club&eventSeries=tuesday-night-league',
};
export const REGISTRATION_EXAMPLE: Registration = {
  entry: { id: 7, userId: 4, teamId: 3, feeCents: 24000, paidEntry: true },
  teamId: 3,
  invites: [{ email: 'elena.vardon@example.com', token: null }],
};
