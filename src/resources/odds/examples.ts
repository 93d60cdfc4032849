import type { EventOdds } from './schema.js';

export const ODDS_EXAMPLE: EventOdds = {
  boards: [
    {
      name: 'Individual',
      scoring: 'stroke',
      phase: 'live',
      simulations: 10000,
      version: 6,
      rows: [
        {
          name: 'Ava Palmer',
          teamName: null,
          position: '1',
          toPar: -2,
          thru: 5,
          win: 0.6234,
          top3: 0.9412,
          odds: { decimal: 1.6, american: '-166' },
          basis: 'history',
        },
        {
          name: 'Ben Hogan',
          teamName: null,
          position: '2',
          toPar: 0,
          thru: 4,
          win: 0.3766,
          top3: 0.8821,
          odds: { decimal: 2.66, american: '+166' },
          basis: 'field',
        },
      ],
    },
  ],
};

/** One event of the live stream, as its wire format shows it. */
export const ODDS_STREAM_EXAMPLE =
  ': connected\n\nretry: 2000\n\nevent: odds\nid: 6\n' +
  `data: ${JSON.stringify(ODDS_EXAMPLE)}\n\n`;
