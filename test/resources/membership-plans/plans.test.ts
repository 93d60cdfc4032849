import assert from 'node:assert/strict';
import { test } from 'node:test';
import type {
  AdminPlan,
  AdminPlanList,
  PublicPlan,
  Purchase,
} from '../../../src/resources/membership-plans/schema.js';
import { users } from '../../support/admin.js';
import { assertInvalid, assertPlainText } from '../../support/assertions.js';
import type { Org } from '../../../src/db/schema.js';
import { ADMIN, NO_LIMITS, describeOnDatabases, unique } from '../../support/harness.js';
import { newPlan, plansPath, publicPlansPath, purchase } from '../../support/membership-plans.js';

const CHECKOUT_URL = 'https://checkout.example.com/membership?club=1';

describeOnDatabases(
  'membership plans',
  (harness) => {
    void test('an organizer creates, reads back and changes a plan', async () => {
      const h = harness();
      const org = await h.org();
      const plan = await newPlan(h, org, {
        currency: 'EUR',
        description: 'All summer long.',
        benefits: ['League nights', 'Range balls'],
        capacity: 10,
        salesOpenAt: '2026-06-01T00:00:00+02:00',
      });
      assert.equal(plan.currency, 'EUR');
      assert.deepEqual(plan.benefits, ['League nights', 'Range balls']);
      assert.equal(plan.salesOpenAt, '2026-05-31T17:00:00-05:00', 'on the club’s clock');
      assert.equal(plan.remaining, 10);
      assert.equal(plan.sold, 0);
      assert.equal(plan.availability, 'available');
      const changed = await h.admin('PATCH', `${plansPath(org)}/${plan.id}`, {
        priceCents: 19900,
        capacity: null,
        description: null,
      });
      assert.equal(changed.statusCode, 200, changed.body);
      const body = changed.json<AdminPlan>();
      assert.equal(body.priceCents, 19900);
      assert.equal(body.capacity, null);
      assert.equal(body.remaining, null);
      assert.equal(body.description, null);
      assert.equal(body.currency, 'EUR');
      const unchanged = await h.admin('PATCH', `${plansPath(org)}/${plan.id}`, {});
      assert.deepEqual(unchanged.json(), body);
      const read = await h.admin('GET', `${plansPath(org)}/${plan.id}`);
      assert.deepEqual(read.json(), body);
      const list = (await h.admin('GET', plansPath(org))).json<AdminPlanList>();
      assert.equal(list.count, 1);
      assert.deepEqual(list.membershipPlans, [body]);
    });

    void test('bad plans are 422 naming the field; a duplicate slug is 409', async () => {
      const h = harness();
      const org = await h.org();
      const plan = await newPlan(h, org);
      const base = {
        slug: unique('plan'),
        name: 'P',
        priceCents: 100,
        period: 'year',
        status: 'available',
      };
      assertInvalid(await h.admin('POST', plansPath(org), { ...base, currency: 'usd' }), [
        'currency',
      ]);
      assertInvalid(await h.admin('POST', plansPath(org), { ...base, currency: 'ZZZ' }), [
        'currency',
      ]);
      assertInvalid(await h.admin('POST', plansPath(org), { ...base, period: 'week' }), ['period']);
      assertInvalid(await h.admin('POST', plansPath(org), { ...base, priceCents: -1 }), [
        'priceCents',
      ]);
      assertInvalid(await h.admin('POST', plansPath(org), { ...base, name: 'A\u0007' }), ['name']);
      assertInvalid(
        await h.admin('POST', plansPath(org), {
          ...base,
          salesOpenAt: '2027-01-02T00:00:00Z',
          salesCloseAt: '2027-01-01T00:00:00Z',
        }),
        ['salesCloseAt'],
      );
      assertInvalid(
        await h.admin('PATCH', `${plansPath(org)}/${plan.id}`, {
          salesCloseAt: '1850-01-01T00:00:00Z',
        }),
        ['salesCloseAt'],
      );
      assertPlainText(await h.admin('POST', plansPath(org), { ...base, slug: plan.slug }), 409);
      assertPlainText(await h.admin('PATCH', `${plansPath(org)}/999999`, { name: 'X' }), 404);
      const other = await h.org();
      assertPlainText(await h.admin('GET', `${plansPath(other)}/${plan.id}`), 404);
    });

    void test('the public list shows every plan but drafts, cheapest first, with availability', async () => {
      const h = harness();
      const org = await h.org();
      const dear = await newPlan(h, org, { priceCents: 50000, capacity: 3 });
      const cheap = await newPlan(h, org, { priceCents: 1000, status: 'closed' });
      const soon = await newPlan(h, org, {
        priceCents: 20000,
        salesOpenAt: '2026-07-01T00:00:00Z',
      });
      await newPlan(h, org, { priceCents: 500, status: 'draft' });
      const response = await h.inject({ url: publicPlansPath(org) });
      assert.equal(response.statusCode, 200);
      assert.ok(response.headers.etag !== undefined);
      assert.equal(response.headers['access-control-allow-origin'], '*');
      const plans = response.json<PublicPlan[]>();
      assert.deepEqual(
        plans.map((plan) => [plan.slug, plan.availability, plan.remaining]),
        [
          [cheap.slug, 'closed', null],
          [soon.slug, 'upcoming', null],
          [dear.slug, 'available', 3],
        ],
      );
      for (const plan of plans) {
        assert.deepEqual(Object.keys(plan).sort(), [
          'availability',
          'benefits',
          'currency',
          'description',
          'id',
          'name',
          'period',
          'priceCents',
          'remaining',
          'salesCloseAt',
          'salesOpenAt',
          'slug',
        ]);
      }
      const one = await h.inject({ url: `${publicPlansPath(org)}/${dear.slug}` });
      assert.deepEqual(one.json(), plans[2]);
    });

    void test('a draft or unknown plan is 404 to the public, by slug and by purchase start', async () => {
      const h = harness();
      const org = await h.org();
      const draft = await newPlan(h, org, { status: 'draft' });
      assertPlainText(await h.inject({ url: `${publicPlansPath(org)}/${draft.slug}` }), 404);
      assertPlainText(await h.inject({ url: `${publicPlansPath(org)}/no-such-plan` }), 404);
      const start = (id: number | string) =>
        h.inject({ method: 'POST', url: `${publicPlansPath(org)}/${id}/purchase/start` });
      assertPlainText(await start(draft.id), 404);
      assertPlainText(await start(999999), 404);
      assertPlainText(await start('0x1'), 404);
      const other = await h.org();
      const elsewhere = await newPlan(h, other);
      assertPlainText(await start(elsewhere.id), 404);
    });

    void test('purchase start answers the hosted checkout, or 409 when the plan is not on sale', async () => {
      const h = harness();
      const org = await h.org();
      const plan = await newPlan(h, org, { capacity: 1 });
      const start = (id: number) =>
        h.inject({
          method: 'POST',
          url: `${publicPlansPath(org)}/${id}/purchase/start`,
          payload: 'ignored',
          headers: { 'content-type': 'text/plain' },
        });
      const started = await start(plan.id);
      assert.equal(started.statusCode, 200, started.body);
      assert.equal(started.headers['cache-control'], 'no-store');
      const url = new URL(started.json<{ url: string }>().url);
      assert.equal(`${url.origin}${url.pathname}`, 'https://checkout.example.com/membership');
      assert.deepEqual(Object.fromEntries(url.searchParams), {
        club: '1',
        org: org.slug,
        membershipPlan: String(plan.id),
      });
      const golfer = await h.user();
      assert.equal((await purchase(h, org, plan.id, golfer.id)).statusCode, 201);
      assertPlainText(await start(plan.id), 409, 'sold out');
      const closed = await newPlan(h, org, { status: 'closed' });
      assertPlainText(await start(closed.id), 409, 'closed');
      const upcoming = await newPlan(h, org, { salesOpenAt: '2026-12-01T00:00:00Z' });
      assertPlainText(await start(upcoming.id), 409, 'upcoming');
    });

    void test('a purchase counts against capacity; a golfer holds a plan once', async () => {
      const h = harness();
      const org = await h.org();
      const plan = await newPlan(h, org, { capacity: 2 });
      const [a, b, c] = await users(h, 3);
      const first = await purchase(h, org, plan.id, a.id);
      assert.equal(first.statusCode, 201, first.body);
      const body = first.json<Purchase>();
      assert.equal(body.planId, plan.id);
      assert.equal(body.userId, a.id);
      assert.equal(body.remaining, 1);
      assertPlainText(await purchase(h, org, plan.id, a.id), 409, 'twice');
      assert.equal((await purchase(h, org, plan.id, b.id)).statusCode, 201);
      assertPlainText(await purchase(h, org, plan.id, c.id), 409, 'sold out');
      const read = (
        await h.inject({ url: `${publicPlansPath(org)}/${plan.slug}` })
      ).json<PublicPlan>();
      assert.equal(read.availability, 'sold-out');
      assert.equal(read.remaining, 0);
      assertInvalid(await purchase(h, org, plan.id, 99999999), ['userId']);
      const closed = await newPlan(h, org, { status: 'closed' });
      assertPlainText(await purchase(h, org, closed.id, c.id), 409, 'closed');
    });

    void test('a buyer becomes a golfer of the plan’s org, and of no other', async () => {
      const h = harness();
      const org = await h.org();
      const other = await h.org();
      const plan = await newPlan(h, org);
      const buyer = await h.user({ firstName: 'Bea', lastName: 'Buyer' });
      const golferPath = (of: Org) => `${ADMIN}/orgs/${of.slug}/golfers/${buyer.id}`;
      assert.equal((await h.admin('GET', golferPath(org))).statusCode, 404);
      assert.equal((await purchase(h, org, plan.id, buyer.id)).statusCode, 201);
      const read = await h.admin('GET', golferPath(org));
      assert.equal(read.statusCode, 200, read.body);
      assert.equal(read.json<{ id: number }>().id, buyer.id);
      const list = await h.admin('GET', `${ADMIN}/orgs/${org.slug}/golfers?search=Buyer`);
      assert.deepEqual(
        list.json<{ users: { id: number }[] }>().users.map((golfer) => golfer.id),
        [buyer.id],
      );
      assert.equal((await h.admin('GET', golferPath(other))).statusCode, 404);
    });

    void test('fifty purchases racing for the last five places: exactly five win', async () => {
      const h = harness();
      const org = await h.org();
      const plan = await newPlan(h, org, { capacity: 8 });
      for (const golfer of await users(h, 3)) {
        assert.equal((await purchase(h, org, plan.id, golfer.id)).statusCode, 201);
      }
      const racers = await users(h, 50);
      const answers = await Promise.all(
        racers.map((golfer) => purchase(h, org, plan.id, golfer.id)),
      );
      const won = answers.filter((answer) => answer.statusCode === 201);
      assert.equal(won.length, 5, answers.map((answer) => answer.statusCode).join(','));
      for (const lost of answers.filter((answer) => answer.statusCode !== 201)) {
        assertPlainText(lost, 409);
      }
      const stored = await h.database.db
        .selectFrom('membership_purchases')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('plan_id', '=', plan.id)
        .executeTakeFirstOrThrow();
      assert.equal(Number(stored.n), 8);
      const read = (await h.admin('GET', `${plansPath(org)}/${plan.id}`)).json<AdminPlan>();
      assert.equal(read.sold, 8);
      assert.equal(read.availability, 'sold-out');
    });
  },
  { ...NO_LIMITS, checkoutUrl: CHECKOUT_URL },
);
