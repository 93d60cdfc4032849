import { sql, type Kysely } from 'kysely';

/**
 * Public player profiles (decisions §19). A golfer's profile in an org is derived from
 * cards, rosters, leagues, events and standings, and the public reads it as stored: the
 * `players` row of the golfer and org, rebuilt on write like the boards of migration 006.
 * Triggers on every table a profile is computed from mark the golfers whose profiles a
 * statement may have changed in `stale_players`, whoever ran it; the app's write
 * transaction rebuilds them before it commits, and the app rebuilds what changes made
 * elsewhere left marked when it hears of them.
 *
 * A card moves the places of everyone else's cards of its event, and a standings total
 * every rank of its series, so those mark every golfer of the event or series.
 */

interface Marker {
  table: string;
  operations: readonly ('insert' | 'update' | 'delete')[];
  /** The function's body: `new_rows`, `old_rows` and `tg_op` are at hand. */
  body: string;
}

const MARK = 'perform mark_players_stale(array(';

/** Both transition tables where the operation has them. */
function eitherRows(select: (rows: string) => string): string {
  return `
    if tg_op <> 'DELETE' then ${MARK}${select('new_rows')})); end if;
    if tg_op <> 'INSERT' then ${MARK}${select('old_rows')})); end if;`;
}

/** Golfers with a card, an entry or (through the league) a roster place at these events. */
const GOLFERS_OF_EVENTS = (events: string) => `
  select user_id from score_cards where event_id in (${events})
  union select user_id from event_entries where event_id in (${events})
  union select x.user_id from roster_entries x join events e
    on e.event_series_id = x.event_series_id where e.id in (${events})`;

/** Golfers competing on their own in these standings series. */
const GOLFERS_OF_SERIES = (series: string) => `
  select user_id from standing_competitors
  where user_id is not null and series_id in (${series})`;

const MARKERS: readonly Marker[] = [
  {
    table: 'score_cards',
    operations: ['insert', 'update', 'delete'],
    body: eitherRows(
      (rows) => `select user_id from ${rows} union
        select user_id from score_cards where event_id in (select event_id from ${rows})`,
    ),
  },
  {
    table: 'event_entries',
    operations: ['insert', 'update', 'delete'],
    body: eitherRows((rows) => `select user_id from ${rows}`),
  },
  {
    table: 'roster_entries',
    operations: ['insert', 'update', 'delete'],
    body: eitherRows((rows) => `select user_id from ${rows}`),
  },
  {
    table: 'org_golfers',
    operations: ['insert'],
    body: `${MARK}select user_id from new_rows));`,
  },
  {
    // Whether an event shows, what it is called, when, its pars, its league.
    table: 'events',
    operations: ['update'],
    body: `${MARK}${GOLFERS_OF_EVENTS('select id from new_rows')}));`,
  },
  {
    // A league's name, slug and status show on its golfers' profiles, and its status
    // decides whether its nights' cards do.
    table: 'event_series',
    operations: ['update'],
    body: `${MARK}select x.user_id from roster_entries x join new_rows n
      on n.id = x.event_series_id
      union select c.user_id from score_cards c join events e on e.id = c.event_id
      join new_rows n on n.id = e.event_series_id));`,
  },
  {
    table: 'teams',
    operations: ['update'],
    body: `${MARK}select x.user_id from roster_entries x join new_rows n on n.id = x.team_id));`,
  },
  {
    // The name, and whether the golfer shows their profile at all.
    table: 'users',
    operations: ['update'],
    body: `${MARK}select n.id from new_rows n join old_rows o on o.id = n.id
      where (n.first_name, n.last_name, n.public_profile)
        is distinct from (o.first_name, o.last_name, o.public_profile)));`,
  },
  {
    table: 'standing_totals',
    operations: ['insert', 'update', 'delete'],
    body: eitherRows((rows) => GOLFERS_OF_SERIES(`select series_id from ${rows}`)),
  },
  {
    table: 'standing_series',
    operations: ['update'],
    body: `${MARK}${GOLFERS_OF_SERIES('select id from new_rows')}));`,
  },
];

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table users add column public_profile boolean not null default true`.execute(db);
  await sql`
    create table players (
      org_id integer not null references orgs (id) on delete cascade,
      user_id integer not null references users (id) on delete cascade,
      slug text not null,
      name text not null,
      search_name text not null,
      listed boolean not null,
      handicap double precision,
      profile text not null,
      primary key (org_id, user_id),
      unique (org_id, slug)
    )
  `.execute(db);
  await sql`create index players_listed on players (org_id, search_name) where listed`.execute(db);
  await sql`
    create table stale_players (
      user_id integer primary key references users (id) on delete cascade
    )
  `.execute(db);
  await sql`
    create function mark_players_stale(user_ids integer[]) returns void
    language sql set search_path from current as $$
      insert into stale_players (user_id)
      select id from users where id = any (user_ids) order by id
      on conflict do nothing
    $$
  `.execute(db);
  for (const marker of MARKERS) {
    const fn = sql.id(`players_stale_from_${marker.table}`);
    await sql`
      create function ${fn}() returns trigger
      language plpgsql set search_path from current as $$
      begin
        ${sql.raw(marker.body)}
        return null;
      end
      $$
    `.execute(db);
    for (const operation of marker.operations) {
      const transition = {
        insert: sql`new table as new_rows`,
        update: sql`old table as old_rows new table as new_rows`,
        delete: sql`old table as old_rows`,
      }[operation];
      await sql`
        create trigger ${sql.id(`players_stale_on_${operation}`)}
        after ${sql.raw(operation)} on ${sql.table(marker.table)}
        referencing ${transition}
        for each statement execute function ${fn}()
      `.execute(db);
    }
  }
  // Golfers already in an org get their profiles at the next write or start-up.
  await sql`insert into stale_players (user_id) select id from users`.execute(db);
}
