import { sql, type Insertable } from 'kysely';
import type { RosterEntriesTable, UsersTable } from '../../db/schema.js';
import type { Executor } from '../../db/executor.js';

/**
 * Set-based writes of golfers, teams and roster entries, for benchmarks and imports of whole
 * clubs: multi-row INSERTs of `BULK_BATCH_ROWS` rows instead of a dozen statements per
 * golfer. They write rows as given; the registration service decides fees and seats and
 * holds the transaction.
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

/** Inserts a league's teams, without members; returns their ids by name. */
export async function insertTeamsBulk(
  db: Executor,
  leagueId: number,
  names: readonly string[],
): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  for (const batch of batches(names)) {
    const rows = await db
      .insertInto('teams')
      .values(batch.map((name) => ({ event_series_id: leagueId, name })))
      .returning(['id', 'name'])
      .execute();
    for (const row of rows) ids.set(row.name, row.id);
  }
  return ids;
}

export async function insertRosterEntriesBulk(
  db: Executor,
  entries: readonly Insertable<RosterEntriesTable>[],
): Promise<void> {
  for (const batch of batches(entries)) {
    await db.insertInto('roster_entries').values(batch).execute();
  }
}

/**
 * Sets the league's and its teams' maintained counters from the active roster rows, as one
 * registration at a time would have left them: a team's `member_count` and `entry_paid`
 * (a member bought its entry), the league's `member_count`, and its `seats_reserved` (a
 * golfer without a team holds the league's entry size in seats, 1 on an individual league;
 * a team with members holds all its seats).
 */
export async function recountRoster(db: Executor, leagueId: number): Promise<void> {
  await db
    .updateTable('teams')
    .set((eb) => {
      const active = eb
        .selectFrom('roster_entries')
        .whereRef('roster_entries.team_id', '=', 'teams.id')
        .where('roster_entries.status', '=', 'active');
      return {
        member_count: active.select((inner) => inner.fn.countAll<number>().as('count')),
        entry_paid: eb
          .or([
            eb('teams.entry_paid', '=', true),
            eb.exists(
              active.select('roster_entries.id').where('roster_entries.paid_entry', '=', true),
            ),
          ])
          .$castTo<boolean>(),
      };
    })
    .where('event_series_id', '=', leagueId)
    .execute();
  await db
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
