import type { Static } from 'typebox';
import type {
  Leaderboards,
  PlayingHandicapsAnswer,
  StoredPlayingHandicaps,
  StoredScoreCard,
} from './schema.js';

export const LEADERBOARDS_EXAMPLE: Static<typeof Leaderboards> = {
  version: 6,
  leaderboards: [
    {
      name: 'Individual',
      scoring: 'stroke',
      par: 36,
      rows: [
        {
          position: 'T1',
          rank: 1,
          tied: true,
          name: 'Ava Palmer',
          teamName: null,
          thru: 4,
          total: 15,
          toPar: -1,
          holes: [4, 3, 3, 5, null, null, null, null, null],
        },
      ],
    },
    {
      name: 'Net',
      scoring: 'net',
      par: 36,
      rows: [
        {
          position: '1',
          rank: 1,
          tied: false,
          name: 'Ava Palmer',
          teamName: null,
          thru: 4,
          total: 14,
          toPar: -2,
          holes: [4, 2, 3, 5, null, null, null, null, null],
          handicap: 5,
        },
      ],
    },
  ],
};
/** One event of the live stream, as its wire format shows it. */

export const LEADERBOARD_STREAM_EXAMPLE =
  ': connected\n\nretry: 2000\n\nevent: leaderboard\nid: 6\n' +
  `data: ${JSON.stringify(LEADERBOARDS_EXAMPLE)}\n\n`;
export const SCORE_CARD_EXAMPLE: Static<typeof StoredScoreCard> = {
  userId: 1,
  holes: [4, 3, 3, 5, null, null, null, null, null],
  leaderboardVersion: 7,
};
/** The card after `{ "holes": { "4": 5, "5": null } }` (the patch's documented example). */
export const PATCHED_SCORE_CARD_EXAMPLE: Static<typeof StoredScoreCard> = {
  userId: 1,
  holes: [4, 3, 3, 5, null, null, null, null, null],
  leaderboardVersion: 8,
};
export const PLAYING_HANDICAPS_EXAMPLE: Static<typeof PlayingHandicapsAnswer> = {
  handicaps: { '1': 5, '2': -1 },
};
export const STORED_PLAYING_HANDICAPS_EXAMPLE: Static<typeof StoredPlayingHandicaps> = {
  ...PLAYING_HANDICAPS_EXAMPLE,
  leaderboardVersion: 8,
};
