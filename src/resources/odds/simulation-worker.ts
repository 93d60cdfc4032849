import { parentPort } from 'node:worker_threads';
import { simulateOdds } from '../../domain/odds.js';
import type { SimulationJob, SimulationOutcome } from './simulation-pool.js';

/** A thread of the simulation pool: simulates one board at a time, off the event loop. */
parentPort?.on('message', (job: SimulationJob) => {
  let outcome: SimulationOutcome;
  try {
    outcome = { id: job.id, odds: simulateOdds(job.input) };
  } catch (error) {
    outcome = { id: job.id, error: error instanceof Error ? error.message : String(error) };
  }
  parentPort?.postMessage(outcome);
});
