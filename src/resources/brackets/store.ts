import { sql, type Insertable } from 'kysely';
import type { Executor } from '../../db/executor.js';
import type { Bracket, BracketMatch, BracketMatchesTable, BracketStatus } from '../../db/schema.js';

export async function insertBracket(
  db: Executor,
  bracket: { org_id: number; slug: string; name: string; holes_per_match: number },
): Promise<Bracket> {
  return db.insertInto('brackets').values(bracket).returningAll().executeTakeFirstOrThrow();
}

export async function insertEntrants(
  db: Executor,
  entrants: { bracket_id: number; seed: number; user_id: number | null; team_id: number | null }[],
): Promise<void> {
  await db.insertInto('bracket_entrants').values(entrants).execute();
}

/**
 * The org's bracket by id, its row locked when `lock`: results and publication of one
 * bracket are written one request at a time, so that two results cannot both advance.
 */
export async function findBracket(
  db: Executor,
  orgId: number,
  id: number,
  lock = false,
): Promise<Bracket | undefined> {
  const query = db
    .selectFrom('brackets')
    .selectAll()
    .where('org_id', '=', orgId)
    .where('id', '=', id);
  return (lock ? query.forUpdate() : query).executeTakeFirst();
}

/** A published bracket of the org named by its slug. */
export async function findPublishedBracket(
  db: Executor,
  orgSlug: string,
  slug: string,
): Promise<Bracket | undefined> {
  return db
    .selectFrom('brackets')
    .innerJoin('orgs', 'orgs.id', 'brackets.org_id')
    .selectAll('brackets')
    .where('orgs.slug', '=', orgSlug)
    .where('brackets.slug', '=', slug)
    .where('brackets.status', '=', 'published')
    .executeTakeFirst();
}

export async function setBracketStatus(
  db: Executor,
  id: number,
  status: BracketStatus,
): Promise<void> {
  await db.updateTable('brackets').set({ status }).where('id', '=', id).execute();
}

/** An entrant with what its name is made of. */
export interface NamedEntrant {
  id: number;
  seed: number;
  user_id: number | null;
  team_id: number | null;
  first_name: string | null;
  last_name: string | null;
  team_name: string | null;
}

/** The bracket's entrants in seed order, with their golfers' or teams' names. */
export async function entrantsOf(db: Executor, bracketId: number): Promise<NamedEntrant[]> {
  return db
    .selectFrom('bracket_entrants as e')
    .leftJoin('users as u', 'u.id', 'e.user_id')
    .leftJoin('teams as t', 't.id', 'e.team_id')
    .select([
      'e.id',
      'e.seed',
      'e.user_id',
      'e.team_id',
      'u.first_name',
      'u.last_name',
      't.name as team_name',
    ])
    .where('e.bracket_id', '=', bracketId)
    .orderBy('e.seed')
    .execute();
}

export async function insertMatches(
  db: Executor,
  matches: Insertable<BracketMatchesTable>[],
): Promise<void> {
  await db.insertInto('bracket_matches').values(matches).execute();
}

/** The bracket's matches, round by round, top to bottom. */
export async function matchesOf(db: Executor, bracketId: number): Promise<BracketMatch[]> {
  return db
    .selectFrom('bracket_matches')
    .selectAll()
    .where('bracket_id', '=', bracketId)
    .orderBy('round')
    .orderBy('number')
    .execute();
}

/** What a match's result columns hold; all null while unplayed. */
export type ResultColumns = Pick<
  BracketMatch,
  'winner' | 'kind' | 'up' | 'to_play' | 'holes_played'
>;

export async function setMatchResult(
  db: Executor,
  matchId: number,
  result: ResultColumns,
): Promise<void> {
  await db.updateTable('bracket_matches').set(result).where('id', '=', matchId).execute();
}

/** Puts an entrant on (or, with null, takes them off) one side of a match. */
export async function setMatchSide(
  db: Executor,
  matchId: number,
  side: 1 | 2,
  entrantId: number | null,
): Promise<void> {
  await db
    .updateTable('bracket_matches')
    .set(side === 1 ? { side1_entrant_id: entrantId } : { side2_entrant_id: entrantId })
    .where('id', '=', matchId)
    .execute();
}

/** A bracket as a list shows it, with its champion's name parts (none until the final is won). */
export interface BracketListRow {
  id: number;
  slug: string;
  name: string;
  status: BracketStatus;
  holes_per_match: number;
  first_name: string | null;
  last_name: string | null;
  team_name: string | null;
  /** Whether the final has a winner. */
  decided: boolean;
}

/**
 * The org's brackets, newest first (only published ones when `publishedOnly`), each with the
 * winner of its last round's match, and how many there are before paging.
 */
export async function listBrackets(
  db: Executor,
  request: {
    orgId: number;
    publishedOnly: boolean;
    /** Absent: every one. */
    page?: { limit: number; offset: number };
  },
): Promise<{ count: number; rows: BracketListRow[] }> {
  const published = request.publishedOnly ? sql`and b.status = 'published'` : sql``;
  const { page } = request;
  const paging = page === undefined ? sql`` : sql`limit ${page.limit} offset ${page.offset}`;
  const { rows } = await sql<BracketListRow & { count: string | number }>`
    select b.id, b.slug, b.name, b.status, b.holes_per_match,
      u.first_name, u.last_name, t.name as team_name,
      coalesce(f.winner is not null, false) as decided,
      count(*) over () as count
    from brackets b
    left join lateral (
      select m.winner, m.side1_entrant_id, m.side2_entrant_id from bracket_matches m
      where m.bracket_id = b.id order by m.round desc limit 1
    ) f on true
    left join bracket_entrants e
      on e.id = case f.winner when 1 then f.side1_entrant_id when 2 then f.side2_entrant_id end
    left join users u on u.id = e.user_id
    left join teams t on t.id = e.team_id
    where b.org_id = ${request.orgId} ${published}
    order by b.created_at desc, b.id desc
    ${paging}`.execute(db);
  const count =
    rows[0] === undefined
      ? Number(
          (
            await db
              .selectFrom('brackets')
              .select((eb) => eb.fn.countAll<string>().as('count'))
              .where('org_id', '=', request.orgId)
              .$if(request.publishedOnly, (query) => query.where('status', '=', 'published'))
              .executeTakeFirstOrThrow()
          ).count,
        )
      : Number(rows[0].count);
  return { count, rows };
}
