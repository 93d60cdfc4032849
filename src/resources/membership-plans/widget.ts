import { formatDateTime } from '../../domain/display.js';
import { availabilityWords, formatPrice, periodWords } from '../../domain/memberships.js';
import { PUBLIC_BASE_PATH } from '../../http/base-paths.js';
import { html, type Html } from '../../http/embed/html.js';
import { startForm, type Widget, type WidgetContext } from '../../http/embed/parts.js';
import { presentPublicPlan } from './presenter.js';
import type { PublicPlan } from './schema.js';
import { listPublicPlans } from './service.js';

/** The Buy button: the purchase's start, or, without script, `/embed/purchase` (a 303). */
function buyForm(plan: PublicPlan, orgSlug: string): Html {
  return startForm({
    action: '/embed/purchase',
    start: `${PUBLIC_BASE_PATH}/orgs/${encodeURIComponent(orgSlug)}/membership-plans/${plan.id}/purchase/start`,
    fields: { org: orgSlug, plan: String(plan.id) },
    verb: 'Buy',
    what: plan.name,
    failure: 'The purchase could not start. Please try again.',
  });
}

/**
 * One plan as a card: name, price in its own currency, period, availability, description,
 * benefits, and the Buy button while it is on sale (a plan not on sale says why instead).
 */
function planCard(plan: PublicPlan, context: WidgetContext): Html {
  const opens =
    plan.salesOpenAt === null
      ? null
      : formatDateTime(new Date(plan.salesOpenAt), context.org.timezone, context.now);
  return html`<article class="card plan" aria-label="${plan.name}">
    <div>
      <h2>${plan.name}</h2>
      <p class="price">
        <strong>${formatPrice(plan.priceCents, plan.currency)}</strong> ${periodWords(plan.period)}
      </p>
      <p class="stage">${availabilityWords(plan.availability, plan.remaining, opens)}</p>
      ${plan.description === null ? '' : html`<p class="muted">${plan.description}</p>`}
      ${
        plan.benefits.length === 0
          ? ''
          : html`<ul class="benefits">
              ${plan.benefits.map((benefit) => html`<li>${benefit}</li>`)}
            </ul>`
      }
      ${plan.availability === 'available' ? buyForm(plan, context.org.slug) : ''}
    </div>
  </article>`;
}

/** The org's membership plans (decisions §17), cheapest first, each with its Buy button. */
export const membershipPlansWidget: Widget = {
  name: 'membership-plans',
  label: 'Membership',
  gallery: () => [
    {
      what: 'The club’s membership plans: price, period, benefits, places left and a Buy button.',
      data: {},
    },
  ],
  async render(context) {
    const plans = await listPublicPlans(context.db, context.org.slug);
    if (plans.length === 0) return html`<p>No membership plans to show yet.</p>`;
    return html`${plans.map((plan) => planCard(presentPublicPlan(plan, context.now), context))}`;
  },
};
