import { parentPort } from 'node:worker_threads';
import { simulateOdds } from '../../domain/odds.js';
import { packOdds, unpackBoard } from './packed-board.js';
import type { SimulationJob, SimulationOutcome } from './simulation-pool.js';

/** A thread of the simulation pool: simulates one board at a time, off the event loop. */
parentPort?.on('message', (job: SimulationJob) => {
  let odds: Float64Array;
  try {
    odds = packOdds(simulateOdds(unpackBoard(job.board)));
  } catch (error) {
    const failed: SimulationOutcome = {
      id: job.id,
      error: error instanceof Error ? error.message : String(error),
    };
    parentPort?.postMessage(failed);
    return;
  }
  const outcome: SimulationOutcome = { id: job.id, odds };
  parentPort?.postMessage(outcome, [odds.buffer as ArrayBuffer]);
});
