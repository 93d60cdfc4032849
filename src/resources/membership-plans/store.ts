import type { Insertable, Updateable } from 'kysely';
import type { Executor } from '../../db/executor.js';
import { readPage } from '../../db/paging.js';
import type { MembershipPlan, MembershipPlansTable } from '../../db/schema.js';

export async function insertPlan(
  db: Executor,
  plan: Insertable<MembershipPlansTable>,
): Promise<MembershipPlan> {
  return db.insertInto('membership_plans').values(plan).returningAll().executeTakeFirstOrThrow();
}

export async function updatePlan(
  db: Executor,
  orgId: number,
  id: number,
  set: Updateable<MembershipPlansTable>,
): Promise<MembershipPlan | undefined> {
  return db
    .updateTable('membership_plans')
    .set(set)
    .where('org_id', '=', orgId)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

export async function findPlan(
  db: Executor,
  orgId: number,
  id: number,
): Promise<MembershipPlan | undefined> {
  return db
    .selectFrom('membership_plans')
    .selectAll()
    .where('org_id', '=', orgId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function findPlanBySlug(
  db: Executor,
  orgId: number,
  slug: string,
): Promise<MembershipPlan | undefined> {
  return db
    .selectFrom('membership_plans')
    .selectAll()
    .where('org_id', '=', orgId)
    .where('slug', '=', slug)
    .executeTakeFirst();
}

/** The plan, locked until the transaction ends: purchases of it take turns. */
export async function lockPlan(
  trx: Executor,
  orgId: number,
  id: number,
): Promise<MembershipPlan | undefined> {
  return trx
    .selectFrom('membership_plans')
    .selectAll()
    .where('org_id', '=', orgId)
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

/** Non-draft plans, cheapest first. */
export async function listShownPlans(db: Executor, orgId: number): Promise<MembershipPlan[]> {
  return db
    .selectFrom('membership_plans')
    .selectAll()
    .where('org_id', '=', orgId)
    .where('status', '<>', 'draft')
    .orderBy('price_cents')
    .orderBy('name')
    .orderBy('id')
    .execute();
}

export async function listPlansPage(
  db: Executor,
  orgId: number,
  page: { limit: number; offset: number },
): Promise<{ count: number; plans: MembershipPlan[] }> {
  const { count, rows } = await readPage(
    db.selectFrom('membership_plans').where('org_id', '=', orgId),
    (query) => query.selectAll().orderBy('id'),
    page,
  );
  return { count, plans: rows };
}

export async function insertPurchase(trx: Executor, planId: number, userId: number) {
  return trx
    .insertInto('membership_purchases')
    .values({ plan_id: planId, user_id: userId })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function countSold(trx: Executor, planId: number): Promise<MembershipPlan> {
  return trx
    .updateTable('membership_plans')
    .set((eb) => ({ sold_count: eb('sold_count', '+', 1) }))
    .where('id', '=', planId)
    .returningAll()
    .executeTakeFirstOrThrow();
}
