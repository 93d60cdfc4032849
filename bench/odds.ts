import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadavg } from 'node:os';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';
import {
  cardResiduals,
  holeDifficulty,
  simulateOdds,
  type OddsBoardInput,
  type OddsCompetitor,
} from '../src/domain/odds.js';
import { SimulationPool } from '../src/resources/odds/simulation-pool.js';

/**
 * `--part odds` (decisions §15): whether the live odds are calibrated, what a board
 * version costs, and whether simulating stalls other requests.
 */

const PARS = [4, 4, 3, 5, 4, 4, 3, 5, 4];
const HISTORY_LIMIT = 200;

/** A seeded normal draw (Box–Muller over the generator's 32-bit outputs). */
function normals(seed: number): () => number {
  const rng = xoroshiro128plus(seed);
  const uniform = () => ((rng.next() >>> 0) + 0.5) / 2 ** 32;
  return () => Math.sqrt(-2 * Math.log(uniform())) * Math.cos(2 * Math.PI * uniform());
}

interface Golfer {
  /** Strokes over the hole's mean on an average hole: the golfer's known skill. */
  skill: number;
  cards: { holes: number[]; difficulty: number[] }[];
}

/** One night's strokes: par + the hole's true difficulty + skill + noise, 1 to 20. */
function playNight(golfers: Golfer[], trueDifficulty: number[], normal: () => number): number[][] {
  return golfers.map((golfer) =>
    PARS.map((par, hole) =>
      Math.min(
        20,
        Math.max(1, Math.round(par + (trueDifficulty[hole] ?? 0) + golfer.skill + 1.1 * normal())),
      ),
    ),
  );
}

interface Prediction {
  p: number;
  baseline: number;
  won: number;
}

/**
 * Seasons of synthetic golfers: each night the odds after every hole (all golfers play
 * hole by hole together) against who won; the model learns only from earlier nights' cards
 * and tonight's holes so far, as it does in the service.
 */
function calibration(seasons: number, nights: number, fieldSize: number, simulations: number) {
  const predictions: Prediction[] = [];
  for (let season = 0; season < seasons; season += 1) {
    const normal = normals(1000 + season);
    const trueDifficulty = PARS.map(() => 0.6 * normal());
    const golfers: Golfer[] = Array.from({ length: fieldSize }, () => ({
      skill: 0.25 * normal(),
      cards: [],
    }));
    const pastCards: number[][] = [];
    for (let night = 0; night < nights; night += 1) {
      const tonight = playNight(golfers, trueDifficulty, normal);
      const totals = tonight.map((card) => card.reduce((a, b) => a + b, 0));
      const best = Math.min(...totals);
      const winners = totals.filter((total) => total === best).length;
      for (let thru = 0; thru < PARS.length; thru += 1) {
        const cardsNow = tonight.map((card) =>
          card.map((strokes, hole) => (hole < thru ? strokes : null)),
        );
        const difficulty = holeDifficulty(PARS, [...pastCards, ...cardsNow]);
        const residualsOf = (golfer: Golfer) =>
          golfer.cards
            .toReversed()
            .flatMap((card) => cardResiduals(card.holes, PARS, difficulty))
            .slice(0, HISTORY_LIMIT);
        const field = [...pastCards, ...cardsNow].flatMap((card) =>
          cardResiduals(card, PARS, difficulty),
        );
        const competitors: OddsCompetitor[] = golfers.map((golfer, index) => ({
          members: [{ holes: cardsNow[index] ?? [], residuals: residualsOf(golfer) }],
          rank: null,
        }));
        const odds = simulateOdds({
          pars: PARS,
          difficulty,
          fieldResiduals: field,
          competitors,
          simulations,
          seed: season * 100_000 + night * 100 + thru,
        });
        const soFar = cardsNow.map((card) => card.reduce<number>((a, b) => a + (b ?? 0), 0));
        const leading = Math.min(...soFar);
        const leaders = soFar.filter((total) => total === leading).length;
        odds.forEach((row, index) => {
          predictions.push({
            p: row.win,
            baseline: soFar[index] === leading ? 1 / leaders : 0,
            won: totals[index] === best ? 1 / winners : 0,
          });
        });
      }
      tonight.forEach((card, index) => golfers[index]?.cards.push({ holes: card, difficulty: [] }));
      pastCards.push(...tonight);
    }
  }
  return predictions;
}

const brier = (predictions: Prediction[], pick: (prediction: Prediction) => number) =>
  predictions.reduce((sum, prediction) => sum + (pick(prediction) - prediction.won) ** 2, 0) /
  predictions.length;

function reliability(predictions: Prediction[]) {
  const bins = Array.from({ length: 10 }, (_, bin) => ({
    bin,
    count: 0,
    predicted: 0,
    observed: 0,
  }));
  for (const prediction of predictions) {
    const bin = bins[Math.min(9, Math.floor(prediction.p * 10))];
    if (bin === undefined) continue;
    bin.count += 1;
    bin.predicted += prediction.p;
    bin.observed += prediction.won;
  }
  return bins.map((bin) => ({
    range: `${bin.bin * 10}–${bin.bin * 10 + 10}%`,
    count: bin.count,
    predicted: bin.count === 0 ? 0 : bin.predicted / bin.count,
    observed: bin.count === 0 ? 0 : bin.observed / bin.count,
  }));
}

/** A live board of `size` golfers four holes in, every golfer with 100 holes of history. */
function liveBoard(size: number, simulations: number): OddsBoardInput {
  const normal = normals(size);
  const residuals = () => Array.from({ length: 100 }, () => Math.round(1.1 * normal()));
  return {
    pars: PARS,
    difficulty: PARS.map(() => 0.3),
    fieldResiduals: Array.from({ length: 2000 }, () => Math.round(1.1 * normal())),
    competitors: Array.from({ length: size }, () => ({
      members: [
        {
          holes: PARS.map((par, hole) => (hole < 4 ? par + Math.round(normal()) : null)),
          residuals: residuals(),
        },
      ],
      rank: null,
    })),
    simulations,
    seed: size,
  };
}

function costMs(size: number, simulations: number, runs = 3): number {
  const board = liveBoard(size, simulations);
  const times: number[] = [];
  for (let run = 0; run < runs; run += 1) {
    const start = performance.now();
    simulateOdds(board);
    times.push(performance.now() - start);
  }
  return times.sort((a, b) => a - b)[Math.floor(runs / 2)] ?? Number.NaN;
}

const p99 = (values: number[]) =>
  values.toSorted((a, b) => a - b)[Math.floor(values.length * 0.99)] ?? Number.NaN;

/**
 * A cheap read (a node:http answer of a few bytes, in this process) asked again and again
 * while 60-golfer boards at 10,000 simulations are recomputed back to back: on the worker
 * pool, as the service does, and, for comparison, on the event loop.
 */
async function readDuringRecompute(offLoop: boolean, seconds: number) {
  const server = createServer((_request, response) => response.end('{"ok":true}'));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  const pool = new SimulationPool();
  const board = liveBoard(60, 10_000);
  const state = { running: true };
  let boards = 0;
  const recompute = (async () => {
    while (state.running) {
      if (offLoop) await pool.simulate(board);
      else {
        simulateOdds(board);
        await new Promise((resolve) => setImmediate(resolve));
      }
      boards += 1;
    }
  })();
  const latencies: number[] = [];
  const deadline = Date.now() + seconds * 1000;
  while (Date.now() < deadline) {
    const start = performance.now();
    await (await fetch(url)).text();
    latencies.push(performance.now() - start);
  }
  state.running = false;
  await recompute;
  await pool.close();
  await new Promise((resolve) => server.close(resolve));
  return { p99: p99(latencies), reads: latencies.length, boards };
}

export async function benchOdds(progress: (line: string) => void): Promise<string> {
  const loadBefore = loadavg()[0] ?? 0;
  progress('odds: calibration (12 seasons × 16 nights × 20 golfers, odds after every hole)');
  const predictions = calibration(12, 16, 20, 2_000);
  const bins = reliability(predictions);
  const off = bins.filter(
    (bin) => bin.count >= 200 && Math.abs(bin.predicted - bin.observed) > 0.03,
  );
  progress('odds: cost per board version');
  const costs = [20, 60, 120].map((size) => ({ size, ms: costMs(size, 10_000) }));
  progress('odds: a cheap read while boards recompute');
  const delay = monitorEventLoopDelay({ resolution: 1 });
  delay.enable();
  const pooled = await readDuringRecompute(true, 8);
  const pooledLoopP99 = delay.percentile(99) / 1e6;
  delay.reset();
  const inline = await readDuringRecompute(false, 8);
  const inlineLoopP99 = delay.percentile(99) / 1e6;
  delay.disable();
  const loadAfter = loadavg()[0] ?? 0;
  const pct = (value: number) => `${(value * 100).toFixed(1)}%`;
  return [
    '## Live odds',
    '',
    `Load average (1 min) ${loadBefore.toFixed(2)} before, ${loadAfter.toFixed(2)} after.`,
    '',
    `### Calibration: ${predictions.length.toLocaleString('en-US')} predictions (2,000 simulations each)`,
    '',
    '| Brier score | model | naive baseline (the current leaders share the win) |',
    '| --- | ---: | ---: |',
    `| lower is better | ${brier(predictions, (p) => p.p).toFixed(4)} | ${brier(predictions, (p) => p.baseline).toFixed(4)} |`,
    '',
    '| Predicted win | Predictions | Mean predicted | Observed win rate | Off by |',
    '| --- | ---: | ---: | ---: | ---: |',
    ...bins.map(
      (bin) =>
        `| ${bin.range} | ${bin.count} | ${pct(bin.predicted)} | ${pct(bin.observed)} | ${((bin.observed - bin.predicted) * 100).toFixed(1)} pts |`,
    ),
    '',
    off.length === 0
      ? 'No bin with 200 or more predictions is off by more than 3 points.'
      : `**Off by more than 3 points:** ${off.map((bin) => bin.range).join(', ')}.`,
    '',
    '### Cost of one board version (10,000 simulations, 9 holes, 4 played; median of 3)',
    '',
    '| Golfers | ms per board version |',
    '| ---: | ---: |',
    ...costs.map(({ size, ms }) => `| ${size} | ${ms.toFixed(0)} |`),
    '',
    '### A cheap read while 60-golfer boards recompute back to back (8 s each)',
    '',
    '| Simulating | Reads | Boards | p99 of a read | p99 event-loop delay |',
    '| --- | ---: | ---: | ---: | ---: |',
    `| on the worker pool (the service) | ${pooled.reads} | ${pooled.boards} | ${pooled.p99.toFixed(1)} ms | ${pooledLoopP99.toFixed(1)} ms |`,
    `| on the event loop (for comparison) | ${inline.reads} | ${inline.boards} | ${inline.p99.toFixed(1)} ms | ${inlineLoopP99.toFixed(1)} ms |`,
    '',
  ].join('\n');
}
