import type { MembershipPeriod, MembershipPlanStatus } from '../db/schema.js';

export type PlanAvailability = 'available' | 'upcoming' | 'sold-out' | 'closed';

export interface PlanSales {
  status: MembershipPlanStatus;
  salesOpenAt: Date | null;
  salesCloseAt: Date | null;
  capacity: number | null;
  sold: number;
}

/**
 * Whether a plan can be bought at `now` (decisions §17): a closed plan, or one past its
 * sales window, is `closed`; one before its window is `upcoming`; one whose capacity the
 * recorded purchases fill is `sold-out`; else `available`. Drafts are never shown, and
 * read as closed here.
 */
export function planAvailability(plan: PlanSales, now: Date): PlanAvailability {
  if (plan.status !== 'available') return 'closed';
  if (plan.salesCloseAt !== null && now >= plan.salesCloseAt) return 'closed';
  if (plan.salesOpenAt !== null && now < plan.salesOpenAt) return 'upcoming';
  if (planRemaining(plan) === 0) return 'sold-out';
  return 'available';
}

/** Places left to sell, or null for a plan without capacity. */
export function planRemaining(plan: Pick<PlanSales, 'capacity' | 'sold'>): number | null {
  return plan.capacity === null ? null : Math.max(0, plan.capacity - plan.sold);
}

/** Why a plan cannot be bought now, in words for the 409, or null when it can. */
export function planNotOnSaleReason(plan: PlanSales, now: Date): string | null {
  switch (planAvailability(plan, now)) {
    case 'available':
      return null;
    case 'upcoming':
      return 'This membership plan is not on sale yet.';
    case 'sold-out':
      return 'This membership plan is sold out.';
    case 'closed':
      return 'This membership plan is not on sale.';
  }
}

/** Whether `code` is an ISO 4217 currency code the runtime can format. */
export function isCurrencyCode(code: string): boolean {
  if (!/^[A-Z]{3}$/.test(code)) return false;
  return Intl.supportedValuesOf('currency').includes(code);
}

/** A price in its currency, for people: `$120.00`, `€95.00`, `¥5,000`. */
export function formatPrice(cents: number, currency: string): string {
  const format = new Intl.NumberFormat('en-US', { style: 'currency', currency });
  const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
  return format.format(cents / 10 ** digits);
}

const PERIOD_WORDS: Readonly<Record<MembershipPeriod, string>> = {
  year: 'per year',
  season: 'per season',
  month: 'per month',
  'one-time': 'one-time',
};

/** How often a plan's price is paid: `per year`, `per season`, `per month`, `one-time`. */
export function periodWords(period: MembershipPeriod): string {
  return PERIOD_WORDS[period];
}

/**
 * A plan's availability for people: `On sale · 3 left` (`1 left`; no count without a
 * capacity), `Sold out`, `Not on sale`, or, before its window, `On sale from` and `opens`,
 * the opening already in words.
 */
export function availabilityWords(
  availability: PlanAvailability,
  remaining: number | null,
  opens: string | null,
): string {
  switch (availability) {
    case 'available':
      return remaining === null ? 'On sale' : `On sale · ${remaining} left`;
    case 'upcoming':
      return opens === null ? 'Not on sale yet' : `On sale from ${opens}`;
    case 'sold-out':
      return 'Sold out';
    case 'closed':
      return 'Not on sale';
  }
}
