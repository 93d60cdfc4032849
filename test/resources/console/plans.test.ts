import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import type { AdminPlan, PublicPlanList } from '../../../src/resources/membership-plans/schema.js';
import { browserSkip } from '../../support/browser.js';
import {
  checkAccessibility,
  said,
  shoot,
  signIn,
  closeConsole,
  openConsole,
} from '../../support/console.js';
import { ADMIN, describeUnlessSkipped, unique, type Harness } from '../../support/harness.js';
import { plansPath, publicPlansPath } from '../../support/membership-plans.js';

describeUnlessSkipped('the console: an organizer sells memberships', browserSkip, () => {
  let h: Harness;
  let browser: Browser;
  let page: Page;
  let origin: string;
  let org: { slug: string };
  let orgKey: string;

  before(async () => {
    let slug: string;
    ({
      h,
      browser,
      page,
      origin,
      slug,
      key: orgKey,
    } = await openConsole('Members Club', {
      prepare: async (h, slug) => {
        const added = await h.admin('POST', `${ADMIN}/orgs/${slug}/golfers`, {
          email: `${unique('member')}@example.com`,
          firstName: 'Mo',
          lastName: 'Member',
        });
        assert.equal(added.statusCode, 201, added.body);
      },
    }));
    org = { slug };
  });

  after(() => closeConsole({ h, browser }));

  const planRows = async () =>
    (await page.locator('#plans tr').allInnerTexts()).map((line) => line.split('\t').slice(0, 4));

  const adminPlans = async () =>
    (await h.admin('GET', plansPath(org))).json<{ membershipPlans: AdminPlan[] }>().membershipPlans;

  async function fillPlan(fields: Record<string, string>) {
    for (const [id, value] of Object.entries(fields)) {
      if (id === 'period' || id === 'status') await page.selectOption(`#${id}`, value);
      else await page.fill(`#${id}`, value);
    }
  }

  void test('plans are made in their currency, shown to the public, and edited', async () => {
    await signIn(page, origin, orgKey, 'Members Club');
    await page.getByRole('link', { name: 'Memberships' }).click();
    await page.waitForURL(/\/console\/plans$/);
    await page.locator('#purchaseGolfer option', { hasText: 'Mo Member' }).waitFor({
      state: 'attached',
    });
    await checkAccessibility(page, 'plans, none yet');

    await fillPlan({
      name: 'Full membership',
      slug: 'full',
      price: '240.50',
      currency: 'EUR',
      period: 'season',
      status: 'available',
      capacity: '2',
      description: 'Every Tuesday night of the season.',
      benefits: 'Tuesday league\nPractice range',
    });
    await page.getByRole('button', { name: 'Create plan' }).click();
    await said(page, 'Plan Full membership created.');
    await fillPlan({ name: 'Junior', slug: 'junior', price: '5000', currency: 'JPY' });
    await fillPlan({ period: 'one-time', status: 'draft', salesOpenAt: '2027-01-05T09:00' });
    await page.getByRole('button', { name: 'Create plan' }).click();
    await said(page, 'Plan Junior created.');
    assert.deepEqual(await planRows(), [
      ['Full membership', '€240.50 per season', 'available', '0 of 2'],
      ['Junior', '¥5,000 once', 'draft', '0, no limit'],
    ]);

    const shown = (
      await h.inject({ method: 'GET', url: publicPlansPath(org) })
    ).json<PublicPlanList>();
    assert.deepEqual(
      shown.map(({ slug, priceCents, currency, period, benefits, remaining }) => ({
        slug,
        priceCents,
        currency,
        period,
        benefits,
        remaining,
      })),
      [
        {
          slug: 'full',
          priceCents: 24050,
          currency: 'EUR',
          period: 'season',
          benefits: ['Tuesday league', 'Practice range'],
          remaining: 2,
        },
      ],
      'the public sees the plan on sale, not the draft',
    );

    // The same short name again: the API's refusal is said.
    await fillPlan({ name: 'Copy', slug: 'full', price: '1', currency: 'USD' });
    await page.getByRole('button', { name: 'Create plan' }).click();
    await said(page, 'A membership plan with this slug exists in this organization.');
    assert.equal(await page.locator('#plans tr').count(), 2);

    await page.getByRole('button', { name: 'Edit Full membership' }).click();
    assert.equal(await page.locator('#plan-title').innerText(), 'Edit Full membership');
    assert.equal(await page.inputValue('#price'), '240.5');
    assert.equal(await page.inputValue('#capacity'), '2');
    assert.equal(await page.inputValue('#benefits'), 'Tuesday league\nPractice range');
    assert.equal(await page.inputValue('#salesOpenAt'), '', 'no sales window yet');
    await fillPlan({
      price: '260',
      capacity: '',
      description: '',
      salesCloseAt: '2027-07-01T18:00',
    });
    await page.getByRole('button', { name: 'Save plan' }).click();
    await said(page, 'Plan Full membership saved.');
    assert.equal(await page.locator('#plan-title').innerText(), 'New plan', 'back to a new plan');
    const full = (await adminPlans()).find((plan) => plan.slug === 'full');
    assert.deepEqual(
      { priceCents: full?.priceCents, capacity: full?.capacity, description: full?.description },
      { priceCents: 26000, capacity: null, description: null },
      'emptied fields are cleared',
    );
    // The club is in Chicago: −06:00 in January, −05:00 in July.
    const junior = (await adminPlans()).find((plan) => plan.slug === 'junior');
    assert.deepEqual(
      [junior?.salesOpenAt, full?.salesCloseAt],
      ['2027-01-05T09:00:00-06:00', '2027-07-01T18:00:00-05:00'],
      'the sales window, typed on the club’s clock',
    );
    await page.getByRole('button', { name: 'Edit Junior' }).click();
    assert.equal(await page.inputValue('#salesOpenAt'), '2027-01-05T09:00');
    await page.getByRole('button', { name: 'Stop editing' }).click();
    await checkAccessibility(page, 'plans, two');
  });

  void test('a purchase at the desk is recorded once', async () => {
    await page.selectOption('#purchasePlan', { label: 'Full membership (€260.00)' });
    await page.selectOption('#purchaseGolfer', { index: 1 });
    await page.getByRole('button', { name: 'Record purchase' }).click();
    await said(page, 'Purchase recorded.');
    assert.deepEqual((await planRows())[0], [
      'Full membership',
      '€260.00 per season',
      'available',
      '1, no limit',
    ]);
    assert.equal((await adminPlans()).find((plan) => plan.slug === 'full')?.sold, 1);

    await page.selectOption('#purchasePlan', { label: 'Full membership (€260.00)' });
    await page.selectOption('#purchaseGolfer', { index: 1 });
    await page.getByRole('button', { name: 'Record purchase' }).click();
    await said(page, 'This golfer already holds this membership.');
    await checkAccessibility(page, 'plans, a purchase refused');
    await shoot(page, 'plans');
  });
});
