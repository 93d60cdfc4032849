import type { MembershipPlan } from '../../db/schema.js';
import { withZoneOffset, withZoneOffsetOrNull } from '../../domain/local-times.js';
import { planAvailability, planRemaining } from '../../domain/memberships.js';
import type { AdminPlan, PublicPlan, Purchase } from './schema.js';
import { planSales, type RecordedPurchase } from './service.js';

export function presentPublicPlan(plan: MembershipPlan, now: Date): PublicPlan {
  const sales = planSales(plan);
  return {
    id: plan.id,
    slug: plan.slug,
    name: plan.name,
    description: plan.description,
    priceCents: plan.price_cents,
    currency: plan.currency,
    period: plan.period,
    benefits: plan.benefits,
    availability: planAvailability(sales, now),
    remaining: planRemaining(sales),
    salesOpenAt: plan.sales_open_at?.toISOString() ?? null,
    salesCloseAt: plan.sales_close_at?.toISOString() ?? null,
  };
}

/** A plan as its organizers see it; its times on the org's clock (`timeZone`). */
export function presentAdminPlan(plan: MembershipPlan, now: Date, timeZone: string): AdminPlan {
  return {
    ...presentPublicPlan(plan, now),
    salesOpenAt: withZoneOffsetOrNull(plan.sales_open_at, timeZone),
    salesCloseAt: withZoneOffsetOrNull(plan.sales_close_at, timeZone),
    status: plan.status,
    capacity: plan.capacity,
    sold: plan.sold_count,
    createdAt: withZoneOffset(plan.created_at, timeZone),
  };
}

/** A recorded purchase; its time on the org's clock. */
export function presentPurchase(purchase: RecordedPurchase): Purchase {
  return {
    id: purchase.id,
    planId: purchase.plan.id,
    userId: purchase.userId,
    createdAt: withZoneOffset(purchase.createdAt, purchase.timeZone),
    remaining: planRemaining(planSales(purchase.plan)),
  };
}
