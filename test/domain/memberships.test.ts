import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  availabilityWords,
  formatPrice,
  isCurrencyCode,
  planAvailability,
  periodWords,
  planRemaining,
  type PlanSales,
} from '../../src/domain/memberships.js';

const NOW = new Date('2027-03-01T12:00:00Z');
const BEFORE = new Date('2027-02-01T00:00:00Z');
const AFTER = new Date('2027-04-01T00:00:00Z');
const ON_SALE: PlanSales = {
  status: 'available',
  salesOpenAt: null,
  salesCloseAt: null,
  capacity: null,
  sold: 0,
};

void test('a plan’s availability follows its status, window and capacity', () => {
  const cases: [string, Partial<PlanSales>, string][] = [
    ['on sale, no window, no cap', {}, 'available'],
    ['closed by the organizer', { status: 'closed' }, 'closed'],
    ['a draft reads as closed', { status: 'draft' }, 'closed'],
    ['window not open yet', { salesOpenAt: AFTER }, 'upcoming'],
    ['window open', { salesOpenAt: BEFORE, salesCloseAt: AFTER }, 'available'],
    ['window over', { salesCloseAt: BEFORE }, 'closed'],
    ['closing at this very instant', { salesCloseAt: NOW }, 'closed'],
    ['opening at this very instant', { salesOpenAt: NOW }, 'available'],
    ['capacity filled', { capacity: 5, sold: 5 }, 'sold-out'],
    ['a place left', { capacity: 5, sold: 4 }, 'available'],
    ['capacity 0', { capacity: 0 }, 'sold-out'],
    ['sold out but closed reads closed', { capacity: 1, sold: 1, status: 'closed' }, 'closed'],
    [
      'sold out before opening reads upcoming',
      { capacity: 1, sold: 1, salesOpenAt: AFTER },
      'upcoming',
    ],
  ];
  for (const [what, plan, expected] of cases) {
    assert.equal(planAvailability({ ...ON_SALE, ...plan }, NOW), expected, what);
  }
});

void test('remaining places: capacity less purchases, floored at 0, null without a cap', () => {
  assert.equal(planRemaining({ capacity: null, sold: 3 }), null);
  assert.equal(planRemaining({ capacity: 5, sold: 3 }), 2);
  assert.equal(planRemaining({ capacity: 5, sold: 7 }), 0);
});

void test('prices are written in the plan’s currency and its minor unit', () => {
  assert.equal(formatPrice(24000, 'USD'), '$240.00');
  assert.equal(formatPrice(9550, 'EUR'), '€95.50');
  assert.equal(formatPrice(5000, 'JPY'), '¥5,000');
  assert.equal(formatPrice(12345, 'GBP'), '£123.45');
});

void test('currency codes are ISO 4217 codes the runtime knows', () => {
  assert.equal(isCurrencyCode('USD'), true);
  assert.equal(isCurrencyCode('CHF'), true);
  assert.equal(isCurrencyCode('usd'), false);
  assert.equal(isCurrencyCode('ZZZ'), false);
  assert.equal(isCurrencyCode('US'), false);
});

void test('a plan’s period and availability in words, as the widget shows them', () => {
  assert.deepEqual((['year', 'season', 'month', 'one-time'] as const).map(periodWords), [
    'per year',
    'per season',
    'per month',
    'one-time',
  ]);
  assert.equal(availabilityWords('available', null, null), 'On sale');
  assert.equal(availabilityWords('available', 3, null), 'On sale · 3 left');
  assert.equal(
    availabilityWords('upcoming', 3, 'Wed, Jul 1 · 9:00 am'),
    'On sale from Wed, Jul 1 · 9:00 am',
  );
  assert.equal(availabilityWords('upcoming', null, null), 'Not on sale yet');
  assert.equal(availabilityWords('sold-out', 0, null), 'Sold out');
  assert.equal(availabilityWords('closed', 4, 'Wed, Jul 1 · 9:00 am'), 'Not on sale');
});
