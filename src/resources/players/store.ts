import { sql } from 'kysely';
import type { Executor } from '../../db/executor.js';
import { GOLFER_LINKS } from '../../db/golfer-links.js';
import { readPage, type PageRange } from '../../db/paging.js';
import { preparedQuery, preparedSql } from '../../db/prepared-queries.js';
import { PUBLIC_EVENT_STATUSES } from '../../domain/events.js';
import { PUBLIC_LEAGUE_STATUSES } from '../../domain/visibility.js';

/** Events visitors may see (`e`): not a draft, and not a night of a hidden league. */
const PUBLIC_EVENT = sql`e.status in (${sql.join(PUBLIC_EVENT_STATUSES)}) and (
  e.event_series_id is null or exists (select from event_series l
    where l.id = e.event_series_id and l.status in (${sql.join(PUBLIC_LEAGUE_STATUSES)})))`;

// Locked in id order, as they were marked, so that two rebuilds wait on each other in turn.
const unmarkPlayers = preparedQuery((db) =>
  db
    .deleteFrom('stale_players')
    .where('user_id', 'in', (eb) =>
      eb.selectFrom('stale_players').select('user_id').orderBy('user_id').forUpdate(),
    )
    .returning('user_id'),
);

/** Takes the golfers marked stale, one transaction at a time, and clears their marks. */
export async function takeStalePlayers(db: Executor): Promise<number[]> {
  const rows = await unmarkPlayers(db, {});
  return rows.map((row) => row.user_id).sort((a, b) => a - b);
}

/** Whether any profile is marked stale: an expression, so that it is read with others at once. */
export const anyStalePlayers = sql<boolean>`exists (select from stale_players)`;

// The rebuild's reads take their golfers as one array, so that each text is fixed and
// prepared: parsing and planning them afresh had cost more than running them.
export const findUsers = preparedQuery((db, values: { ids: readonly number[] }) =>
  db
    .selectFrom('users')
    .selectAll()
    .where(sql<boolean>`id = any(${values.ids}::integer[])`),
);

/** The orgs each of these golfers is linked to. */
export const orgsOfGolfers = preparedSql(
  (values: { userIds: readonly number[] }) => sql<{ user_id: number; org_id: number }>`
    with links (user_id, org_id) as (${GOLFER_LINKS})
    select distinct user_id, org_id from links
    where user_id = any(${values.userIds}::integer[]) order by user_id, org_id`,
);

export interface PlayerLeagueRow {
  user_id: number;
  org_id: number;
  slug: string;
  name: string;
  team_name: string | null;
}

/** Public leagues the golfers are active on, by name. */
export const leaguesOfGolfers = preparedSql(
  (values: { userIds: readonly number[] }) => sql<PlayerLeagueRow>`
    select x.user_id, l.org_id, l.slug, l.name, t.name as team_name
    from roster_entries x join event_series l on l.id = x.event_series_id
    left join teams t on t.id = x.team_id
    where x.user_id = any(${values.userIds}::integer[]) and x.status = 'active'
      and l.status in (${sql.join(PUBLIC_LEAGUE_STATUSES)})
    order by l.name, l.id`,
);

/** Golfers in a public event's own field of each org (league nights' fields are rosters). */
export const eventFieldsOfGolfers = preparedSql(
  (values: { userIds: readonly number[] }) => sql<{ user_id: number; org_id: number }>`
    select distinct x.user_id, e.org_id from event_entries x join events e on e.id = x.event_id
    where x.user_id = any(${values.userIds}::integer[]) and ${PUBLIC_EVENT}`,
);

export interface CompleteCardRow {
  user_id: number;
  org_id: number;
  event_id: number;
  slug: string;
  title: string;
  start_at: Date;
  pars: number[];
  holes: number[];
  strokes: number;
  /** Competition rank among the event's complete cards, by strokes. */
  place: number;
  /** Complete cards of the event on the same strokes, this one included. */
  same: number;
}

/**
 * The golfers' complete cards of public events with pars, newest first, each with its
 * place among every complete card of its event.
 */
export const completeCardsOfGolfers = preparedSql(
  (values: { userIds: readonly number[] }) => sql<CompleteCardRow>`
    with complete as (
      select c.event_id, c.user_id, c.holes,
        (select sum(h)::integer from unnest(c.holes) h) as strokes
      from score_cards c join events e on e.id = c.event_id
      where e.pars is not null and cardinality(c.holes) = cardinality(e.pars)
        and array_position(c.holes, null) is null
        and c.event_id in (select event_id from score_cards
          where user_id = any(${values.userIds}::integer[]))
    ), ranked as (
      select event_id, user_id, holes, strokes,
        rank() over (partition by event_id order by strokes)::integer as place,
        count(*) over (partition by event_id, strokes)::integer as same
      from complete
    )
    select r.user_id, e.org_id, r.event_id, e.slug, e.title, e.start_at, e.pars, r.holes,
      r.strokes, r.place, r.same
    from ranked r join events e on e.id = r.event_id
    where r.user_id = any(${values.userIds}::integer[]) and ${PUBLIC_EVENT}
    order by e.start_at desc, e.id desc`,
);

export interface StandingTotalRow {
  series_id: number;
  series_name: string;
  org_id: number;
  season_key: number;
  /** The season's first day; null for the whole series' table. */
  season_start: string | null;
  competitor_id: number;
  user_id: number | null;
  name: string;
  points: number;
  events: number;
}

/** Every total of every standings series the golfers compete in on their own. */
export const standingTotalsOfGolfers = preparedSql(
  (values: { userIds: readonly number[] }) => sql<StandingTotalRow>`
    select t.series_id, s.name as series_name, s.org_id, t.season_key,
      to_char(season.start_date, 'YYYY-MM-DD') as season_start, t.competitor_id, c.user_id,
      c.name, t.points, t.events
    from standing_totals t join standing_series s on s.id = t.series_id
    join standing_competitors c on c.id = t.competitor_id
    left join standing_seasons season on season.id = t.season_key
    where t.series_id in (select series_id from standing_competitors
      where user_id = any(${values.userIds}::integer[]))
    order by s.name, s.id`,
);

/** Holds the orgs until the transaction ends (references to them stay free). */
export async function lockOrgs(db: Executor, orgIds: readonly number[]): Promise<void> {
  await sql`select id from orgs where id in (${sql.join(orgIds)}) order by id
    for no key update`.execute(db);
}

/** The slugs each org has given, to make new ones beside them. */
export const slugsOfOrgs = preparedQuery((db, values: { orgIds: readonly number[] }) =>
  db
    .selectFrom('players')
    .select(['org_id', 'user_id', 'slug'])
    .where(sql<boolean>`org_id = any(${values.orgIds}::integer[])`),
);

export interface PlayerWrite {
  org_id: number;
  user_id: number;
  slug: string;
  name: string;
  search_name: string;
  listed: boolean;
  handicap: number | null;
  profile: string;
}

/** Saves profiles; a golfer's slug, once given, is never changed by this. */
export async function savePlayers(db: Executor, players: readonly PlayerWrite[]): Promise<void> {
  if (players.length === 0) return;
  await db
    .insertInto('players')
    .values([...players])
    .onConflict((conflict) =>
      conflict.columns(['org_id', 'user_id']).doUpdateSet((eb) => ({
        name: eb.ref('excluded.name'),
        search_name: eb.ref('excluded.search_name'),
        listed: eb.ref('excluded.listed'),
        handicap: eb.ref('excluded.handicap'),
        profile: eb.ref('excluded.profile'),
      })),
    )
    .execute();
}

/** Drops the profiles of orgs a golfer no longer plays in (nothing links them there). */
export const unlistElsewhere = preparedQuery(
  (db, values: { userId: number; orgIds: readonly number[] }) =>
    db
      .updateTable('players')
      .set({ listed: false })
      .where('user_id', '=', values.userId)
      .where(sql<boolean>`org_id <> all(${values.orgIds}::integer[])`),
);

/**
 * A page of an org's listed players by name; each search word (letters and digits only,
 * so never a `like` wildcard) starts a name word.
 */
export async function findListedPlayers(
  db: Executor,
  orgSlug: string,
  searchWords: readonly string[],
  page: PageRange,
): Promise<{ count: number; rows: { slug: string; name: string; handicap: number | null }[] }> {
  let query = db
    .selectFrom('players')
    .innerJoin('orgs', 'orgs.id', 'players.org_id')
    .where('orgs.slug', '=', orgSlug)
    .where('players.listed', '=', true);
  for (const word of searchWords) {
    query = query.where(sql<boolean>`players.search_name like ${`% ${word}%`}`);
  }
  return readPage(
    query,
    (rows) =>
      rows
        .select(['players.slug', 'players.name', 'players.handicap'])
        .orderBy('players.search_name')
        .orderBy('players.slug'),
    page,
  );
}

/** A listed player's stored profile by slug. */
export async function findListedProfile(
  db: Executor,
  orgSlug: string,
  slug: string,
): Promise<{ profile: string } | undefined> {
  return db
    .selectFrom('players')
    .innerJoin('orgs', 'orgs.id', 'players.org_id')
    .select('players.profile')
    .where('orgs.slug', '=', orgSlug)
    .where('players.slug', '=', slug)
    .where('players.listed', '=', true)
    .executeTakeFirst();
}
