import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { OddsBoardInput } from '../../../src/domain/odds.js';
import {
  packBoard,
  packOdds,
  unpackBoard,
  unpackOdds,
} from '../../../src/resources/odds/packed-board.js';
import { SimulationPool } from '../../../src/resources/odds/simulation-pool.js';
import { simulateOdds } from '../../../src/domain/odds.js';

const input: OddsBoardInput = {
  pars: [4, 3, 5],
  difficulty: [0.25, -0.5, 1],
  fieldResiduals: [-1.25, 0, 0.75, 2],
  competitors: [
    { members: [{ holes: [4, null, null], residuals: [0.5, -1] }], rank: null },
    {
      members: [
        { holes: [5, 3, null], residuals: [], received: [1, 0, -1] },
        { holes: [null, null, null], residuals: [1.5] },
      ],
      rank: null,
    },
    { members: [], rank: null },
  ],
  simulations: 1_000,
  seed: 99,
};

void test('a packed board unpacks to the same board, its buffers handed over', () => {
  const { board, transfer } = packBoard(input);
  assert.deepEqual(unpackBoard(board), input);
  assert.equal(transfer.length, 8);
  assert.equal(new Set(transfer).size, 8, 'every array has a buffer of its own to move');
});

void test('packed odds come back with each competitor’s basis', () => {
  const odds = simulateOdds(input);
  assert.deepEqual(unpackOdds(packOdds(odds), input.competitors), odds);
});

void test('the pool’s odds are the odds simulated in this thread, bit for bit, net strokes included', async () => {
  const pool = new SimulationPool(1);
  try {
    assert.deepEqual(await pool.simulate(input), simulateOdds(input));
  } finally {
    await pool.close();
  }
});

void test('net strokes reach the simulation thread', async () => {
  const net: OddsBoardInput = {
    pars: [4, 3, 5, 4],
    difficulty: [0, 0, 0, 0],
    fieldResiduals: [-1, 0, 0, 1, 2],
    competitors: [
      { members: [{ holes: [4, 3, null, null], residuals: [0, 1] }], rank: null },
      {
        members: [{ holes: [5, 4, null, null], residuals: [0, 1], received: [1, 1, 1, 0] }],
        rank: null,
      },
    ],
    simulations: 2_000,
    seed: 7,
  };
  const gross = {
    ...net,
    competitors: net.competitors.map((competitor) => ({
      ...competitor,
      members: competitor.members.map(({ holes, residuals }) => ({ holes, residuals })),
    })),
  };
  const pool = new SimulationPool(1);
  try {
    const odds = await pool.simulate(net);
    assert.deepEqual(odds, simulateOdds(net));
    assert.notDeepEqual(odds, simulateOdds(gross), 'the strokes received change the odds');
  } finally {
    await pool.close();
  }
});
