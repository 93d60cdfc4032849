import type { ScoringSheet } from './schema.js';

export const SCORING_SHEET_EXAMPLE: ScoringSheet = {
  eventId: 12,
  title: 'Tuesday Night, week 6',
  pars: [4, 4, 3, 5, 4, 4, 3, 5, 4],
  strokeIndex: [3, 5, 9, 1, 7, 4, 8, 2, 6],
  golfers: [
    {
      userId: 4,
      name: 'Ava Palmer',
      teamName: null,
      holes: [4, 3, 3, 5, null, null, null, null, null],
    },
    { userId: 9, name: 'Jonah Hogan', teamName: null, holes: null },
  ],
};
