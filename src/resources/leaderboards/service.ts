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
import type { DataVersion } from '../../db/data-version.js';
import { eventField, findEvent, requireLockedEvent, type FieldGolfer } from '../events/service.js';
import { derivedStateIsStale, writeTransaction } from '../transaction.js';
import { findLeague } from '../leagues/service.js';
import { requireOrg } from '../orgs/service.js';
import { findSeries, postResults } from '../standings/service.js';
import {
  clearStaleMarks,
  deleteScoreCard,
  findLeaderboards,
  hasStaleMarks,
  lockStaleEvents,
  saveLeaderboards,
  scoreCardsOf,
  type ScoreCard,
  upsertScoreCard,
  hasScoreCards,
  leaderboardVersions,
} from './store.js';

/** Whether the event is a night of a team league, which adds a best-ball board. */
async function hasTeamBoard(db: Executor, event: Event): Promise<boolean> {
  if (event.event_series_id === null) return false;
  const league = await findLeague(db, event.org_id, event.event_series_id);
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
 * Rebuilds the boards of every event marked stale, in the transaction that marked them
 * just before it commits (`writeTransaction`), or for changes made outside the app when
 * it hears of them. The marks come from triggers on every table a board is computed from
 * (migration 006), so no writer has to know which boards its change reaches.
 */
export async function rebuildStaleLeaderboards(trx: Executor): Promise<void> {
  const events = await lockStaleEvents(trx);
  if (events.length === 0) return;
  const marked = new Set(
    await clearStaleMarks(
      trx,
      events.map((event) => event.id),
    ),
  );
  for (const event of events) {
    if (!marked.has(event.id)) continue;
    const field = event.pars === null ? [] : await eventField(trx, event);
    await saveLeaderboards(trx, event.id, publicLeaderboards(await scoreBoards(trx, event, field)));
  }
}

/** Whether a change made outside the app left boards to rebuild. */
export async function leaderboardsAreStale(db: Executor): Promise<boolean> {
  return hasStaleMarks(db);
}

/**
 * Rebuilds what is still marked stale (boards, and the players' profiles that follow them)
 * each time the data version moves: changes that did
 * not go through `writeTransaction` (an operator's psql, another tool) mark boards but do
 * not rebuild them. Runs once at the start for marks left while no app was running; runs
 * never overlap, and a change heard during one brings another. Returns what stops it.
 * Its statements are upkeep, not part of any request: they run without the plugins of
 * `app`, which count the statements requests send.
 */
export function rebuildStaleLeaderboardsOnChange(
  app: Executor,
  version: DataVersion,
  failed: (error: unknown) => void,
): () => void {
  const db = app.withoutPlugins();
  let running = false;
  let changedMeanwhile = false;
  let stopped = false;
  const takeChange = (): boolean => {
    const changed = changedMeanwhile;
    changedMeanwhile = false;
    return changed;
  };
  const run = async (): Promise<void> => {
    if (running) {
      changedMeanwhile = true;
      return;
    }
    running = true;
    try {
      do {
        if (await derivedStateIsStale(db)) await writeTransaction(db, async () => undefined);
      } while (takeChange() && !stopped);
    } catch (error) {
      failed(error);
    } finally {
      running = false;
    }
  };
  const unsubscribe = version.onChange(() => void run());
  void run();
  return () => {
    stopped = true;
    unsubscribe();
  };
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

/** The stored board version of each of these events that has one, in one query. */
export async function boardVersions(
  db: Executor,
  eventIds: readonly number[],
): Promise<Map<number, number>> {
  return leaderboardVersions(db, eventIds);
}

/** An event's boards with whom each row scores for, and the field they were scored from. */
export interface ScoredLeaderboards {
  version: number;
  boards: ScoredBoard[];
  field: FieldGolfer[];
}

/**
 * An event's boards scored from its cards as they are, at the version those cards gave
 * the stored boards: read again until no write landed between the version and the cards,
 * so that what is computed from them (live odds) belongs to that version.
 */
export async function scoredLeaderboards(db: Executor, event: Event): Promise<ScoredLeaderboards> {
  for (;;) {
    const version = (await findLeaderboards(db, event.id))?.version ?? 0;
    const field = event.pars === null ? [] : await eventField(db, event);
    const boards = await scoreBoards(db, event, field);
    if (((await findLeaderboards(db, event.id))?.version ?? 0) === version) {
      return { version, boards, field };
    }
  }
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
  const event = await findEvent(db, org.id, request.eventId);
  if (event === undefined) throw new NotFoundError();
  if (event.pars === null) throw new CourseNotSetError();
  if ((await findSeries(db, org.id, request.seriesId)) === undefined) {
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
export interface CardRequest {
  orgSlug: string;
  eventId: number;
  userId: number;
}

/** The version an event's boards have reached, read after this transaction rebuilt them. */
async function boardsVersion(trx: Executor, eventId: number): Promise<number> {
  return (await findLeaderboards(trx, eventId))?.version ?? 0;
}

/**
 * Writes a golfer's card (one entry per hole, null for a hole not played yet); the boards
 * are rescored before the write commits. Returns the boards' new version.
 */
export async function putScoreCard(
  db: Executor,
  request: CardRequest & { holes: readonly (number | null)[] },
): Promise<{ leaderboardVersion: number }> {
  const leaderboardVersion = await writeTransaction(
    db,
    async (trx) => {
      const { event } = await requireLockedEvent(trx, request.orgSlug, request.eventId);
      if (event.pars === null) throw new CourseNotSetError();
      const errors = holesErrors(request.holes, event.pars.length);
      if (Object.keys(errors).length > 0) throw new ValidationError(errors);
      const field = await eventField(trx, event);
      if (!field.some((golfer) => golfer.userId === request.userId)) {
        throw new ConflictError('This golfer is not in the event’s field.');
      }
      await upsertScoreCard(trx, event.id, { userId: request.userId, holes: [...request.holes] });
      return event.id;
    },
    boardsVersion,
  );
  return { leaderboardVersion };
}

/** Removes a golfer's card (404 without one); the boards are rescored before it commits. */
export async function removeScoreCard(
  db: Executor,
  request: CardRequest,
): Promise<{ leaderboardVersion: number }> {
  const leaderboardVersion = await writeTransaction(
    db,
    async (trx) => {
      const { event } = await requireLockedEvent(trx, request.orgSlug, request.eventId);
      if (!(await deleteScoreCard(trx, event.id, request.userId))) throw new NotFoundError();
      return event.id;
    },
    boardsVersion,
  );
  return { leaderboardVersion };
}

/** Whether any golfer has a score card in the event (its course is then fixed). */
export async function hasScores(db: Executor, eventId: number): Promise<boolean> {
  return hasScoreCards(db, eventId);
}

/** Every card of an event: strokes per hole, by golfer. */
export async function scoreCardsOfEvent(db: Executor, eventId: number): Promise<ScoreCard[]> {
  return scoreCardsOf(db, eventId);
}
