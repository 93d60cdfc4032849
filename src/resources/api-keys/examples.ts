import type { AdminApiKey, ApiKeyList, CreatedApiKey } from './schema.js';

const SCORER_KEY: AdminApiKey = {
  id: 7,
  name: 'Tuesday scorer, group 3',
  role: 'scorer',
  eventId: 12,
  hint: 'chk_Xq4T',
  expiresAt: '2027-04-07T00:00:00-05:00',
  createdAt: '2027-04-06T16:02:11-05:00',
};

export const CREATED_API_KEY_EXAMPLE: CreatedApiKey = {
  ...SCORER_KEY,
  key: 'chk_Xq4T9bV2mKp0sLr8YwNc3dEf6GhJ1aZu',
  scoringLink: '/score#org=demo-golf-club&event=12&key=chk_Xq4T9bV2mKp0sLr8YwNc3dEf6GhJ1aZu',
};

export const API_KEY_LIST_EXAMPLE: ApiKeyList = {
  count: 2,
  apiKeys: [
    {
      id: 3,
      name: 'Club organizer',
      role: 'organizer',
      eventId: null,
      hint: 'chk_b7Rm',
      expiresAt: null,
      createdAt: '2027-03-01T09:40:00-06:00',
    },
    SCORER_KEY,
  ],
};
