import type { AdminOrg } from './schema.js';

export const ADMIN_ORG_EXAMPLE: AdminOrg = {
  id: 1,
  slug: 'demo-golf-club',
  name: 'Demo Golf Club',
  timezone: 'America/Chicago',
  oddsEnabled: true,
};
