import type { PlayerList, PlayerProfile } from './schema.js';

export const PLAYER_LIST_EXAMPLE: PlayerList = {
  count: 2,
  players: [
    { slug: 'jose-nunez', name: 'José Núñez', handicap: 4 },
    { slug: 'sam-snead', name: 'Sam Snead', handicap: null },
  ],
};

export const PLAYER_EXAMPLE: PlayerProfile = {
  slug: 'jose-nunez',
  name: 'José Núñez',
  leagues: [{ slug: 'tuesday-night-league', name: 'Tuesday Night League', teamName: 'Eagles' }],
  handicap: { value: 4, rounds: 3, provisional: true },
  recentResults: [
    {
      event: {
        slug: 'tuesday-night-3',
        title: 'Tuesday Night 3',
        startDate: '2027-04-20T22:30:00.000Z',
      },
      position: 'T2',
      holes: 9,
      strokes: 41,
      toPar: 5,
    },
    {
      event: {
        slug: 'tuesday-night-2',
        title: 'Tuesday Night 2',
        startDate: '2027-04-13T22:30:00.000Z',
      },
      position: '5',
      holes: 9,
      strokes: 44,
      toPar: 8,
    },
    {
      event: {
        slug: 'tuesday-night-1',
        title: 'Tuesday Night 1',
        startDate: '2027-04-06T22:30:00.000Z',
      },
      position: '1',
      holes: 9,
      strokes: 39,
      toPar: 3,
    },
  ],
  standings: [{ seriesId: 1, seriesName: 'Tuesday Night League', rank: 3, points: 40 }],
};
