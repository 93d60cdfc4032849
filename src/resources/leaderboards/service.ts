import type { Executor } from '../../db/executor.js';
import type { Event } from '../../db/schema.js';
import { CourseNotSetError, holesErrors } from '../../domain/course.js';
import { ConflictError, NotFoundError, ValidationError } from '../../domain/errors.js';
import { resultsFromBoard } from '../../domain/leaderboard-results.js';
import {
  BOARD_KINDS,
  buildLeaderboards,
  publicLeaderboards,
  type FieldCard,
  type PublicLeaderboard,
  type ScoredBoard,
} from '../../domain/leaderboards.js';
import { eventField, requireLockedEvent, type FieldGolfer } from '../events/service.js';
import { findEventById, lockEvent } from '../events/store.js';
import { findLeagueById } from '../leagues/store.js';
import { requireOrg } from '../orgs/service.js';
import { postResults } from '../standings/service.js';
import { findStandingSeries } from '../standings/store.js';
import {
  deleteScoreCard,
  findLeaderboards,
  saveLeaderboards,
  scoreCardsOf,
  scoredEventsOfLeague,
  upsertScoreCard,
} from './store.js';

/** Whether the event is a night of a team league, which adds a best-ball board. */
async function hasTeamBoard(db: Executor, event: Event): Promise<boolean> {
  if (event.event_series_id === null) return false;
  const league = await findLeagueById(db, event.org_id, event.event_series_id);
  return league !== undefined && league.entry_size > 1;
}

/** Scores an event's boards from its field and cards: one event's cards, never more. */
async function scoreBoards(
  db: Executor,
  event: Event,
  field: readonly FieldGolfer[],
): Promise<ScoredBoard[]> {
  const [teamBoard, cards] = await Promise.all([
    hasTeamBoard(db, event),
    event.pars === null ? [] : scoreCardsOf(db, event.id),
  ]);
  const holesOf = new Map(cards.map((card) => [card.userId, card.holes]));
  const golfers = field.map((golfer): FieldCard => ({
    userId: golfer.userId,
    name: golfer.name,
    teamId: golfer.teamId,
    teamName: golfer.teamName,
    holes: holesOf.get(golfer.userId) ?? null,
  }));
  return buildLeaderboards({ pars: event.pars, golfers, teamBoard });
}

/**
 * Rebuilds and stores an event's boards and moves their version, inside the transaction
 * of the write that changed them (the caller holds the event's lock). `field` saves a
 * second read when the caller has it; returns the new version.
 */
export async function storeLeaderboards(
  trx: Executor,
  event: Event,
  field?: readonly FieldGolfer[],
): Promise<number> {
  const golfers = field ?? (event.pars === null ? [] : await eventField(trx, event));
  const boards = await scoreBoards(trx, event, golfers);
  return saveLeaderboards(trx, event.id, publicLeaderboards(boards));
}

/**
 * Rebuilds the boards of every scored night of a league after a change to its roster or
 * teams (who is in the field, and under which team name). The caller holds the league's
 * lock; events are locked after it, in id order, as event writes do.
 */
export async function refreshLeagueLeaderboards(trx: Executor, leagueId: number): Promise<void> {
  for (const event of await scoredEventsOfLeague(trx, leagueId)) {
    const locked = await lockEvent(trx, event.id);
    if (locked !== undefined) await storeLeaderboards(trx, locked);
  }
}

export interface EventLeaderboards {
  /** Moves on every write that changes the boards; 0 before the first one. */
  version: number;
  leaderboards: PublicLeaderboard[];
}

/**
 * An event's boards as stored by the last write. Before any write the boards have no
 * rows unless the event already has a course, when they are scored once here.
 */
export async function getLeaderboards(db: Executor, event: Event): Promise<EventLeaderboards> {
  const stored = await findLeaderboards(db, event.id);
  if (stored !== undefined) {
    return { version: stored.version, leaderboards: stored.boards.leaderboards };
  }
  const field = event.pars === null ? [] : await eventField(db, event);
  const boards = publicLeaderboards(await scoreBoards(db, event, field));
  return { version: 0, leaderboards: boards.leaderboards };
}

export interface LeaderboardResultsRequest {
  orgSlug: string;
  eventId: number;
  seriesId: number;
  seasonId?: number | undefined;
  /** Which board to post; a night of a team league posts its team board unless told. */
  board?: string | undefined;
  /** Points of places 1, 2, 3…; places past the end score 0. */
  points: readonly number[];
}

function checkPoints(points: readonly number[]): void {
  if (points.length === 0) throw new ValidationError({ points: 'must list at least one place' });
  const index = points.findIndex((value) => !Number.isFinite(value));
  if (index !== -1) throw new ValidationError({ [`points.${index}`]: 'must be a number' });
}

function chooseBoard(boards: ScoredBoard[], requested: string | undefined): ScoredBoard {
  if (requested !== undefined && !(BOARD_KINDS as readonly string[]).includes(requested)) {
    throw new ValidationError({ board: `must be one of: ${BOARD_KINDS.join(', ')}` });
  }
  const kind = requested ?? (boards.some((board) => board.kind === 'team') ? 'team' : 'individual');
  const board = boards.find((candidate) => candidate.kind === kind);
  if (board === undefined) {
    throw new ValidationError({
      board: 'this event has no team board: it is not a night of a team league',
    });
  }
  return board;
}

/**
 * Posts an event's final board into a standings series through the ordinary results
 * service, replacing what the event gave the series before. Full cards only; tied places
 * share their points (see `resultsFromBoard`).
 */
export async function postLeaderboardResults(db: Executor, request: LeaderboardResultsRequest) {
  checkPoints(request.points);
  const org = await requireOrg(db, request.orgSlug);
  const event = await findEventById(db, org.id, request.eventId);
  if (event === undefined) throw new NotFoundError();
  if (event.pars === null) throw new CourseNotSetError();
  if ((await findStandingSeries(db, org.id, request.seriesId)) === undefined) {
    throw new ValidationError({ seriesId: 'names no standings series of this organization' });
  }
  const board = chooseBoard(
    await scoreBoards(db, event, await eventField(db, event)),
    request.board,
  );
  const results = resultsFromBoard(board.entries, event.pars.length, request.points);
  return postResults(db, {
    orgSlug: org.slug,
    seriesId: request.seriesId,
    eventId: event.id,
    seasonId: request.seasonId,
    results: results.map((result) => ({
      userId: result.competitor.userId,
      teamId: result.competitor.teamId,
      position: result.position,
      points: result.points,
    })),
  });
}
/**
 * Writes a golfer's card (one entry per hole, null for a hole not played yet) and rescores
 * the event's boards in the same transaction; returns the boards' new version.
 */
export async function putScoreCard(
  db: Executor,
  request: CardRequest & { holes: readonly (number | null)[] },
): Promise<{ leaderboardVersion: number }> {
  return db.transaction().execute(async (trx) => {
    const { event } = await requireLockedEvent(trx, request.orgSlug, request.eventId);
    if (event.pars === null) throw new CourseNotSetError();
    const errors = holesErrors(request.holes, event.pars.length);
    if (Object.keys(errors).length > 0) throw new ValidationError(errors);
    const field = await eventField(trx, event);
    if (!field.some((golfer) => golfer.userId === request.userId)) {
      throw new ConflictError('This golfer is not in the event’s field.');
    }
    await upsertScoreCard(trx, event.id, { userId: request.userId, holes: [...request.holes] });
    return { leaderboardVersion: await storeLeaderboards(trx, event, field) };
  });
}
/** Removes a golfer's card (404 without one) and rescores the event's boards. */
export async function removeScoreCard(
  db: Executor,
  request: CardRequest,
): Promise<{ leaderboardVersion: number }> {
  return db.transaction().execute(async (trx) => {
    const { event } = await requireLockedEvent(trx, request.orgSlug, request.eventId);
    if (!(await deleteScoreCard(trx, event.id, request.userId))) throw new NotFoundError();
    return { leaderboardVersion: await storeLeaderboards(trx, event) };
  });
}
export interface CardRequest {
  orgSlug: string;
  eventId: number;
  userId: number;
}
