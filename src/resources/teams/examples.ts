import type { TeamSummary } from './schema.js';

export const TEAM_EXAMPLE: TeamSummary = {
  id: 3,
  name: 'Bogey Free',
  memberNames: ['Dev Sarazen'],
  entrySize: 2,
  seatsFilled: 1,
  seatsRemaining: 1,
  complete: false,
};
