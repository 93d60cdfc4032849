import { availableParallelism } from 'node:os';
import { extname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { CompetitorOdds, OddsBoardInput, OddsCompetitor } from '../../domain/odds.js';
import { packBoard, unpackOdds, type PackedBoard } from './packed-board.js';

export interface SimulationJob {
  id: number;
  board: PackedBoard;
}
/** `odds` as `packOdds` lays them out, its buffer moved back. */
export type SimulationOutcome =
  { id: number; odds: Float64Array; error?: undefined } | { id: number; error: string };

interface Pending {
  job: SimulationJob;
  transfer: ArrayBuffer[];
  competitors: readonly OddsCompetitor[];
  resolve: (odds: CompetitorOdds[]) => void;
  reject: (error: Error) => void;
}

/**
 * The worker of this module's kind: `.js` once built; from source (tests, `tsx`) the
 * thread first registers tsx, which worker threads do not inherit on Node 20.
 */
function startWorker(): Worker {
  const here = import.meta.url;
  const script = new URL(`./simulation-worker${extname(fileURLToPath(here))}`, here);
  if (script.pathname.endsWith('.js')) return new Worker(script);
  const boot =
    `import('tsx/esm/api').then(({ register }) => { register(); ` +
    `return import(${JSON.stringify(script.href)}); })`;
  return new Worker(boot, { eval: true });
}

/**
 * A few threads that simulate boards (decisions §15: ten thousand nights of a full field
 * would hold the event loop for hundreds of milliseconds). Jobs queue in order; a thread
 * takes the next when it is free. Threads start at the first job and never keep the
 * process alive.
 */
export class SimulationPool {
  readonly #size: number;
  readonly #idle: Worker[] = [];
  readonly #busy = new Map<Worker, Pending>();
  readonly #queue: Pending[] = [];
  #started = 0;
  #nextId = 1;

  constructor(size = Math.max(1, Math.min(2, availableParallelism() - 1))) {
    this.#size = size;
  }

  simulate(input: OddsBoardInput): Promise<CompetitorOdds[]> {
    const { board, transfer } = packBoard(input);
    const { competitors } = input;
    return new Promise((resolve, reject) => {
      const job = { id: this.#nextId++, board };
      this.#queue.push({ job, transfer, competitors, resolve, reject });
      this.#dispatch();
    });
  }

  /** Ends every thread; jobs still queued or running are refused. */
  async close(): Promise<void> {
    const closed = new Error('the simulation pool was closed');
    for (const pending of this.#queue.splice(0)) pending.reject(closed);
    for (const pending of this.#busy.values()) pending.reject(closed);
    const workers = [...this.#idle.splice(0), ...this.#busy.keys()];
    this.#busy.clear();
    this.#started = 0;
    await Promise.all(workers.map((worker) => worker.terminate()));
  }

  #dispatch(): void {
    while (this.#queue.length > 0) {
      const worker = this.#idle.pop() ?? (this.#started < this.#size ? this.#start() : undefined);
      if (worker === undefined) return;
      const pending = this.#queue.shift() as Pending;
      this.#busy.set(worker, pending);
      worker.ref();
      worker.postMessage(pending.job, pending.transfer);
    }
  }

  #start(): Worker {
    const worker = startWorker();
    this.#started += 1;
    worker.on('message', (outcome: SimulationOutcome) => {
      const pending = this.#busy.get(worker);
      this.#busy.delete(worker);
      worker.unref();
      this.#idle.push(worker);
      if (outcome.error === undefined) {
        pending?.resolve(unpackOdds(outcome.odds, pending.competitors));
      } else pending?.reject(new Error(`odds simulation failed: ${outcome.error}`));
      this.#dispatch();
    });
    worker.on('error', (error) => {
      const pending = this.#busy.get(worker);
      this.#busy.delete(worker);
      this.#started -= 1;
      pending?.reject(error);
      this.#dispatch();
    });
    return worker;
  }
}
