import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';
import { MAX_STROKES, MIN_STROKES } from './course.js';

/**
 * Live odds of a league night (decisions §15): the chance that each competitor of a board
 * wins it, or finishes with fewer than three competitors strictly ahead, by Monte Carlo over
 * the holes not played yet. Pure: the same input gives the same answer, bit for bit.
 */

/** Own residuals weigh n/(n + SHRINKAGE_HOLES): 36 own holes count as much as the field. */
export const SHRINKAGE_HOLES = 36;
/** A golfer's history is their newest holes, at most this many. */
export const HISTORY_HOLES = 200;
export const DEFAULT_SIMULATIONS = 10_000;
export const MIN_SIMULATIONS = 1_000;
export const MAX_SIMULATIONS = 100_000;
/** Probabilities are published to 4 decimals: counted in units of 1/10,000. */
const UNITS = 10_000;

export type OddsBasis = 'history' | 'field';
export type OddsPhase = 'pre' | 'live' | 'final';

/** One golfer's part of a competitor: tonight's card and their own past residuals. */
export interface OddsGolfer {
  /** Strokes per hole of the course; null for a hole not played yet. */
  holes: readonly (number | null)[];
  /** Strokes minus (par + the hole's difficulty) of the holes they have played, newest first. */
  residuals: readonly number[];
  /**
   * On a net board: the strokes the golfer receives per hole. Gross strokes are played or
   * simulated as on any board, and these are taken off each hole before the best ball and
   * the total, so the model of play stays the one the gross boards use.
   */
  received?: readonly number[];
}

/** A row of a board: one golfer, or a team's members (best ball: the lowest per hole). */
export interface OddsCompetitor {
  members: readonly OddsGolfer[];
  /** The leaderboard's rank; null before the competitor's first hole. */
  rank: number | null;
}

export interface OddsBoardInput {
  pars: readonly number[];
  /** Per hole, the field's mean strokes over par on it (0 where nobody has played it). */
  difficulty: readonly number[];
  /** Every residual of the org's cards: what a golfer without history is drawn from. */
  fieldResiduals: readonly number[];
  /** In leaderboard order. */
  competitors: readonly OddsCompetitor[];
  simulations: number;
  /** 32-bit seed: the same seed and input give byte-identical odds. */
  seed: number;
}

/** A competitor's chances, rounded to 4 decimals; `win` sums to exactly 1 over a board. */
export interface CompetitorOdds {
  win: number;
  top3: number;
  basis: OddsBasis;
}

/** Fair odds of a win chance: decimal (1/p) and American (`+250`, `-150`); null when p is 0. */
export interface FairOdds {
  decimal: number | null;
  american: string | null;
}

/**
 * The phase of a board: `final` when the event is completed or every competitor's card is
 * complete, `pre` when no hole is played on it, else `live`.
 */
export function oddsPhase(
  competitors: readonly OddsCompetitor[],
  holeCount: number,
  eventCompleted: boolean,
): OddsPhase {
  const complete = (competitor: OddsCompetitor) =>
    competitor.members.length > 0 &&
    competitor.members.every((member) => playedHoles(member.holes, holeCount) === holeCount);
  if (eventCompleted || (competitors.length > 0 && competitors.every(complete))) return 'final';
  const anyPlayed = competitors.some((competitor) =>
    competitor.members.some((member) => playedHoles(member.holes, holeCount) > 0),
  );
  return anyPlayed ? 'live' : 'pre';
}

function playedHoles(holes: readonly (number | null)[], holeCount: number): number {
  let played = 0;
  for (let hole = 0; hole < holeCount; hole += 1) if (isPlayed(holes[hole])) played += 1;
  return played;
}

function isPlayed(strokes: number | null | undefined): strokes is number {
  return strokes !== null && strokes !== undefined;
}

/** Per hole, the mean strokes over par of these cards on it; 0 where none played it. */
export function holeDifficulty(
  pars: readonly number[],
  cards: readonly (readonly (number | null)[])[],
): number[] {
  return pars.map((par, hole) => {
    let sum = 0;
    let count = 0;
    for (const card of cards) {
      const strokes = card[hole];
      if (!isPlayed(strokes)) continue;
      sum += strokes - par;
      count += 1;
    }
    return count === 0 ? 0 : sum / count;
  });
}

/** A card's residuals (strokes − par − difficulty), last hole first: newest first. */
export function cardResiduals(
  holes: readonly (number | null)[],
  pars: readonly number[],
  difficulty: readonly number[],
): number[] {
  const residuals: number[] = [];
  for (let hole = pars.length - 1; hole >= 0; hole -= 1) {
    const strokes = holes[hole];
    if (isPlayed(strokes)) residuals.push(strokes - (pars[hole] ?? 0) - (difficulty[hole] ?? 0));
  }
  return residuals;
}

/** Whether a competitor's own past holes weigh in (any member's, on a team). */
export function oddsBasis(competitor: OddsCompetitor): OddsBasis {
  return competitor.members.some((member) => member.residuals.length > 0) ? 'history' : 'field';
}

/**
 * Shares that add up to `total` units, each within one unit of its exact value: the
 * largest-remainder method, ties to the earlier share, so the published chances of a board
 * sum to 1 exactly.
 */
export function apportion(exact: readonly number[], total: number): number[] {
  const sum = exact.reduce((a, b) => a + b, 0);
  if (sum <= 0) return exact.map(() => 0);
  const scaled = exact.map((value) => (value / sum) * total);
  const floors = scaled.map(Math.floor);
  let left = total - floors.reduce((a, b) => a + b, 0);
  const byRemainder = scaled
    .map((value, index) => ({ index, remainder: value - Math.floor(value) }))
    .sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  for (const { index } of byRemainder) {
    if (left <= 0) break;
    floors[index] = (floors[index] ?? 0) + 1;
    left -= 1;
  }
  return floors;
}

const toUnits = (probability: number) => Math.round(probability * UNITS) / UNITS;

/**
 * A finished board needs no simulation: the leaderboard's winners (rank 1) share the win,
 * and a competitor with fewer than three strictly ahead (rank 3 or better) is in the top 3.
 * A board where nobody has played shares the win among everyone.
 */
export function finalOdds(competitors: readonly OddsCompetitor[]): CompetitorOdds[] {
  const anyRanked = competitors.some((competitor) => competitor.rank !== null);
  const wins = competitors.map((competitor) => (!anyRanked || competitor.rank === 1 ? 1 : 0));
  const shares = apportion(wins, UNITS);
  return competitors.map((competitor, index) => ({
    win: (shares[index] ?? 0) / UNITS,
    top3: !anyRanked || (competitor.rank !== null && competitor.rank <= 3) ? 1 : 0,
    basis: oddsBasis(competitor),
  }));
}

/** What one golfer's unplayed holes are drawn from, prepared once per board. */
interface Sampler {
  holes: readonly (number | null)[];
  own: readonly number[];
  /** n / (n + 36): the chance that a draw takes one of the golfer's own residuals. */
  ownWeight: number;
  /** Strokes received per hole (net boards); empty on a gross board. */
  received: readonly number[];
}

const TWO_TO_32 = 2 ** 32;

/**
 * Simulates the rest of the night `simulations` times and counts, per competitor, wins
 * (m competitors tied for the lowest total each get 1/m: a dead heat) and finishes with
 * fewer than three strictly ahead. Each unplayed hole of each golfer: par + the hole's
 * difficulty + a residual drawn from the golfer's own (with probability n/(n + 36)) or
 * else the field's, between 1 and 20 strokes; on a net board, less the strokes the golfer
 * receives there. Not rounded: a residual comes from a whole score already, so it carries
 * that score's rounding, and rounding the sum again spread every golfer's outcomes wider
 * than real golf does (the favourites' chances came out low). One 32-bit draw chooses both
 * the pool and the residual in it, which keeps 10,000
 * nights of 120 golfers fast.
 */
export function simulateOdds(input: OddsBoardInput): CompetitorOdds[] {
  const { pars, competitors, simulations } = input;
  if (competitors.length === 0) return [];
  const field = input.fieldResiduals.length > 0 ? input.fieldResiduals : [0];
  const base = pars.map((par, hole) => par + (input.difficulty[hole] ?? 0));
  const samplers: Sampler[][] = competitors.map((competitor) =>
    competitor.members.map((member) => {
      const own = member.residuals.slice(0, HISTORY_HOLES);
      return {
        holes: member.holes,
        own,
        ownWeight: own.length / (own.length + SHRINKAGE_HOLES),
        received: member.received ?? [],
      };
    }),
  );
  const rng = xoroshiro128plus(input.seed);
  const draw = (sampler: Sampler, hole: number): number => {
    const u = (rng.next() >>> 0) / TWO_TO_32;
    const residual =
      u < sampler.ownWeight
        ? (sampler.own[Math.floor((u / sampler.ownWeight) * sampler.own.length)] ?? 0)
        : (field[Math.floor(((u - sampler.ownWeight) / (1 - sampler.ownWeight)) * field.length)] ??
          0);
    return Math.min(MAX_STROKES, Math.max(MIN_STROKES, (base[hole] ?? 0) + residual));
  };
  const wins = new Float64Array(competitors.length);
  const top3 = new Float64Array(competitors.length);
  const totals = new Float64Array(competitors.length);
  for (let run = 0; run < simulations; run += 1) {
    for (let index = 0; index < samplers.length; index += 1) {
      const members = samplers[index] ?? [];
      let total = 0;
      for (let hole = 0; hole < pars.length; hole += 1) {
        let best = Infinity;
        for (const member of members) {
          const played = member.holes[hole];
          const strokes =
            (isPlayed(played) ? played : draw(member, hole)) - (member.received[hole] ?? 0);
          if (strokes < best) best = strokes;
        }
        total += best === Infinity ? 0 : best;
      }
      totals[index] = total;
    }
    tally(totals, wins, top3);
  }
  const shares = apportion(Array.from(wins), UNITS);
  return competitors.map((competitor, index) => ({
    win: (shares[index] ?? 0) / UNITS,
    top3: toUnits((top3[index] ?? 0) / simulations),
    basis: oddsBasis(competitor),
  }));
}

/** One simulated night: the lowest total wins (shared on a tie), the third lowest is top 3. */
function tally(totals: Float64Array, wins: Float64Array, top3: Float64Array): void {
  let first = Infinity;
  let second = Infinity;
  let third = Infinity;
  for (const total of totals) {
    if (total < first) [first, second, third] = [total, first, second];
    else if (total < second) [second, third] = [total, second];
    else if (total < third) third = total;
  }
  let winners = 0;
  for (const total of totals) if (total === first) winners += 1;
  for (let index = 0; index < totals.length; index += 1) {
    const total = totals[index] ?? Infinity;
    if (total === first) wins[index] = (wins[index] ?? 0) + 1 / winners;
    if (total <= third) top3[index] = (top3[index] ?? 0) + 1;
  }
}

/** The board's odds: exact when it is final, simulated otherwise. */
export function boardOdds(input: OddsBoardInput, phase: OddsPhase): CompetitorOdds[] {
  return phase === 'final' ? finalOdds(input.competitors) : simulateOdds(input);
}

/** Fair odds of a win chance; a certainty has a decimal price of 1.00 and no American one. */
export function fairOdds(win: number): FairOdds {
  if (win <= 0) return { decimal: null, american: null };
  const decimal = Math.round((1 / win) * 100) / 100;
  if (win >= 1 || decimal <= 1) return { decimal, american: null };
  const american =
    decimal >= 2 ? `+${Math.round((decimal - 1) * 100)}` : `-${Math.round(100 / (decimal - 1))}`;
  return { decimal, american };
}

/**
 * A 32-bit seed from the event, the board's version and the board's place on the event
 * (FNV-1a over their digits): every instance seeds a board version alike.
 */
export function oddsSeed(eventId: number, version: number, board: number): number {
  let hash = 0x811c9dc5;
  for (const char of `${eventId}:${version}:${board}`) {
    hash ^= char.charCodeAt(0);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash | 0;
}
