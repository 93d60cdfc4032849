import type {
  AdminPlan,
  AdminPlanList,
  PublicPlan,
  Purchase,
  StartPurchaseResponse,
} from './schema.js';

export const PLAN_EXAMPLE: PublicPlan = {
  id: 4,
  slug: 'full-membership',
  name: 'Full membership',
  description: 'Every league night and the club championship.',
  priceCents: 24000,
  currency: 'USD',
  period: 'season',
  benefits: ['League nights at member rates', 'Club championship entry'],
  availability: 'available',
  remaining: 12,
  salesOpenAt: '2027-02-01T06:00:00.000Z',
  salesCloseAt: null,
};

export const ADMIN_PLAN_EXAMPLE: AdminPlan = {
  ...PLAN_EXAMPLE,
  salesOpenAt: '2027-02-01T00:00:00-06:00',
  status: 'available',
  capacity: 150,
  sold: 138,
  createdAt: '2027-01-12T09:04:00-06:00',
};

export const ADMIN_PLAN_LIST_EXAMPLE: AdminPlanList = {
  count: 1,
  membershipPlans: [ADMIN_PLAN_EXAMPLE],
};

export const PURCHASE_EXAMPLE: Purchase = {
  id: 91,
  planId: 4,
  userId: 57,
  createdAt: '2027-03-02T12:22:41-06:00',
  remaining: 11,
};

export const START_PURCHASE_EXAMPLE: StartPurchaseResponse = {
  url: 'https://checkout.example.com/membership?org=demo-golf-club&membershipPlan=4',
};
