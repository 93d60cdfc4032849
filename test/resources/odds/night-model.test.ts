import assert from 'node:assert/strict';
import { test } from 'node:test';
import { nightModel } from '../../../src/resources/odds/night-model.js';
import type { OrgCard } from '../../../src/resources/odds/store.js';

const PARS = [4, 3];
const night = { id: 3, startAt: new Date('2026-06-10T22:00:00Z'), courseName: 'Oaks' };
const card = (
  eventId: number,
  userId: number,
  holes: (number | null)[],
  startAt: string,
  courseName: string | null = 'Oaks',
): OrgCard => ({ eventId, userId, holes, pars: PARS, courseName, startAt: new Date(startAt) });

// Newest night first, as orgCards reads them.
const cards = [
  card(4, 1, [9, 9], '2026-06-17T22:00:00Z'), // a later night: never the golfer's history
  card(3, 1, [5, null], '2026-06-10T22:00:00Z'), // tonight
  card(2, 1, [4, 4], '2026-06-03T22:00:00Z'),
  card(1, 1, [3, 2], '2026-05-27T22:00:00Z'),
  card(5, 2, [7, 7], '2026-05-20T22:00:00Z', 'Pines'), // another course: its own difficulty
];

void test('difficulty is the mean over par on the course, tonight’s holes included', () => {
  const model = nightModel(night, PARS, cards);
  // Hole 1: 9, 5, 4, 3 over par 4 → 5, 1, 0, −1; hole 2: 9, 4, 2 over par 3 → 6, 1, −1.
  assert.deepEqual(model.difficulty, [1.25, 2]);
  assert.equal(model.fieldResiduals.length, 2 + 1 + 2 + 2 + 2);
});

void test('own residuals: tonight’s holes first, then earlier nights, newest first', () => {
  const model = nightModel(night, PARS, cards);
  // Tonight: 5 − 4 − 1.25. Night 2: 4 − 3 − 2, 4 − 4 − 1.25. Night 1: 2 − 3 − 2, 3 − 4 − 1.25.
  assert.deepEqual(model.residualsOf(1, [5, null]), [-0.25, -1, -1.25, -3, -2.25]);
  assert.deepEqual(model.residualsOf(7, [null, null]), [], 'no holes anywhere: no history');
});
