import { sql, type Insertable } from 'kysely';
import type { League, RosterEntriesTable, UsersTable } from '../../db/schema.js';
import { golferFeeCents } from '../../domain/fees.js';
import { newEntryFits } from '../../domain/seats.js';
import type { Executor } from '../../db/executor.js';
import { lockLeague } from '../leagues/store.js';

/**
 * Set-based loading of golfers and rosters, for benchmarks and imports of whole clubs.
 *
 * `completeRegistration` takes about a dozen statements and a league row lock per golfer:
 * right for one paid registration, about an hour for a million golfers. These functions
 * write the same rows with multi-row INSERTs of `BULK_BATCH_ROWS` rows and then set the league's (and its
 * teams') maintained counters from the rows in the same transaction, so `member_count`,
 * `seats_reserved` and the teams' `member_count` end exactly as one registration at a time
 * would have left them. They skip what only a live registration needs (the registration
 * window, invites); the caller vouches that the users exist and are not yet on the roster
 * (a duplicate still fails at the unique index).
 */

/** Rows per INSERT: a few thousand keeps each statement well under PostgreSQL's 65,535 bind parameters. */
const BULK_BATCH_ROWS = 5000;

function* batches<T>(rows: readonly T[]): Generator<T[]> {
  for (let start = 0; start < rows.length; start += BULK_BATCH_ROWS) {
    yield rows.slice(start, start + BULK_BATCH_ROWS);
  }
}

/** Inserts users in multi-row batches; returns their ids (in no promised order). */
export async function insertUsersBulk(
  db: Executor,
  users: readonly Insertable<UsersTable>[],
): Promise<number[]> {
  const ids: number[] = [];
  for (const batch of batches(users)) {
    const rows = await db.insertInto('users').values(batch).returning('id').execute();
    for (const row of rows) ids.push(row.id);
  }
  return ids;
}

/** A team to found with its members, in joining order. */
export interface BulkTeam {
  name: string;
  userIds: number[];
}

/** Registers golfers on an individual league (entry size 1), each paying the league fee. */
export async function registerIndividualsBulk(
  db: Executor,
  leagueId: number,
  userIds: readonly number[],
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const league = await lockedLeague(trx, leagueId);
    if (league.entry_size !== 1) {
      throw new Error(`league ${leagueId} is a team league: register teams instead`);
    }
    checkCapacity(league, userIds.length);
    const feeCents = golferFeeCents(feeTerms(league), false);
    const entries = userIds.map((userId) => activeEntry(league, userId, null, false, feeCents));
    await insertEntries(trx, entries);
    await recountRoster(trx, league.id);
  });
}

/**
 * Founds teams on a team league with their members; returns the team ids in input order. As
 * with one registration at a time, the first member of a fee-per-entry team buys its entry
 * and the others join free.
 */
export async function registerTeamsBulk(
  db: Executor,
  leagueId: number,
  teams: readonly BulkTeam[],
): Promise<number[]> {
  return db.transaction().execute(async (trx) => {
    const league = await lockedLeague(trx, leagueId);
    if (league.entry_size === 1) {
      throw new Error(`league ${leagueId} is an individual league: register golfers instead`);
    }
    for (const team of teams) {
      if (team.userIds.length === 0 || team.userIds.length > league.entry_size) {
        throw new Error(`team "${team.name}" must have 1 to ${league.entry_size} members`);
      }
    }
    checkCapacity(league, teams.length * league.entry_size);
    const teamIds = new Map<string, number>();
    for (const batch of batches(teams)) {
      const rows = await trx
        .insertInto('teams')
        .values(
          batch.map((team) => ({
            event_series_id: league.id,
            name: team.name,
            entry_paid: league.fee_per_entry,
          })),
        )
        .returning(['id', 'name'])
        .execute();
      for (const row of rows) teamIds.set(row.name, row.id);
    }
    const ids: number[] = [];
    const entries: Insertable<RosterEntriesTable>[] = [];
    const terms = feeTerms(league);
    const leadFee = golferFeeCents(terms, false);
    const memberFee = golferFeeCents(terms, true);
    for (const team of teams) {
      const teamId = teamIds.get(team.name);
      if (teamId === undefined) throw new Error(`team "${team.name}" was not stored`);
      ids.push(teamId);
      for (const [place, userId] of team.userIds.entries()) {
        const buysEntry = place === 0 && league.fee_per_entry;
        const fee = place > 0 ? memberFee : leadFee;
        entries.push(activeEntry(league, userId, teamId, buysEntry, fee));
      }
    }
    await insertEntries(trx, entries);
    await recountRoster(trx, league.id);
    return ids;
  });
}

async function lockedLeague(trx: Executor, leagueId: number): Promise<League> {
  const league = await lockLeague(trx, leagueId);
  if (league === undefined) throw new Error(`league ${leagueId} does not exist`);
  return league;
}

function feeTerms(league: League) {
  return { feeMembersCents: league.fee_members_cents, feePerEntry: league.fee_per_entry };
}

function checkCapacity(league: League, seats: number): void {
  if (!newEntryFits(league.max_entries, league.seats_reserved, seats)) {
    throw new Error(`league ${league.id} has no room for ${seats} more seats`);
  }
}

function activeEntry(
  league: League,
  userId: number,
  teamId: number | null,
  paidEntry: boolean,
  feeCents: number,
): Insertable<RosterEntriesTable> {
  return {
    event_series_id: league.id,
    user_id: userId,
    team_id: teamId,
    status: 'active',
    paid_entry: paidEntry,
    fee_cents: feeCents,
  };
}

async function insertEntries(
  trx: Executor,
  entries: readonly Insertable<RosterEntriesTable>[],
): Promise<void> {
  for (const batch of batches(entries)) {
    await trx.insertInto('roster_entries').values(batch).execute();
  }
}

/**
 * Sets the league's and its teams' roster counters from the active roster rows: a golfer
 * without a team holds the league's entry size in seats (1 on an individual league), a team
 * with members holds all its seats.
 */
async function recountRoster(trx: Executor, leagueId: number): Promise<void> {
  await trx
    .updateTable('teams')
    .set((eb) => ({
      member_count: eb
        .selectFrom('roster_entries')
        .select((inner) => inner.fn.countAll<number>().as('count'))
        .whereRef('roster_entries.team_id', '=', 'teams.id')
        .where('roster_entries.status', '=', 'active'),
    }))
    .where('event_series_id', '=', leagueId)
    .execute();
  await trx
    .updateTable('event_series')
    .set((eb) => {
      const active = eb
        .selectFrom('roster_entries')
        .where('roster_entries.event_series_id', '=', leagueId)
        .where('roster_entries.status', '=', 'active');
      const teamsSeated = eb
        .selectFrom('teams')
        .select((inner) => inner.fn.countAll<number>().as('count'))
        .where('teams.event_series_id', '=', leagueId)
        .where('teams.member_count', '>', 0);
      const withoutTeam = active
        .select((inner) => inner.fn.countAll<number>().as('count'))
        .where('roster_entries.team_id', 'is', null);
      return {
        member_count: active.select((inner) => inner.fn.countAll<number>().as('count')),
        seats_reserved: sql<number>`event_series.entry_size * ((${withoutTeam}) + (${teamsSeated}))`,
      };
    })
    .where('id', '=', leagueId)
    .execute();
}
