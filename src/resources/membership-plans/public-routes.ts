import type { App, AppContext } from '../../http/context.js';
import { OrgParams } from '../../http/schemas/common.js';
import { plainText, publicAction, publicRead } from '../../http/schemas/responses.js';
import { PLAN_EXAMPLE, START_PURCHASE_EXAMPLE } from './examples.js';
import { presentPublicPlan } from './presenter.js';
import {
  PlanIdParams,
  PlanSlugParams,
  PublicPlan,
  PublicPlanList,
  StartPurchaseResponse,
} from './schema.js';
import { getPublicPlan, listPublicPlans, startPurchase } from './service.js';

const TAGS = ['Membership plans'];

/** Membership plans and the start of a purchase (decisions §17). */
export function membershipPlanRoutes(context: AppContext) {
  const { config, now } = context;
  const db = context.database.db;
  return async function register(app: App): Promise<void> {
    app.get(
      '/orgs/:orgSlug/membership-plans',
      {
        schema: {
          operationId: 'listMembershipPlans',
          tags: TAGS,
          summary: 'List an organization’s membership plans',
          description: 'Every plan but drafts, cheapest first, with its availability now.',
          params: OrgParams,
          response: publicRead(PublicPlanList, 'The organization’s membership plans.', [
            PLAN_EXAMPLE,
          ]),
        },
      },
      async (request) => {
        const at = now();
        return (await listPublicPlans(db, request.params.orgSlug)).map((plan) =>
          presentPublicPlan(plan, at),
        );
      },
    );

    app.get(
      '/orgs/:orgSlug/membership-plans/:slug',
      {
        schema: {
          operationId: 'getMembershipPlan',
          tags: TAGS,
          summary: 'Get a membership plan',
          description: 'A draft plan is a 404, like an unknown one.',
          params: PlanSlugParams,
          response: publicRead(PublicPlan, 'The plan.', PLAN_EXAMPLE),
        },
      },
      async (request) =>
        presentPublicPlan(
          await getPublicPlan(db, request.params.orgSlug, request.params.slug),
          now(),
        ),
    );

    app.post(
      '/orgs/:orgSlug/membership-plans/:id/purchase/start',
      {
        schema: {
          operationId: 'startMembershipPurchase',
          tags: TAGS,
          summary: 'Start a purchase: returns the hosted checkout to send the golfer to',
          description: 'No request body is read. The answer is never cached (`no-store`).',
          params: PlanIdParams,
          response: {
            ...publicAction(
              StartPurchaseResponse,
              'Where to send the golfer to pay.',
              START_PURCHASE_EXAMPLE,
            ),
            409: plainText(
              'Conflict: the plan is not on sale (closed, not open yet, or sold out).',
              'This membership plan is sold out.',
            ),
          },
        },
      },
      async (request, reply) => {
        const url = await startPurchase(db, {
          orgSlug: request.params.orgSlug,
          planId: request.params.id,
          now: now(),
          checkoutUrl: config.checkoutUrl,
        });
        void reply.header('cache-control', 'no-store');
        return { url };
      },
    );
  };
}
