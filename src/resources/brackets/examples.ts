import type {
  AdminBracket,
  AdminBracketList,
  BracketList,
  BracketRound,
  PublicBracket,
} from './schema.js';

const ROUNDS: BracketRound[] = [
  {
    number: 1,
    name: 'Semifinals',
    matches: [
      {
        id: 1,
        number: 1,
        sides: [
          { seed: 1, name: 'Ava Palmer', teamName: null },
          { seed: 4, name: 'Dan Sarazen', teamName: null },
        ],
        winner: 1,
        result: '3&2',
      },
      {
        id: 2,
        number: 2,
        sides: [
          { seed: 2, name: 'Ben Hogan-Reyes', teamName: null },
          { seed: 3, name: 'Carla Nicklaus', teamName: null },
        ],
        winner: 2,
        result: '1 up (19 holes)',
      },
    ],
  },
  {
    number: 2,
    name: 'Final',
    matches: [
      {
        id: 3,
        number: 1,
        sides: [
          { seed: 1, name: 'Ava Palmer', teamName: null },
          { seed: 3, name: 'Carla Nicklaus', teamName: null },
        ],
        winner: null,
        result: null,
      },
    ],
  },
];

export const BRACKET_EXAMPLE: PublicBracket = {
  slug: 'club-championship',
  name: 'Club Match Play Championship',
  status: 'in-progress',
  holesPerMatch: 18,
  champion: null,
  rounds: ROUNDS,
};

export const BRACKET_LIST_EXAMPLE: BracketList = {
  brackets: [
    {
      slug: 'club-championship',
      name: 'Club Match Play Championship',
      status: 'in-progress',
      holesPerMatch: 18,
      champion: null,
    },
  ],
};

export const ADMIN_BRACKET_EXAMPLE: AdminBracket = {
  id: 1,
  slug: 'club-championship',
  name: 'Club Match Play Championship',
  status: 'in-progress',
  holesPerMatch: 18,
  champion: null,
  entrants: [
    { seed: 1, userId: 11, teamId: null, name: 'Ava Palmer' },
    { seed: 2, userId: 12, teamId: null, name: 'Ben Hogan-Reyes' },
    { seed: 3, userId: 13, teamId: null, name: 'Carla Nicklaus' },
    { seed: 4, userId: 14, teamId: null, name: 'Dan Sarazen' },
  ],
  rounds: ROUNDS,
};

export const ADMIN_BRACKET_LIST_EXAMPLE: AdminBracketList = {
  count: 1,
  brackets: [
    {
      id: 1,
      slug: 'club-championship',
      name: 'Club Match Play Championship',
      status: 'in-progress',
      holesPerMatch: 18,
      champion: null,
    },
  ],
};
