import type { Executor } from '../../db/executor.js';
import type { Event } from '../../db/schema.js';
import {
  CourseNotSetError,
  holesErrors,
  holesPatchErrors,
  patchedCard,
  type HolesPatch,
} from '../../domain/course.js';
import {
  MAX_PLAYING_HANDICAP,
  MIN_PLAYING_HANDICAP,
  playingHandicap,
} from '../../domain/net-scoring.js';
import { ConflictError, NotFoundError, ValidationError } from '../../domain/errors.js';
import { leagueHandicap } from '../../domain/handicaps.js';
import { resultsFromBoard } from '../../domain/leaderboard-results.js';
import {
  BOARD_KINDS,
  buildLeaderboards,
  storedLeaderboards,
  type FieldCard,
  type NetScoring,
  type PublicLeaderboard,
  type ScoredBoard,
  type StoredLeaderboards,
} from '../../domain/leaderboards.js';
import type { DataVersion } from '../../db/data-version.js';
import {
  eventField,
  eventFieldSource,
  findEvent,
  requireLockedEvent,
  type FieldGolfer,
} from '../events/service.js';
import { rebuildDerivedState, writeTransaction, type Rebuilt } from '../transaction.js';
import { isTeamLeague } from '../leagues/service.js';
import { requireOrg } from '../orgs/service.js';
import { findSeries, postResults } from '../standings/service.js';
import {
  clearStaleMarks,
  deleteScoreCard,
  findScoreCard,
  earlierCardsOf,
  playingHandicapsOf,
  replacePlayingHandicaps,
  type ParCard,
  findLeaderboards,
  lockStaleEvents,
  saveLeaderboards,
  scoreCardsOf,
  type ScoreCard,
  upsertScoreCard,
  hasScoreCards,
  leaderboardVersions,
} from './store.js';

/**
 * What an event's boards are scored from beside its cards: its field, and whether it is a
 * night of a team league, which adds a best-ball board. A league's nights share both (the
 * roster, the league's entry size), so a reader asked for several nights, as a rebuild of a
 * golfer's later net-scored nights is, reads each league's once.
 */
interface BoardSources {
  field(event: Event): Promise<readonly FieldGolfer[]>;
  hasTeamBoard(event: Event): Promise<boolean>;
}

function boardSources(db: Executor): BoardSources {
  const fields = new Map<string, Promise<readonly FieldGolfer[]>>();
  const teamLeagues = new Map<number, Promise<boolean>>();
  const readOnce = <K, T>(kept: Map<K, Promise<T>>, key: K, read: () => Promise<T>) => {
    let value = kept.get(key);
    if (value === undefined) {
      value = read();
      kept.set(key, value);
    }
    return value;
  };
  return {
    field: (event) => readOnce(fields, eventFieldSource(event), () => eventField(db, event)),
    hasTeamBoard: (event) => {
      const leagueId = event.event_series_id;
      if (leagueId === null) return Promise.resolve(false);
      return readOnce(teamLeagues, leagueId, () => isTeamLeague(db, event.org_id, leagueId));
    },
  };
}

/**
 * What a net-scored event's boards need (decisions §24): its stroke index and each
 * golfer's playing handicap, the one the organizer set or else the league handicap of
 * §19 from the golfer's complete cards of the org's earlier events, scaled to the card.
 */
async function netScoring(
  db: Executor,
  event: Event,
  field: readonly FieldGolfer[],
): Promise<NetScoring | null> {
  if (!event.net_scoring || event.pars === null) return null;
  const holeCount = event.pars.length;
  const set = await playingHandicapsOf(db, event.id);
  const others = field.map((golfer) => golfer.userId).filter((userId) => !set.has(userId));
  const cardsOf = new Map<number, ParCard[]>();
  for (const card of await earlierCardsOf(db, event.org_id, event.start_at, others)) {
    const cards = cardsOf.get(card.userId);
    if (cards === undefined) cardsOf.set(card.userId, [card]);
    else cards.push(card);
  }
  const handicaps = new Map(set);
  for (const userId of others) {
    const league = leagueHandicap(cardsOf.get(userId) ?? []);
    handicaps.set(userId, playingHandicap(league?.value ?? null, holeCount));
  }
  return { strokeIndex: event.stroke_index, handicaps };
}

/**
 * Scores an event's boards from its field and cards: one event's cards, and for a net
 * board the handicaps its golfers play off.
 */
async function scoreBoards(
  db: Executor,
  event: Event,
  field: readonly FieldGolfer[],
  sources: BoardSources = boardSources(db),
): Promise<ScoredBoard[]> {
  const [teamBoard, cards, net] = await Promise.all([
    sources.hasTeamBoard(event),
    event.pars === null ? [] : scoreCardsOf(db, event.id),
    netScoring(db, event, field),
  ]);
  const holesOf = new Map(cards.map((card) => [card.userId, card.holes]));
  const golfers = field.map((golfer): FieldCard => ({
    userId: golfer.userId,
    name: golfer.name,
    teamId: golfer.teamId,
    teamName: golfer.teamName,
    holes: holesOf.get(golfer.userId) ?? null,
  }));
  return buildLeaderboards({ pars: event.pars, golfers, teamBoard, net });
}

export { anyStaleBoards } from './store.js';

/**
 * Rebuilds the boards of every event marked stale, in the transaction that marked them
 * just before it commits (`writeTransaction`), or for changes made outside the app when
 * it hears of them. The marks come from triggers on every table a board is computed from
 * (migration 006), so no writer has to know which boards its change reaches.
 */
export async function rebuildStaleLeaderboards(trx: Executor): Promise<Map<number, number>> {
  const versions = new Map<number, number>();
  const events = await lockStaleEvents(trx);
  if (events.length === 0) return versions;
  const marked = new Set(
    await clearStaleMarks(
      trx,
      events.map((event) => event.id),
    ),
  );
  const sources = boardSources(trx);
  for (const event of events) {
    if (!marked.has(event.id)) continue;
    const field = event.pars === null ? [] : await sources.field(event);
    const boards = await scoreBoards(trx, event, field, sources);
    versions.set(
      event.id,
      await saveLeaderboards(trx, event.id, storedLeaderboards(boards, field)),
    );
  }
  return versions;
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
        await rebuildDerivedState(db);
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

/** An event's boards as kept, with whom each row scores for, at their version. */
export interface KeptLeaderboards {
  version: number;
  boards: StoredLeaderboards;
}

/**
 * An event's boards as stored by the last write, with what the server keeps beside the
 * rows (the odds read it). Before any write the boards have no rows unless the event
 * already has a course, when they are scored once here.
 */
export async function keptLeaderboards(db: Executor, event: Event): Promise<KeptLeaderboards> {
  const stored = await findLeaderboards(db, event.id);
  if (stored !== undefined) return stored;
  const field = event.pars === null ? [] : await eventField(db, event);
  return { version: 0, boards: storedLeaderboards(await scoreBoards(db, event, field), field) };
}

/** An event's boards as the public reads them: rows only, never whom they score for. */
export async function getLeaderboards(db: Executor, event: Event): Promise<EventLeaderboards> {
  const kept = await keptLeaderboards(db, event);
  return {
    version: kept.version,
    leaderboards: kept.boards.leaderboards.map(({ name, scoring, par, rows }) => ({
      name,
      scoring,
      par,
      rows,
    })),
  };
}

/** The stored board version of each of these events that has one, in one query. */
export async function boardVersions(
  db: Executor,
  eventIds: readonly number[],
): Promise<Map<number, number>> {
  return leaderboardVersions(db, eventIds);
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
      board:
        kind === 'net'
          ? 'this event has no net board: it is not scored net'
          : 'this event has no team board: it is not a night of a team league',
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

/**
 * The version an event's boards have reached in this transaction: the one its rebuild
 * stored, else (another transaction rebuilt them) the one stored now.
 */
async function boardsVersion(trx: Executor, eventId: number, rebuilt: Rebuilt): Promise<number> {
  return rebuilt.boardVersions.get(eventId) ?? (await findLeaderboards(trx, eventId))?.version ?? 0;
}

/** The new card of a write, from the event (its course set) under the event's lock. */
type NewCard = (trx: Executor, event: Event, holeCount: number) => Promise<(number | null)[]>;

/**
 * The one way a golfer's card is written, whole or hole by hole: the event's row locked
 * first, so that writes of its cards take turns (two patches of one card both land), its
 * course set, the golfer in its field; the boards are rescored before the write commits.
 * Returns the card as stored and the boards' new version.
 */
async function writeScoreCard(
  db: Executor,
  request: CardRequest,
  newCard: NewCard,
): Promise<{ holes: (number | null)[]; leaderboardVersion: number }> {
  return writeTransaction(
    db,
    async (trx) => {
      const event = await requireLockedEvent(trx, request.orgSlug, request.eventId);
      if (event.pars === null) throw new CourseNotSetError();
      const holes = await newCard(trx, event, event.pars.length);
      const field = await eventField(trx, event);
      if (!field.some((golfer) => golfer.userId === request.userId)) {
        throw new ConflictError('This golfer is not in the event’s field.');
      }
      await upsertScoreCard(trx, event.id, { userId: request.userId, holes });
      return { eventId: event.id, holes };
    },
    async (trx, { eventId, holes }, rebuilt) => ({
      holes,
      leaderboardVersion: await boardsVersion(trx, eventId, rebuilt),
    }),
  );
}

/**
 * Writes a golfer's whole card (one entry per hole, null for a hole not played yet).
 * Returns the boards' new version.
 */
export async function putScoreCard(
  db: Executor,
  request: CardRequest & { holes: readonly (number | null)[] },
): Promise<{ leaderboardVersion: number }> {
  const { leaderboardVersion } = await writeScoreCard(db, request, async (_trx, _event, count) => {
    const errors = holesErrors(request.holes, count);
    if (Object.keys(errors).length > 0) throw new ValidationError(errors);
    return [...request.holes];
  });
  return { leaderboardVersion };
}

/**
 * Sets or clears single holes of a golfer's card (decisions §23), numbered from 1; the
 * other holes keep their strokes, and a golfer without a card gets one with only these
 * holes played. Returns the card as stored and the boards' new version.
 */
export async function patchScoreCard(
  db: Executor,
  request: CardRequest & { holes: HolesPatch },
): Promise<{ holes: (number | null)[]; leaderboardVersion: number }> {
  return writeScoreCard(db, request, async (trx, event, count) => {
    const errors = holesPatchErrors(request.holes, count);
    if (Object.keys(errors).length > 0) throw new ValidationError(errors);
    // Read under the event's lock: a concurrent patch of the card has committed or waits.
    const current = await findScoreCard(trx, event.id, request.userId);
    return patchedCard(current ?? null, request.holes, count);
  });
}

/** Removes a golfer's card (404 without one); the boards are rescored before it commits. */
export async function removeScoreCard(
  db: Executor,
  request: CardRequest,
): Promise<{ leaderboardVersion: number }> {
  const leaderboardVersion = await writeTransaction(
    db,
    async (trx) => {
      const event = await requireLockedEvent(trx, request.orgSlug, request.eventId);
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

/** An event's playing handicaps as its organizer set them: user id → strokes. */
export type PlayingHandicaps = Record<string, number>;

/** The playing handicaps set for an event of the org (404 for another org's event). */
export async function getPlayingHandicaps(
  db: Executor,
  orgSlug: string,
  eventId: number,
): Promise<PlayingHandicaps> {
  const org = await requireOrg(db, orgSlug);
  const event = await findEvent(db, org.id, eventId);
  if (event === undefined) throw new NotFoundError();
  return Object.fromEntries(await playingHandicapsOf(db, event.id));
}

/**
 * Replaces an event's playing handicaps (decisions §24): every key a golfer of its field,
 * every value whole strokes from −10 to 54. A golfer left out plays off their league
 * handicap. The boards are rescored before it commits.
 */
export async function putPlayingHandicaps(
  db: Executor,
  request: { orgSlug: string; eventId: number; handicaps: PlayingHandicaps },
): Promise<{ handicaps: PlayingHandicaps; leaderboardVersion: number }> {
  const leaderboardVersion = await writeTransaction(
    db,
    async (trx) => {
      const event = await requireLockedEvent(trx, request.orgSlug, request.eventId);
      const inField = new Set((await eventField(trx, event)).map((golfer) => golfer.userId));
      const errors: Record<string, string> = {};
      const handicaps = new Map<number, number>();
      for (const [key, strokes] of Object.entries(request.handicaps)) {
        const userId = Number(key);
        if (!Number.isSafeInteger(userId) || !inField.has(userId)) {
          errors[key] = 'names no golfer of this event’s field';
        } else if (
          !Number.isInteger(strokes) ||
          strokes < MIN_PLAYING_HANDICAP ||
          strokes > MAX_PLAYING_HANDICAP
        ) {
          errors[key] =
            `must be whole strokes from ${MIN_PLAYING_HANDICAP} to ${MAX_PLAYING_HANDICAP}`;
        } else {
          handicaps.set(userId, strokes);
        }
      }
      if (Object.keys(errors).length > 0) throw new ValidationError(errors);
      await replacePlayingHandicaps(trx, event.id, handicaps);
      return event.id;
    },
    boardsVersion,
  );
  return { handicaps: request.handicaps, leaderboardVersion };
}
