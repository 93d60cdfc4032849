import { TEAM_EXAMPLE } from '../teams/examples.js';
import type { InviteResolution } from './schema.js';

export const INVITE_EXAMPLE: InviteResolution = {
  eventSeries: {
    id: 2,
    slug: 'thursday-scramble-pairs',
    name: 'Thursday Scramble Pairs',
    orgSlug: 'demo-golf-club',
    orgName: 'Demo Golf Club',
  },
  team: TEAM_EXAMPLE,
  inviter: { firstName: 'Dev', lastName: 'Sarazen' },
  email: 'elena.vardon@example.com',
  feeCents: 0,
  accepted: false,
};
