import type { Executor } from '../../db/executor.js';
import type { Bracket, BracketMatch, Org } from '../../db/schema.js';
import { conflictOnDuplicate } from '../../db/unique-violation.js';
import { checkResult, drawBracket, nextSlot, type ResultInput } from '../../domain/brackets.js';
import { ConflictError, NotFoundError, ValidationError } from '../../domain/errors.js';
import { requireOrg } from '../orgs/service.js';
import { findOrgTeam } from '../teams/service.js';
import { findUser } from '../users/service.js';
import { writeTransaction } from '../transaction.js';
import type { CreateBracketBody } from './schema.js';
import {
  entrantsOf,
  findBracket,
  findPublishedBracket,
  insertBracket,
  insertEntrants,
  insertMatches,
  listBrackets,
  matchesOf,
  setBracketStatus,
  setMatchResult,
  setMatchSide,
  type BracketListRow,
  type NamedEntrant,
} from './store.js';

/** A bracket with its entrants and (once published) every match. */
export interface BracketView {
  bracket: Bracket;
  entrants: NamedEntrant[];
  matches: BracketMatch[];
}

async function viewOf(db: Executor, bracket: Bracket): Promise<BracketView> {
  return {
    bracket,
    entrants: await entrantsOf(db, bracket.id),
    matches: await matchesOf(db, bracket.id),
  };
}

async function requireBracket(db: Executor, org: Org, id: number, lock = false): Promise<Bracket> {
  const bracket = await findBracket(db, org.id, id, lock);
  if (bracket === undefined) throw new NotFoundError();
  return bracket;
}

type EntrantBody = CreateBracketBody['entrants'][number];

/**
 * What is wrong with a field, by `entrants.<index>`: a golfer or team named twice, a field
 * of golfers and teams mixed, a golfer who does not exist, a team of no league of the org.
 */
async function entrantErrors(
  db: Executor,
  org: Org,
  entrants: readonly EntrantBody[],
): Promise<Record<string, string>> {
  const errors: Record<string, string> = {};
  const firstIndex = new Map<string, number>();
  const teams = entrants.filter((entrant) => 'teamId' in entrant).length;
  if (teams > 0 && teams < entrants.length) {
    errors.entrants = 'must be all golfers or all teams, not both';
  }
  for (const [index, entrant] of entrants.entries()) {
    const [what, id] = 'userId' in entrant ? ['golfer', entrant.userId] : ['team', entrant.teamId];
    const key = `${what} ${id}`;
    const earlier = firstIndex.get(key);
    if (earlier !== undefined) {
      errors[`entrants.${index}`] =
        `names the same ${what} as entrants.${earlier}: no one is drawn twice`;
      continue;
    }
    firstIndex.set(key, index);
    if ('userId' in entrant) {
      if ((await findUser(db, entrant.userId)) === undefined) {
        errors[`entrants.${index}.userId`] = 'names no golfer';
      }
    } else if ((await findOrgTeam(db, org.id, entrant.teamId)) === undefined) {
      errors[`entrants.${index}.teamId`] = 'names no team of a league of this organization';
    }
  }
  return errors;
}

/** A draft bracket: its entrants in seed order, nothing drawn yet. */
export async function createBracket(
  db: Executor,
  orgSlug: string,
  body: CreateBracketBody,
): Promise<BracketView> {
  return writeTransaction(db, async (trx) => {
    const org = await requireOrg(trx, orgSlug);
    const errors = await entrantErrors(trx, org, body.entrants);
    if (Object.keys(errors).length > 0) throw new ValidationError(errors);
    const bracket = await insertBracket(trx, {
      org_id: org.id,
      slug: body.slug,
      name: body.name,
      holes_per_match: body.holesPerMatch,
    }).catch(conflictOnDuplicate('A bracket with this slug already exists.'));
    await insertEntrants(
      trx,
      body.entrants.map((entrant, index) => ({
        bracket_id: bracket.id,
        seed: index + 1,
        user_id: 'userId' in entrant ? entrant.userId : null,
        team_id: 'teamId' in entrant ? entrant.teamId : null,
      })),
    );
    return viewOf(trx, bracket);
  });
}

/**
 * Draws the bracket (decisions §20) and makes it public: every match of every round is
 * written, round one by standard seeding, byes decided and their seeds already placed in
 * round two.
 */
export async function publishBracket(
  db: Executor,
  orgSlug: string,
  id: number,
): Promise<BracketView> {
  return writeTransaction(db, async (trx) => {
    const org = await requireOrg(trx, orgSlug);
    const bracket = await requireBracket(trx, org, id, true);
    if (bracket.status === 'published') {
      throw new ConflictError('This bracket is already published: its draw is made.');
    }
    const entrants = await entrantsOf(trx, bracket.id);
    const entrantOfSeed = (seed: number | null) =>
      seed === null ? null : (entrants.find((entrant) => entrant.seed === seed)?.id ?? null);
    await insertMatches(
      trx,
      drawBracket(entrants.length).map((match) => ({
        bracket_id: bracket.id,
        round: match.round,
        number: match.number,
        side1_entrant_id: entrantOfSeed(match.seeds[0]),
        side2_entrant_id: entrantOfSeed(match.seeds[1]),
        winner: match.bye ? 1 : null,
        kind: match.bye ? 'bye' : null,
      })),
    );
    await setBracketStatus(trx, bracket.id, 'published');
    return viewOf(trx, { ...bracket, status: 'published' });
  });
}

/** The side of the next match a winner takes. */
interface NextSide {
  matchId: number;
  side: 1 | 2;
}

/**
 * A match whose result may change, with the match its winner plays next (none after the
 * final): both sides known, not a bye, and the next match without a result yet.
 */
async function changeableMatch(
  trx: Executor,
  request: { orgSlug: string; id: number; matchId: number },
): Promise<{ bracket: Bracket; match: BracketMatch; next?: NextSide }> {
  const org = await requireOrg(trx, request.orgSlug);
  const bracket = await requireBracket(trx, org, request.id, true);
  const matches = await matchesOf(trx, bracket.id);
  const match = matches.find((candidate) => candidate.id === request.matchId);
  if (match === undefined) throw new NotFoundError();
  if (match.kind === 'bye') throw new ConflictError('A bye has no result: its side goes through.');
  if (match.side1_entrant_id === null || match.side2_entrant_id === null) {
    throw new ConflictError('Both sides of this match are not known yet.');
  }
  const rounds = matches.at(-1)?.round ?? 0;
  const slot = nextSlot(match.round, match.number, rounds);
  const next = matches.find(
    (candidate) => candidate.round === slot?.round && candidate.number === slot.number,
  );
  if (slot === null || next === undefined) return { bracket, match };
  if (next.winner !== null) {
    throw new ConflictError(
      'The next match already has a result: remove that result before changing this one.',
    );
  }
  return { bracket, match, next: { matchId: next.id, side: slot.side } };
}

/** Enters or replaces a match's result; its winner takes their place in the next match. */
export async function setResult(
  db: Executor,
  request: { orgSlug: string; id: number; matchId: number; result: ResultInput },
): Promise<BracketView> {
  return writeTransaction(db, async (trx) => {
    const { bracket, match, next } = await changeableMatch(trx, request);
    const checked = checkResult(request.result, bracket.holes_per_match);
    if ('errors' in checked) throw new ValidationError(checked.errors);
    const { result } = checked;
    await setMatchResult(trx, match.id, {
      winner: result.winner,
      kind: result.kind,
      up: result.up,
      to_play: result.toPlay,
      holes_played: result.holesPlayed,
    });
    if (next !== undefined) {
      const winner = result.winner === 1 ? match.side1_entrant_id : match.side2_entrant_id;
      await setMatchSide(trx, next.matchId, next.side, winner);
    }
    return viewOf(trx, bracket);
  });
}

/** Removes a match's result, and its winner from the next match. */
export async function removeResult(
  db: Executor,
  request: { orgSlug: string; id: number; matchId: number },
): Promise<void> {
  await writeTransaction(db, async (trx) => {
    const { match, next } = await changeableMatch(trx, request);
    if (match.winner === null) throw new ConflictError('This match has no result to remove.');
    await setMatchResult(trx, match.id, {
      winner: null,
      kind: null,
      up: null,
      to_play: null,
      holes_played: null,
    });
    if (next !== undefined) await setMatchSide(trx, next.matchId, next.side, null);
  });
}

/** The org's published brackets, newest first. */
export async function listPublicBrackets(db: Executor, orgSlug: string): Promise<BracketListRow[]> {
  const org = await requireOrg(db, orgSlug);
  const { rows } = await listBrackets(db, { orgId: org.id, publishedOnly: true });
  return rows;
}

/** A published bracket by slug; a draft is as unknown as a missing one. */
export async function getPublicBracket(
  db: Executor,
  orgSlug: string,
  slug: string,
): Promise<BracketView> {
  const bracket = await findPublishedBracket(db, orgSlug, slug);
  if (bracket === undefined) throw new NotFoundError();
  return viewOf(db, bracket);
}

/** Every bracket of the org, drafts included, one page of them. */
export async function listOrgBrackets(
  db: Executor,
  request: { orgSlug: string; limit: number; offset: number },
): Promise<{ count: number; rows: BracketListRow[] }> {
  const org = await requireOrg(db, request.orgSlug);
  return listBrackets(db, {
    orgId: org.id,
    publishedOnly: false,
    page: { limit: request.limit, offset: request.offset },
  });
}

export async function getOrgBracket(
  db: Executor,
  orgSlug: string,
  id: number,
): Promise<BracketView> {
  const org = await requireOrg(db, orgSlug);
  return viewOf(db, await requireBracket(db, org, id));
}
