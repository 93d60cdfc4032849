import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadavg } from 'node:os';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';
import {
  DEFAULT_SIMULATIONS,
  MIN_SIMULATIONS,
  simulateOdds,
  type OddsBoardInput,
  type OddsCompetitor,
} from '../src/domain/odds.js';
import { nightModel } from '../src/resources/odds/night-model.js';
import { packBoard } from '../src/resources/odds/packed-board.js';
import { SimulationPool } from '../src/resources/odds/simulation-pool.js';
import type { OrgCard } from '../src/resources/odds/store.js';

/**
 * `--part odds` (decisions §15): whether the live odds are calibrated, what a board
 * version costs, and whether simulating stalls other requests.
 */

const PARS = [4, 4, 3, 5, 4, 4, 3, 5, 4];
const NOISE = 1.1;
const SKILL_SPREAD = 0.25;
/** Enough nights that a bin of a few hundred predictions is not mostly one season's luck. */
const SEASONS = 48;
const CALIBRATION_SIMULATIONS = 1_000;

/** A seeded normal draw (Box–Muller over the generator's 32-bit outputs). */
function normals(seed: number): () => number {
  const rng = xoroshiro128plus(seed);
  const uniform = () => ((rng.next() >>> 0) + 0.5) / 2 ** 32;
  return () => Math.sqrt(-2 * Math.log(uniform())) * Math.cos(2 * Math.PI * uniform());
}

interface Golfer {
  /** Strokes over the hole's mean on an average hole: the golfer's known skill. */
  skill: number;
}

/** One hole's strokes: par + the hole's true difficulty + skill + noise, 1 to 20. */
const strokes = (par: number, difficulty: number, skill: number, noise: number) =>
  Math.min(20, Math.max(1, Math.round(par + difficulty + skill + NOISE * noise)));

const cardTotal = (card: readonly (number | null)[]) =>
  card.reduce<number>((sum, hole) => sum + (hole ?? 0), 0);

/**
 * The true chances of a night from where it stands: its rest played out by the very process
 * that generates the golfers' scores, knowing their skills and the holes' difficulty (which
 * the model has to learn). What a perfect model would say; it shows how much of a bin's
 * gap is the model's and how much the season's luck.
 */
function trueChances(
  cards: readonly (number | null)[][],
  golfers: readonly Golfer[],
  difficulty: readonly number[],
  simulations: number,
  seed: number,
): number[] {
  // Its own stream: the model's draws and these must not move together.
  const normal = normals(seed ^ 0x5bd1e995);
  const wins = cards.map(() => 0);
  for (let run = 0; run < simulations; run += 1) {
    const totals = cards.map((card, index) =>
      PARS.reduce(
        (sum, par, hole) =>
          sum +
          (card[hole] ?? strokes(par, difficulty[hole] ?? 0, golfers[index]?.skill ?? 0, normal())),
        0,
      ),
    );
    const best = Math.min(...totals);
    const winners = totals.filter((total) => total === best).length;
    totals.forEach((total, index) => {
      if (total === best) wins[index] = (wins[index] ?? 0) + 1 / winners;
    });
  }
  return wins.map((won) => won / simulations);
}

interface Prediction {
  p: number;
  truth: number;
  baseline: number;
  won: number;
}

/**
 * Seasons of synthetic golfers: each night the odds after every hole (all golfers play
 * hole by hole together) against who won. The model is the service's own (`nightModel`
 * over the org's cards so far, newest night first, then `simulateOdds`): it knows only
 * earlier nights' cards and tonight's holes so far.
 */
function calibration(seasons: number, nights: number, fieldSize: number, simulations: number) {
  const predictions: Prediction[] = [];
  for (let season = 0; season < seasons; season += 1) {
    const normal = normals(1000 + season);
    const trueDifficulty = PARS.map(() => 0.6 * normal());
    const golfers: Golfer[] = Array.from({ length: fieldSize }, () => ({
      skill: SKILL_SPREAD * normal(),
    }));
    const pastCards: OrgCard[] = [];
    for (let night = 0; night < nights; night += 1) {
      const startAt = new Date(Date.UTC(2026, 3, 1 + 7 * night));
      const tonight = golfers.map((golfer) =>
        PARS.map((par, hole) => strokes(par, trueDifficulty[hole] ?? 0, golfer.skill, normal())),
      );
      const totals = tonight.map(cardTotal);
      const best = Math.min(...totals);
      const winners = totals.filter((total) => total === best).length;
      for (let thru = 0; thru < PARS.length; thru += 1) {
        const cardsNow = tonight.map((card) =>
          card.map((hole, index) => (index < thru ? hole : null)),
        );
        const orgCards: OrgCard[] = [
          ...cardsNow.map((holes, userId) => ({
            eventId: night,
            userId,
            holes,
            pars: PARS,
            courseName: null,
            startAt,
          })),
          ...pastCards,
        ];
        const model = nightModel({ id: night, startAt, courseName: null }, PARS, orgCards);
        const competitors: OddsCompetitor[] = cardsNow.map((holes, userId) => ({
          members: [{ holes, residuals: model.residualsOf(userId, holes) }],
          rank: null,
        }));
        const seed = season * 100_000 + night * 100 + thru;
        const odds = simulateOdds({
          pars: PARS,
          difficulty: model.difficulty,
          fieldResiduals: model.fieldResiduals,
          competitors,
          simulations,
          seed,
        });
        const truth = trueChances(cardsNow, golfers, trueDifficulty, simulations, seed);
        const soFar = cardsNow.map(cardTotal);
        const leading = Math.min(...soFar);
        const leaders = soFar.filter((total) => total === leading).length;
        odds.forEach((row, index) => {
          predictions.push({
            p: row.win,
            truth: truth[index] ?? 0,
            baseline: soFar[index] === leading ? 1 / leaders : 0,
            won: totals[index] === best ? 1 / winners : 0,
          });
        });
      }
      pastCards.unshift(
        ...tonight.map((holes, userId) => ({
          eventId: night,
          userId,
          holes,
          pars: PARS,
          courseName: null,
          startAt,
        })),
      );
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
    truth: 0,
    observed: 0,
  }));
  for (const prediction of predictions) {
    const bin = bins[Math.min(9, Math.floor(prediction.p * 10))];
    if (bin === undefined) continue;
    bin.count += 1;
    bin.predicted += prediction.p;
    bin.truth += prediction.truth;
    bin.observed += prediction.won;
  }
  return bins.map((bin) => ({
    range: `${bin.bin * 10}–${bin.bin * 10 + 10}%`,
    count: bin.count,
    predicted: bin.count === 0 ? 0 : bin.predicted / bin.count,
    truth: bin.count === 0 ? 0 : bin.truth / bin.count,
    observed: bin.count === 0 ? 0 : bin.observed / bin.count,
  }));
}

const HISTORY_NIGHTS = 26;
const median = (values: number[]) =>
  values.toSorted((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;
const p99 = (values: number[]) =>
  values.toSorted((a, b) => a - b)[Math.floor(values.length * 0.99)] ?? Number.NaN;

/**
 * A night of `size` golfers four holes in, and the org's cards: a season of 26 earlier
 * nights of the same field on the course, newest first, then tonight's.
 */
function liveNight(size: number) {
  const normal = normals(size);
  const nightCards = (night: number, played: number): OrgCard[] =>
    Array.from({ length: size }, (_, userId) => ({
      eventId: night,
      userId,
      holes: PARS.map((par, hole) => (hole < played ? strokes(par, 0.3, 0, normal()) : null)),
      pars: PARS,
      courseName: null,
      startAt: new Date(Date.UTC(2026, 0, 1 + 7 * night)),
    }));
  const tonight = nightCards(HISTORY_NIGHTS, 4);
  const cards = [
    ...tonight,
    ...Array.from({ length: HISTORY_NIGHTS }, (_, night) =>
      nightCards(HISTORY_NIGHTS - 1 - night, PARS.length),
    ).flat(),
  ];
  const night = {
    id: HISTORY_NIGHTS,
    startAt: tonight[0]?.startAt ?? new Date(),
    courseName: null,
  };
  return { night, tonight, cards };
}

/** A board version's input, built as the service builds it on the event loop. */
function boardInput(live: ReturnType<typeof liveNight>, simulations: number): OddsBoardInput {
  const model = nightModel(live.night, PARS, live.cards);
  return {
    pars: PARS,
    difficulty: model.difficulty,
    fieldResiduals: model.fieldResiduals,
    competitors: live.tonight.map((card) => ({
      members: [{ holes: card.holes, residuals: model.residualsOf(card.userId, card.holes) }],
      rank: null,
    })),
    simulations,
    seed: live.tonight.length,
  };
}

function costMs(size: number, simulations: number, runs = 3): number {
  const board = boardInput(liveNight(size), simulations);
  const times: number[] = [];
  for (let run = 0; run < runs; run += 1) {
    const start = performance.now();
    simulateOdds(board);
    times.push(performance.now() - start);
  }
  return median(times);
}

/** CPU milliseconds of this process (every thread) spent in `step`. */
function cpuMs(step: () => unknown): number {
  const start = process.cpuUsage();
  step();
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
}

/**
 * The event loop's own share of a board version, apart from the simulation: building the
 * board from the org's cards, packing it for the thread, and the document's JSON. Each
 * step is synchronous and runs while the pool's threads are idle, so the process's CPU
 * time over it is the event loop's, which a loaded machine does not inflate as it does
 * wall-clock time (median of 5). For comparison, a structured clone of the board: what
 * handing it over as plain arrays cost, before `packBoard`.
 */
async function mainThreadMs(size: number, pool: SimulationPool) {
  const live = liveNight(size);
  const times = {
    build: [] as number[],
    pack: [] as number[],
    json: [] as number[],
    clone: [] as number[],
  };
  for (let run = 0; run < 5; run += 1) {
    let input = boardInput(live, DEFAULT_SIMULATIONS);
    times.build.push(cpuMs(() => (input = boardInput(live, DEFAULT_SIMULATIONS))));
    times.clone.push(cpuMs(() => structuredClone(input)));
    times.pack.push(cpuMs(() => packBoard(input)));
    const odds = await pool.simulate({ ...input, simulations: MIN_SIMULATIONS });
    times.json.push(cpuMs(() => JSON.stringify(odds)));
  }
  return {
    size,
    cards: live.cards.length,
    residuals: boardInput(live, 0).fieldResiduals.length,
    build: median(times.build),
    pack: median(times.pack),
    json: median(times.json),
    clone: median(times.clone),
  };
}

/**
 * A cheap read (a node:http answer of a few bytes, in this process) asked again and again
 * while boards of `size` golfers at 10,000 simulations are recomputed back to back, each
 * built from the org's cards as the service builds it: on the worker pool, as the service
 * does, or, for comparison, on the event loop.
 */
async function readDuringRecompute(size: number, offLoop: boolean, seconds: number) {
  const server = createServer((_request, response) => response.end('{"ok":true}'));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  const pool = new SimulationPool();
  const live = liveNight(size);
  const state = { running: true };
  let boards = 0;
  const delay = monitorEventLoopDelay({ resolution: 1 });
  delay.enable();
  const recompute = (async () => {
    while (state.running) {
      const input = boardInput(live, DEFAULT_SIMULATIONS);
      if (offLoop) await pool.simulate(input);
      else {
        simulateOdds(input);
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
  delay.disable();
  await pool.close();
  await new Promise((resolve) => server.close(resolve));
  return {
    size,
    p99: p99(latencies),
    loopP99: delay.percentile(99) / 1e6,
    reads: latencies.length,
    boards,
  };
}

export async function benchOdds(progress: (line: string) => void): Promise<string> {
  const loadBefore = loadavg()[0] ?? 0;
  progress(
    `odds: calibration (${SEASONS} seasons × 16 nights × 20 golfers, odds after every hole)`,
  );
  const predictions = calibration(SEASONS, 16, 20, CALIBRATION_SIMULATIONS);
  const bins = reliability(predictions);
  const off = bins.filter(
    (bin) => bin.count >= 200 && Math.abs(bin.predicted - bin.observed) > 0.03,
  );
  progress('odds: cost per board version');
  const sizes = [20, 60, 120];
  const costs = sizes.map((size) => ({ size, ms: costMs(size, DEFAULT_SIMULATIONS) }));
  progress("odds: the event loop's share of a board version");
  const pool = new SimulationPool();
  const shares = [];
  for (const size of sizes) shares.push(await mainThreadMs(size, pool));
  await pool.close();
  progress('odds: a cheap read while boards recompute');
  const reads = [];
  for (const size of sizes)
    reads.push({ where: 'worker pool', ...(await readDuringRecompute(size, true, 8)) });
  reads.push({
    where: 'event loop (for comparison)',
    ...(await readDuringRecompute(60, false, 8)),
  });
  const loadAfter = loadavg()[0] ?? 0;
  const pct = (value: number) => `${(value * 100).toFixed(1)}%`;
  const ms = (value: number) => `${value.toFixed(2)} ms`;
  return [
    '## Live odds',
    '',
    `Load average (1 min) ${loadBefore.toFixed(2)} before, ${loadAfter.toFixed(2)} after.`,
    '',
    `### Calibration: ${predictions.length.toLocaleString('en-US')} predictions (${CALIBRATION_SIMULATIONS.toLocaleString('en-US')} simulations each)`,
    '',
    '| Brier score | model | naive baseline (the current leaders share the win) | true chances |',
    '| --- | ---: | ---: | ---: |',
    `| lower is better | ${brier(predictions, (p) => p.p).toFixed(4)} | ${brier(predictions, (p) => p.baseline).toFixed(4)} | ${brier(predictions, (p) => p.truth).toFixed(4)} |`,
    '',
    '| Predicted win | Predictions | Mean predicted | True chance | Observed win rate | Off by |',
    '| --- | ---: | ---: | ---: | ---: | ---: |',
    ...bins.map(
      (bin) =>
        `| ${bin.range} | ${bin.count} | ${pct(bin.predicted)} | ${pct(bin.truth)} | ${pct(bin.observed)} | ${((bin.observed - bin.predicted) * 100).toFixed(1)} pts |`,
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
    ...costs.map(({ size, ms: cost }) => `| ${size} | ${cost.toFixed(0)} |`),
    '',
    `### The event loop's share of a board version (CPU time, median of 5; ${HISTORY_NIGHTS} earlier nights of history)`,
    '',
    '| Golfers | Org cards | Field residuals | Build the board | Pack it for the thread | JSON of the odds | Total | (a structured clone instead of packing) |',
    '| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...shares.map(
      (share) =>
        `| ${share.size} | ${share.cards} | ${share.residuals} | ${ms(share.build)} | ${ms(share.pack)} | ${ms(share.json)} | ${ms(share.build + share.pack + share.json)} | ${ms(share.clone)} |`,
    ),
    '',
    '### A cheap read while boards recompute back to back (10,000 simulations, 8 s each)',
    '',
    '| Golfers | Simulating on | Reads | Boards | p99 of a read | p99 event-loop delay |',
    '| ---: | --- | ---: | ---: | ---: | ---: |',
    ...reads.map(
      (read) =>
        `| ${read.size} | ${read.where} | ${read.reads} | ${read.boards} | ${read.p99.toFixed(1)} ms | ${read.loopP99.toFixed(1)} ms |`,
    ),
    '',
  ].join('\n');
}
