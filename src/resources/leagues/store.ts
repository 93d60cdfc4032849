import { sql, type Insertable, type Updateable } from 'kysely';
import type { EventSeriesTable, League } from '../../db/schema.js';
import { PUBLIC_LEAGUE_STATUSES } from '../../domain/visibility.js';
import type { Executor } from '../../db/executor.js';
import { preparedQuery } from '../../db/prepared-queries.js';
import { readPage } from '../../db/paging.js';

export async function insertLeague(
  db: Executor,
  league: Insertable<EventSeriesTable>,
): Promise<League> {
  return db.insertInto('event_series').values(league).returningAll().executeTakeFirstOrThrow();
}

export async function updateLeague(
  db: Executor,
  id: number,
  patch: Updateable<EventSeriesTable>,
): Promise<League> {
  return db
    .updateTable('event_series')
    .set(patch)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * The columns a public league shows (`presentPublicLeague`), and no others: the rest would
 * be sent, parsed (a timestamp into a `Date`) and dropped on every read.
 */
const PUBLIC_LEAGUE_COLUMNS = [
  'event_series.id',
  'event_series.slug',
  'event_series.name',
  'event_series.season_label',
  'event_series.schedule_label',
  'event_series.description',
  'event_series.status',
  'event_series.fee_members_cents',
  'event_series.fee_per_entry',
  'event_series.entry_size',
  'event_series.image_path',
  'event_series.registration_opens_at',
  'event_series.registration_closes_at',
  'event_series.max_entries',
  'event_series.standing_series_id',
  'event_series.member_count',
  'event_series.seats_reserved',
  'event_series.linked_event_count',
  'event_series.first_event_date',
  'event_series.last_event_date',
] as const;

/** A public league as read for visitors. */
export type PublicLeagueRow = Pick<
  League,
  (typeof PUBLIC_LEAGUE_COLUMNS)[number] extends `event_series.${infer C}`
    ? C & keyof League
    : never
>;

const publicLeague = preparedQuery((db, values: { orgSlug: string; slug: string }) =>
  db
    .selectFrom('event_series')
    .innerJoin('orgs', 'orgs.id', 'event_series.org_id')
    .select(PUBLIC_LEAGUE_COLUMNS)
    .where('orgs.slug', '=', values.orgSlug)
    .where('event_series.slug', '=', values.slug)
    .where('event_series.status', 'in', PUBLIC_LEAGUE_STATUSES),
);

/** A public league of the org with this slug, in one statement (no org lookup first). */
export async function findPublicLeague(
  db: Executor,
  orgSlug: string,
  slug: string,
): Promise<PublicLeagueRow | undefined> {
  const [league] = await publicLeague(db, { orgSlug, slug });
  return league;
}

const publicLeagues = preparedQuery((db, values: { orgSlug: string }) =>
  db
    .selectFrom('orgs')
    .leftJoin('event_series', (join) =>
      join
        .onRef('event_series.org_id', '=', 'orgs.id')
        .on('event_series.status', 'in', PUBLIC_LEAGUE_STATUSES),
    )
    .select(PUBLIC_LEAGUE_COLUMNS)
    .where('orgs.slug', '=', values.orgSlug)
    .orderBy('event_series.id'),
);

/**
 * The org's public leagues in id order, in one statement; undefined when no org has this
 * slug (an org without public leagues has an empty list).
 */
export async function findPublicLeagues(
  db: Executor,
  orgSlug: string,
): Promise<PublicLeagueRow[] | undefined> {
  const rows = await publicLeagues(db, { orgSlug });
  if (rows.length === 0) return undefined;
  // The org without public leagues: one row of nulls from the outer join.
  return rows.filter((row): row is PublicLeagueRow => row.id !== null);
}

const leagueIdBySlug = preparedQuery((db, values: { orgSlug: string; slug: string }) =>
  db
    .selectFrom('event_series')
    .innerJoin('orgs', 'orgs.id', 'event_series.org_id')
    .select('event_series.id')
    .where('orgs.slug', '=', values.orgSlug)
    .where('event_series.slug', '=', values.slug),
);

/** The id of the league with this slug in the org of `orgSlug`, in one statement. */
export async function findLeagueIdBySlug(
  db: Executor,
  orgSlug: string,
  slug: string,
): Promise<number | undefined> {
  const [row] = await leagueIdBySlug(db, { orgSlug, slug });
  return row?.id;
}

const leagueEntrySize = preparedQuery((db, values: { orgId: number; id: number }) =>
  db
    .selectFrom('event_series')
    .select('entry_size')
    .where('org_id', '=', values.orgId)
    .where('id', '=', values.id),
);

/** How many golfers make one entry of the org's league of this id (undefined: no such league). */
export async function findLeagueEntrySize(
  db: Executor,
  orgId: number,
  id: number,
): Promise<number | undefined> {
  const [row] = await leagueEntrySize(db, { orgId, id });
  return row?.entry_size;
}

export async function findLeagueById(
  db: Executor,
  orgId: number,
  id: number,
): Promise<League | undefined> {
  return db
    .selectFrom('event_series')
    .selectAll()
    .where('org_id', '=', orgId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/**
 * Reads and locks the league row until the transaction ends (of the org, when given):
 * writes of one league's roster and schedule queue here.
 */
export async function lockLeague(
  db: Executor,
  id: number,
  orgId?: number,
): Promise<League | undefined> {
  let query = db.selectFrom('event_series').selectAll().where('id', '=', id);
  if (orgId !== undefined) query = query.where('org_id', '=', orgId);
  return query.forUpdate().executeTakeFirst();
}

/** Moves the maintained roster counters of a league by the given amounts. */
export async function adjustLeagueCounts(
  db: Executor,
  id: number,
  delta: { members: number; seatsReserved: number },
): Promise<void> {
  await db
    .updateTable('event_series')
    .set({
      member_count: sql`member_count + ${delta.members}`,
      seats_reserved: sql`seats_reserved + ${delta.seatsReserved}`,
    })
    .where('id', '=', id)
    .execute();
}

/** A page of an org's leagues of every status, newest first, and how many there are. */
export async function findLeaguesOfOrg(
  db: Executor,
  orgId: number,
  page: { limit: number; offset: number },
): Promise<{ count: number; leagues: League[] }> {
  const query = db.selectFrom('event_series').where('org_id', '=', orgId);
  const { count, rows } = await readPage(query, (q) => q.selectAll().orderBy('id', 'desc'), page);
  return { count, leagues: rows };
}

/** A golfer on a league's roster, active or withdrawn, with their team. */
export interface RosterRow {
  user_id: number;
  first_name: string;
  last_name: string;
  email: string;
  team_id: number | null;
  status: 'active' | 'withdrawn';
  paid_entry: boolean;
  fee_cents: number;
  registered_at: Date;
}

/** A league's roster in registration order, withdrawn entries included. */
export async function findRoster(db: Executor, leagueId: number): Promise<RosterRow[]> {
  return db
    .selectFrom('roster_entries as r')
    .innerJoin('users as u', 'u.id', 'r.user_id')
    .select([
      'r.user_id',
      'u.first_name',
      'u.last_name',
      'u.email',
      'r.team_id',
      'r.status',
      'r.paid_entry',
      'r.fee_cents',
      'r.registered_at',
    ])
    .where('r.event_series_id', '=', leagueId)
    .orderBy('r.registered_at')
    .orderBy('r.id')
    .execute();
}

/** A league's teams, by name. */
export async function findTeamsOfLeague(db: Executor, leagueId: number) {
  return db
    .selectFrom('teams')
    .select(['id', 'name', 'member_count', 'entry_paid'])
    .where('event_series_id', '=', leagueId)
    .orderBy('name')
    .orderBy('id')
    .execute();
}

/** The invites of a league's teams, in the order they were sent (their tokens stay here). */
export async function findInvitesOfLeague(db: Executor, leagueId: number) {
  return db
    .selectFrom('invites')
    .innerJoin('teams', 'teams.id', 'invites.team_id')
    .select(['invites.team_id', 'invites.email', 'invites.accepted'])
    .where('teams.event_series_id', '=', leagueId)
    .orderBy('invites.id')
    .execute();
}
