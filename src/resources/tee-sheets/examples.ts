import type { AdminTeeSheet, PublicTeeSheet } from './schema.js';

export const TEE_SHEET_EXAMPLE: PublicTeeSheet = {
  format: 'shotgun',
  groups: [
    {
      startTime: '2026-06-16T22:30:00.000Z',
      startingHole: 1,
      players: [
        { name: 'Ava Palmer', teamName: null },
        { name: 'Ben Hogan-Reyes', teamName: null },
      ],
    },
  ],
};
export const ADMIN_TEE_SHEET_EXAMPLE: AdminTeeSheet = {
  format: 'shotgun',
  groups: [{ startTime: '2026-06-16T17:30:00-05:00', startingHole: 1, userIds: [1, 2] }],
};
