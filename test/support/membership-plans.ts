import assert from 'node:assert/strict';
import type { Org } from '../../src/db/schema.js';
import type { AdminPlan } from '../../src/resources/membership-plans/schema.js';
import { ADMIN, PUBLIC, unique, type Harness } from './harness.js';

export const plansPath = (org: Pick<Org, 'slug'>) => `${ADMIN}/orgs/${org.slug}/membership-plans`;
export const publicPlansPath = (org: Pick<Org, 'slug'>) =>
  `${PUBLIC}/orgs/${org.slug}/membership-plans`;

/** A plan created through the admin API, on sale unless `overrides` say otherwise. */
export async function newPlan(
  h: Harness,
  org: Org,
  overrides: Record<string, unknown> = {},
): Promise<AdminPlan> {
  const response = await h.admin('POST', plansPath(org), {
    slug: unique('plan'),
    name: 'Full membership',
    priceCents: 24000,
    period: 'season',
    status: 'available',
    ...overrides,
  });
  assert.equal(response.statusCode, 201, response.body);
  return response.json<AdminPlan>();
}

export function purchase(h: Harness, org: Org, planId: number, userId: number) {
  return h.admin('POST', `${plansPath(org)}/${planId}/purchases`, { userId });
}
