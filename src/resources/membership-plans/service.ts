import type { Updateable } from 'kysely';
import type { Executor } from '../../db/executor.js';
import type { MembershipPlan, MembershipPlansTable, Org } from '../../db/schema.js';
import { conflictOnDuplicate } from '../../db/unique-violation.js';
import { SUPPORTED_DAYS, isSupportedDay, localDate } from '../../domain/dates.js';
import { ConflictError, NotFoundError, ValidationError } from '../../domain/errors.js';
import { adminInstant } from '../../domain/local-times.js';
import { isCurrencyCode, planNotOnSaleReason } from '../../domain/memberships.js';
import { requireOrg } from '../orgs/service.js';
import { writeTransaction } from '../transaction.js';
import { findUser } from '../users/service.js';
import type { CreatePlanBody, PatchPlanBody } from './schema.js';
import {
  countSold,
  findPlan,
  findPlanBySlug,
  insertPlan,
  insertPurchase,
  listPlansPage,
  listShownPlans,
  lockPlan,
  updatePlan,
} from './store.js';

const DUPLICATE_SLUG = 'A membership plan with this slug exists in this organization.';
const DUPLICATE_PURCHASE = 'This golfer already holds this membership.';

/** A plan with what its org's rules need (the org's time zone for the sales window). */
export interface PlanOf {
  org: Org;
  plan: MembershipPlan;
}

/** A sales moment of a body: without an offset it is read on the org's clock (decisions §23). */
function instantColumn(org: Org, field: string, value: string | null | undefined) {
  if (value === undefined || value === null) return value;
  const at = adminInstant(field, value, org.timezone);
  if (!isSupportedDay(localDate(at, org.timezone))) {
    throw new ValidationError({ [field]: `must fall on a day ${SUPPORTED_DAYS}` });
  }
  return at;
}

/** The columns a body sets, checked: a known currency, a window that closes after it opens. */
function planColumns(
  org: Org,
  body: PatchPlanBody,
  current: MembershipPlan | undefined,
): Updateable<MembershipPlansTable> {
  if (body.currency !== undefined && !isCurrencyCode(body.currency)) {
    throw new ValidationError({ currency: 'must be an ISO 4217 currency code such as USD' });
  }
  const salesOpenAt = instantColumn(org, 'salesOpenAt', body.salesOpenAt);
  const salesCloseAt = instantColumn(org, 'salesCloseAt', body.salesCloseAt);
  const opens = salesOpenAt === undefined ? current?.sales_open_at : salesOpenAt;
  const closes = salesCloseAt === undefined ? current?.sales_close_at : salesCloseAt;
  if (opens != null && closes != null && closes <= opens) {
    throw new ValidationError({ salesCloseAt: 'must be after salesOpenAt' });
  }
  return {
    slug: body.slug,
    name: body.name,
    description: body.description,
    price_cents: body.priceCents,
    currency: body.currency,
    period: body.period,
    benefits: body.benefits === undefined ? undefined : JSON.stringify(body.benefits),
    status: body.status,
    sales_open_at: salesOpenAt,
    sales_close_at: salesCloseAt,
    capacity: body.capacity,
  };
}

export async function createPlan(
  db: Executor,
  orgSlug: string,
  body: CreatePlanBody,
): Promise<PlanOf> {
  const org = await requireOrg(db, orgSlug);
  const columns = planColumns(org, { currency: 'USD', benefits: [], ...body }, undefined);
  const plan = await writeTransaction(db, (trx) =>
    insertPlan(trx, {
      ...columns,
      org_id: org.id,
      slug: body.slug,
      name: body.name,
      price_cents: body.priceCents,
      currency: body.currency ?? 'USD',
      period: body.period,
      status: body.status,
    }),
  ).catch(conflictOnDuplicate(DUPLICATE_SLUG));
  return { org, plan };
}

export async function patchPlan(
  db: Executor,
  orgSlug: string,
  id: number,
  body: PatchPlanBody,
): Promise<PlanOf> {
  const org = await requireOrg(db, orgSlug);
  const plan = await writeTransaction(db, async (trx) => {
    const current = await lockPlan(trx, org.id, id);
    if (current === undefined) throw new NotFoundError();
    const set = planColumns(org, body, current);
    // Kysely leaves out the fields a body does not name; a body that names none changes nothing.
    if (Object.keys(body).length === 0) return current;
    return updatePlan(trx, org.id, id, set);
  }).catch(conflictOnDuplicate(DUPLICATE_SLUG));
  if (plan === undefined) throw new NotFoundError();
  return { org, plan };
}

export async function getAdminPlan(db: Executor, orgSlug: string, id: number): Promise<PlanOf> {
  const org = await requireOrg(db, orgSlug);
  const plan = await findPlan(db, org.id, id);
  if (plan === undefined) throw new NotFoundError();
  return { org, plan };
}

export async function listAdminPlans(
  db: Executor,
  orgSlug: string,
  page: { limit: number; offset: number },
): Promise<{ count: number; plans: MembershipPlan[]; timeZone: string }> {
  const org = await requireOrg(db, orgSlug);
  return { ...(await listPlansPage(db, org.id, page)), timeZone: org.timezone };
}

/** The org's shown plans (every status but draft), cheapest first. */
export async function listPublicPlans(db: Executor, orgSlug: string): Promise<MembershipPlan[]> {
  const org = await requireOrg(db, orgSlug);
  return listShownPlans(db, org.id);
}

/** A shown plan by slug; a draft is the same 404 as an unknown plan. */
export async function getPublicPlan(
  db: Executor,
  orgSlug: string,
  slug: string,
): Promise<MembershipPlan> {
  const org = await requireOrg(db, orgSlug);
  const plan = await findPlanBySlug(db, org.id, slug);
  if (plan === undefined || plan.status === 'draft') throw new NotFoundError();
  return plan;
}

/** What a plan's availability is computed from. */
export const planSales = (plan: MembershipPlan) => ({
  status: plan.status,
  salesOpenAt: plan.sales_open_at,
  salesCloseAt: plan.sales_close_at,
  capacity: plan.capacity,
  sold: plan.sold_count,
});

export interface StartPurchase {
  orgSlug: string;
  planId: number;
  now: Date;
  checkoutUrl: string;
}

/** Checks that the plan is on sale and returns the hosted checkout the golfer goes on to. */
export async function startPurchase(db: Executor, request: StartPurchase): Promise<string> {
  const org = await requireOrg(db, request.orgSlug);
  const plan = await findPlan(db, org.id, request.planId);
  if (plan === undefined || plan.status === 'draft') throw new NotFoundError();
  const reason = planNotOnSaleReason(planSales(plan), request.now);
  if (reason !== null) throw new ConflictError(reason);
  const url = new URL(request.checkoutUrl);
  url.searchParams.set('org', org.slug);
  url.searchParams.set('membershipPlan', String(plan.id));
  return url.toString();
}

export interface RecordedPurchase {
  id: number;
  plan: MembershipPlan;
  userId: number;
  createdAt: Date;
  /** The org's, whose clock the admin answer shows. */
  timeZone: string;
}

/**
 * Records a paid purchase as the hosted checkout reports it. The plan row is locked first,
 * so racing purchases take turns: the last place goes to exactly one of them, and a plan
 * never sells past its capacity.
 */
export async function recordPurchase(
  db: Executor,
  request: { orgSlug: string; planId: number; userId: number; now: Date },
): Promise<RecordedPurchase> {
  const org = await requireOrg(db, request.orgSlug);
  if ((await findUser(db, request.userId)) === undefined) {
    throw new ValidationError({ userId: 'must be an existing golfer' });
  }
  return writeTransaction(db, async (trx) => {
    const plan = await lockPlan(trx, org.id, request.planId);
    if (plan === undefined) throw new NotFoundError();
    const reason = planNotOnSaleReason(planSales(plan), request.now);
    if (reason !== null) throw new ConflictError(reason);
    const purchase = await insertPurchase(trx, plan.id, request.userId);
    const counted = await countSold(trx, plan.id);
    return {
      id: purchase.id,
      plan: counted,
      userId: purchase.user_id,
      createdAt: purchase.created_at,
      timeZone: org.timezone,
    };
  }).catch(conflictOnDuplicate(DUPLICATE_PURCHASE));
}
