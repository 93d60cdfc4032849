import Type, { type Static } from 'typebox';
import {
  AdminDateTime,
  Id,
  MAX_ID,
  Nullable,
  OrgParams,
  Slug,
  Text,
  ZonedDateTime,
} from '../../http/schemas/common.js';

export const PLAN_STATUSES = ['draft', 'available', 'closed'] as const;
export const PLAN_PERIODS = ['year', 'season', 'month', 'one-time'] as const;
export const PLAN_AVAILABILITIES = ['available', 'upcoming', 'sold-out', 'closed'] as const;

const planFields = {
  slug: Slug,
  name: Text(100),
  description: Text(2000),
  priceCents: Type.Integer({
    minimum: 0,
    maximum: 100_000_000,
    description: 'The price in the currency’s minor unit (cents; yen have none).',
  }),
  currency: Type.String({
    pattern: '^[A-Z]{3}$',
    description: 'ISO 4217 code, e.g. `USD`, `EUR`, `GBP`.',
    errorMessage: { pattern: 'must be an ISO 4217 currency code such as USD' },
  }),
  period: Type.Enum(PLAN_PERIODS),
  benefits: Type.Array(Text(200), { maxItems: 20 }),
  status: Type.Enum(PLAN_STATUSES, {
    description:
      '`draft`: not shown; `available`: on sale within its window; `closed`: shown, not sold.',
  }),
  salesOpenAt: AdminDateTime('When sales open; absent: at once.'),
  salesCloseAt: AdminDateTime('When sales close; absent: never.'),
  capacity: Type.Integer({
    minimum: 0,
    maximum: 1_000_000,
    description: 'Purchases the plan takes at most; absent: no cap.',
  }),
};

export const CreatePlanBody = Type.Object(
  {
    slug: planFields.slug,
    name: planFields.name,
    description: Type.Optional(planFields.description),
    priceCents: planFields.priceCents,
    currency: Type.Optional(planFields.currency),
    period: planFields.period,
    benefits: Type.Optional(planFields.benefits),
    status: planFields.status,
    salesOpenAt: Type.Optional(planFields.salesOpenAt),
    salesCloseAt: Type.Optional(planFields.salesCloseAt),
    capacity: Type.Optional(planFields.capacity),
  },
  { additionalProperties: false },
);
export type CreatePlanBody = Static<typeof CreatePlanBody>;

/** Any subset; `null` clears an optional field. */
export const PatchPlanBody = Type.Object(
  {
    slug: Type.Optional(planFields.slug),
    name: Type.Optional(planFields.name),
    description: Type.Optional(Nullable(planFields.description)),
    priceCents: Type.Optional(planFields.priceCents),
    currency: Type.Optional(planFields.currency),
    period: Type.Optional(planFields.period),
    benefits: Type.Optional(planFields.benefits),
    status: Type.Optional(planFields.status),
    salesOpenAt: Type.Optional(Nullable(planFields.salesOpenAt)),
    salesCloseAt: Type.Optional(Nullable(planFields.salesCloseAt)),
    capacity: Type.Optional(Nullable(planFields.capacity)),
  },
  { additionalProperties: false },
);
export type PatchPlanBody = Static<typeof PatchPlanBody>;

export const PurchaseBody = Type.Object({ userId: Id }, { additionalProperties: false });

const PlanId = Type.Integer({ minimum: 1, maximum: MAX_ID, description: 'The plan’s id.' });
export const PlanIdParams = Type.Object({ orgSlug: OrgParams.properties.orgSlug, id: PlanId });
export const PlanSlugParams = Type.Object({
  orgSlug: OrgParams.properties.orgSlug,
  slug: Type.String({ ...Slug, description: 'The plan’s slug, e.g. `full-membership`.' }),
});

const publicPlanFields = {
  id: Type.Integer(),
  slug: Type.String(),
  name: Type.String(),
  description: Nullable(Type.String()),
  priceCents: Type.Integer({ description: 'The price in the currency’s minor unit.' }),
  currency: Type.String({ description: 'ISO 4217 code.' }),
  period: Type.Enum(PLAN_PERIODS),
  benefits: Type.Array(Type.String()),
  availability: Type.Enum(PLAN_AVAILABILITIES),
  remaining: Nullable(Type.Integer({ description: 'Places left; null without a capacity.' })),
  salesOpenAt: Nullable(Type.String({ format: 'date-time' })),
  salesCloseAt: Nullable(Type.String({ format: 'date-time' })),
};

export const PublicPlan = Type.Object(publicPlanFields, { additionalProperties: false });
export type PublicPlan = Static<typeof PublicPlan>;
export const PublicPlanList = Type.Array(PublicPlan);
export type PublicPlanList = Static<typeof PublicPlanList>;

export const AdminPlan = Type.Object({
  ...publicPlanFields,
  salesOpenAt: Nullable(ZonedDateTime),
  salesCloseAt: Nullable(ZonedDateTime),
  status: Type.Enum(PLAN_STATUSES),
  capacity: Nullable(Type.Integer()),
  sold: Type.Integer({ description: 'Purchases recorded.' }),
  createdAt: ZonedDateTime,
});
export type AdminPlan = Static<typeof AdminPlan>;

export const AdminPlanList = Type.Object({
  count: Type.Integer(),
  membershipPlans: Type.Array(AdminPlan),
});
export type AdminPlanList = Static<typeof AdminPlanList>;

export const AdminPlanListQuery = Type.Object({
  limit: Type.Optional(
    Type.Integer({ minimum: 1, maximum: 500, default: 100, description: 'Plans per page.' }),
  ),
  offset: Type.Optional(
    Type.Integer({
      minimum: 0,
      maximum: 1_000_000,
      default: 0,
      description: 'Plans to skip before the page.',
    }),
  ),
});

export const Purchase = Type.Object({
  id: Type.Integer(),
  planId: Type.Integer(),
  userId: Type.Integer(),
  createdAt: ZonedDateTime,
  remaining: Nullable(Type.Integer({ description: 'Places the plan has left after this one.' })),
});
export type Purchase = Static<typeof Purchase>;

export const StartPurchaseResponse = Type.Object(
  { url: Type.String({ description: 'Hosted checkout to send the golfer to.' }) },
  { additionalProperties: false },
);
export type StartPurchaseResponse = Static<typeof StartPurchaseResponse>;
