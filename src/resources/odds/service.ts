import type { Executor } from '../../db/executor.js';
import type { Event, Org } from '../../db/schema.js';
import { NotFoundError } from '../../domain/errors.js';
import { scoredFromStored, type FieldMember, type ScoredBoard } from '../../domain/leaderboards.js';
import {
  DEFAULT_SIMULATIONS,
  boardOdds,
  oddsPhase,
  oddsSeed,
  type CompetitorOdds,
  type OddsBoardInput,
  type OddsCompetitor,
  type OddsPhase,
} from '../../domain/odds.js';
import { requirePublicEvent } from '../events/service.js';
import { boardVersions, keptLeaderboards, type KeptLeaderboards } from '../leaderboards/service.js';
import { requireOrg } from '../orgs/service.js';
import { nightModel, type NightModel } from './night-model.js';
import { SimulationPool } from './simulation-pool.js';
import { orgCards } from './store.js';

/** A board's odds beside the board they were computed from. */
export interface ComputedBoard {
  board: ScoredBoard;
  phase: OddsPhase;
  simulations: number;
  odds: CompetitorOdds[];
}

export interface ComputedOdds {
  /** The leaderboard version of the cards the odds were computed from. */
  version: number;
  boards: ComputedBoard[];
}

/** The org of an odds read, or 404 when it does not offer odds. */
export async function requireOddsOrg(db: Executor, orgSlug: string): Promise<Org> {
  const org = await requireOrg(db, orgSlug);
  if (!org.odds_enabled) throw new NotFoundError();
  return org;
}

/** A public event of an org that offers odds; 404 for a hidden or unknown one, or odds off. */
export async function requireOddsEvent(
  db: Executor,
  orgSlug: string,
  eventSlug: string,
): Promise<Event> {
  await requireOddsOrg(db, orgSlug);
  return requirePublicEvent(db, orgSlug, eventSlug);
}

/** A golfer of the field with tonight's card, as the individual board was scored from it. */
interface TonightCard {
  userId: number;
  teamId: number | null;
  holes: readonly (number | null)[];
}

/** The competitors of a board, in its order: a golfer, or a team's members (best ball). */
function competitorsOf(
  board: ScoredBoard,
  field: readonly TonightCard[],
  model: NightModel,
): OddsCompetitor[] {
  const golfer = (card: TonightCard) => ({
    holes: card.holes,
    residuals: model.residualsOf(card.userId, card.holes),
    received: board.received?.get(card.userId) ?? [],
  });
  return board.entries.map((entry) => {
    const { userId, teamId } = entry.competitor;
    const members = field.filter((card) =>
      userId === undefined ? card.teamId === teamId : card.userId === userId,
    );
    return { members: members.map(golfer), rank: entry.row.rank };
  });
}

/**
 * Tonight's cards of the field, as the individual board was scored from them: gross, which
 * a net board's odds net again per golfer.
 */
function fieldCards(boards: readonly ScoredBoard[], field: readonly FieldMember[]): TonightCard[] {
  const holesOf = new Map<number, (number | null)[]>();
  for (const board of boards) {
    if (board.kind !== 'individual') continue;
    for (const entry of board.entries) {
      const { userId } = entry.competitor;
      if (userId !== undefined) holesOf.set(userId, entry.row.holes);
    }
  }
  return field.map((golfer) => ({ ...golfer, holes: holesOf.get(golfer.userId) ?? [] }));
}

/**
 * The odds of the boards as the write that changed them stored them (whom each row scores
 * for, the strokes received): nothing is scored again here, only the night's model is
 * learnt from the org's cards.
 */
async function computeOdds(
  db: Executor,
  event: Event,
  kept: KeptLeaderboards,
  simulations: number,
  pool: SimulationPool,
): Promise<ComputedOdds> {
  const scored = scoredFromStored(kept.boards);
  const pars = event.pars;
  if (pars === null) {
    return {
      version: kept.version,
      boards: scored.map((board) => ({ board, phase: 'pre', simulations: 0, odds: [] })),
    };
  }
  const cards = await orgCards(db, event.org_id);
  const night = { id: event.id, startAt: event.start_at, courseName: event.course_name };
  const model = nightModel(night, pars, cards);
  const field = fieldCards(scored, kept.boards.field);
  const boards = await Promise.all(
    scored.map(async (board, index): Promise<ComputedBoard> => {
      const competitors = competitorsOf(board, field, model);
      const phase = oddsPhase(competitors, pars.length, event.status === 'completed');
      const input: OddsBoardInput = {
        pars,
        difficulty: model.difficulty,
        fieldResiduals: model.fieldResiduals,
        competitors,
        simulations,
        seed: oddsSeed(event.id, kept.version, index),
      };
      const exact = phase === 'final' || competitors.length === 0;
      return {
        board,
        phase,
        simulations: exact ? 0 : simulations,
        odds: exact ? boardOdds(input, phase) : await pool.simulate(input),
      };
    }),
  );
  return { version: kept.version, boards };
}

/** Kept odds per event and version: bounded, oldest events and versions out first. */
const KEPT_EVENTS = 200;
const KEPT_VERSIONS = 100;

/**
 * The odds of one database's events as this instance computed them, per board version: a
 * version is simulated once however many read it (they share its promise), and the widget's
 * chart reads the versions computed so far.
 */
export class OddsCache {
  readonly #events = new Map<number, Map<number, Promise<ComputedOdds>>>();
  readonly #pool: SimulationPool;
  readonly #simulations: number;

  constructor(simulations: number, pool = new SimulationPool()) {
    this.#simulations = simulations;
    this.#pool = pool;
  }

  /**
   * The event's odds at its boards' current version. A read asks the database for that
   * version only; the odds of a version are computed once, from the boards as stored.
   */
  async odds(db: Executor, event: Event): Promise<ComputedOdds> {
    const version = (await boardVersions(db, [event.id])).get(event.id) ?? 0;
    let versions = this.#events.get(event.id);
    if (versions === undefined) {
      versions = new Map();
      this.#events.set(event.id, versions);
      const oldest = this.#events.keys().next().value;
      if (this.#events.size > KEPT_EVENTS && oldest !== undefined) this.#events.delete(oldest);
    }
    let computed = versions.get(version);
    if (computed === undefined) {
      const kept = versions;
      const fresh = this.#compute(db, event, version);
      const forget = () => {
        if (kept.get(version) === fresh) kept.delete(version);
      };
      // Odds of a newer version (a write landed meanwhile) are kept under their own.
      fresh.then((odds) => {
        if (odds.version !== version) forget();
      }, forget);
      kept.set(version, fresh);
      const oldest = kept.keys().next().value;
      if (kept.size > KEPT_VERSIONS && oldest !== undefined) kept.delete(oldest);
      computed = fresh;
    }
    return computed;
  }

  async #compute(db: Executor, event: Event, version: number): Promise<ComputedOdds> {
    const kept = await keptLeaderboards(db, event);
    if (kept.version !== version) return this.odds(db, event);
    return computeOdds(db, event, kept, this.#simulations, this.#pool);
  }

  /** The odds of every version of the event computed here so far, oldest first. */
  async history(eventId: number): Promise<ComputedOdds[]> {
    const versions = [...(this.#events.get(eventId)?.values() ?? [])];
    const settled = await Promise.allSettled(versions);
    return settled
      .flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []))
      .sort((a, b) => a.version - b.version);
  }

  async close(): Promise<void> {
    await this.#pool.close();
  }
}

const caches = new WeakMap<Executor, OddsCache>();

/**
 * The instance's odds of a database's events: the JSON read, the stream and the widget
 * share it. The routes create it with the configured number of simulations.
 */
export function oddsCache(db: Executor, simulations = DEFAULT_SIMULATIONS): OddsCache {
  let cache = caches.get(db);
  if (cache === undefined) {
    cache = new OddsCache(simulations);
    caches.set(db, cache);
  }
  return cache;
}
