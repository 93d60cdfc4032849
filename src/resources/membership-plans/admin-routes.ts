import type { App, AppContext } from '../../http/context.js';
import { OrgParams } from '../../http/schemas/common.js';
import { ADMIN_FAILURES, json } from '../../http/schemas/responses.js';
import { ADMIN_PLAN_EXAMPLE, ADMIN_PLAN_LIST_EXAMPLE, PURCHASE_EXAMPLE } from './examples.js';
import { presentAdminPlan, presentPurchase } from './presenter.js';
import {
  AdminPlan,
  AdminPlanList,
  AdminPlanListQuery,
  CreatePlanBody,
  PatchPlanBody,
  PlanIdParams,
  Purchase,
  PurchaseBody,
} from './schema.js';
import { createPlan, getAdminPlan, listAdminPlans, patchPlan, recordPurchase } from './service.js';

const TAGS = ['Membership plans'];

/** Plans as organizers set them, and purchases as the hosted checkout reports them. */
export function adminMembershipPlanRoutes(context: AppContext) {
  const db = context.database.db;
  const { now } = context;
  return async function register(app: App): Promise<void> {
    app.post(
      '/orgs/:orgSlug/membership-plans',
      {
        config: { access: 'org' },
        schema: {
          operationId: 'createMembershipPlan',
          tags: TAGS,
          summary: 'Create a membership plan',
          params: OrgParams,
          body: CreatePlanBody,
          response: {
            201: json(AdminPlan, 'The plan as stored.', ADMIN_PLAN_EXAMPLE),
            ...ADMIN_FAILURES,
          },
        },
      },
      async (request, reply) => {
        const { org, plan } = await createPlan(db, request.params.orgSlug, request.body);
        return reply.code(201).send(presentAdminPlan(plan, now(), org.timezone));
      },
    );

    app.get(
      '/orgs/:orgSlug/membership-plans',
      {
        config: { access: 'org' },
        schema: {
          operationId: 'listAdminMembershipPlans',
          tags: TAGS,
          summary: 'List the organization’s membership plans, drafts included',
          params: OrgParams,
          querystring: AdminPlanListQuery,
          response: {
            200: json(AdminPlanList, 'A page of plans, oldest first.', ADMIN_PLAN_LIST_EXAMPLE),
            ...ADMIN_FAILURES,
          },
        },
      },
      async (request) => {
        const { limit = 100, offset = 0 } = request.query;
        const page = await listAdminPlans(db, request.params.orgSlug, { limit, offset });
        const at = now();
        return {
          count: page.count,
          membershipPlans: page.plans.map((plan) => presentAdminPlan(plan, at, page.timeZone)),
        };
      },
    );

    app.get(
      '/orgs/:orgSlug/membership-plans/:id',
      {
        config: { access: 'org' },
        schema: {
          operationId: 'getAdminMembershipPlan',
          tags: TAGS,
          summary: 'Get a membership plan, whatever its status',
          params: PlanIdParams,
          response: {
            200: json(AdminPlan, 'The plan as stored.', ADMIN_PLAN_EXAMPLE),
            ...ADMIN_FAILURES,
          },
        },
      },
      async (request) => {
        const { org, plan } = await getAdminPlan(db, request.params.orgSlug, request.params.id);
        return presentAdminPlan(plan, now(), org.timezone);
      },
    );

    app.patch(
      '/orgs/:orgSlug/membership-plans/:id',
      {
        config: { access: 'org' },
        schema: {
          operationId: 'updateMembershipPlan',
          tags: TAGS,
          summary: 'Change some fields of a membership plan',
          params: PlanIdParams,
          body: PatchPlanBody,
          response: {
            200: json(AdminPlan, 'The plan as stored.', ADMIN_PLAN_EXAMPLE),
            ...ADMIN_FAILURES,
          },
        },
      },
      async (request) => {
        const { orgSlug, id } = request.params;
        const { org, plan } = await patchPlan(db, orgSlug, id, request.body);
        return presentAdminPlan(plan, now(), org.timezone);
      },
    );

    app.post(
      '/orgs/:orgSlug/membership-plans/:id/purchases',
      {
        config: { access: 'org' },
        schema: {
          operationId: 'recordMembershipPurchase',
          tags: TAGS,
          summary: 'Record a paid purchase, as the hosted checkout reports it',
          description:
            '409 when the plan is not on sale (closed, outside its window, sold out) or the golfer already holds it.',
          params: PlanIdParams,
          body: PurchaseBody,
          response: {
            201: json(
              Purchase,
              'The purchase, and the places the plan has left.',
              PURCHASE_EXAMPLE,
            ),
            ...ADMIN_FAILURES,
          },
        },
      },
      async (request, reply) => {
        const purchase = await recordPurchase(db, {
          orgSlug: request.params.orgSlug,
          planId: request.params.id,
          userId: request.body.userId,
          now: now(),
        });
        return reply.code(201).send(presentPurchase(purchase));
      },
    );
  };
}
