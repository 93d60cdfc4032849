import { sql, type Kysely } from 'kysely';

/**
 * Stored leaderboards are derived from seven tables. Rather than trust every writer to
 * rebuild the boards its change touches, the database marks them: a trigger on each of
 * those tables puts the events whose boards a statement may have changed in
 * `stale_leaderboards`, whoever ran it (a service, the CLI, an operator's psql). The app's
 * write transaction rebuilds what is marked before it commits, and the app rebuilds what
 * changes made elsewhere left marked as soon as it hears of them.
 *
 * Only changes that reach a board mark it: the boards of an event without pars have no
 * rows whoever plays, so field changes mark scored events only, while a change of an
 * event's pars or league marks it either way. The triggers are per statement over the
 * changed rows (transition tables), so a bulk import marks each event once, not per row.
 * TRUNCATE is not covered: it cannot name the rows it removed.
 */

/** A trigger function that marks the events its changed rows reach. */
interface Marker {
  table: string;
  /** Which statements can change a board: an insert into `teams`, for one, cannot. */
  operations: readonly ('insert' | 'update' | 'delete')[];
  /** The function's body: `new_rows`, `old_rows` and `tg_op` are at hand. */
  body: string;
}

/** Events of these ids, when they have pars. */
const SCORED_EVENTS = 'perform mark_leaderboards_stale(array(select id from events where';

const MARKERS: readonly Marker[] = [
  {
    table: 'score_cards',
    operations: ['insert', 'update', 'delete'],
    body: `
      if tg_op <> 'DELETE' then
        perform mark_leaderboards_stale(array(select event_id from new_rows));
      end if;
      if tg_op <> 'INSERT' then
        perform mark_leaderboards_stale(array(select event_id from old_rows));
      end if;`,
  },
  {
    table: 'event_entries',
    operations: ['insert', 'update', 'delete'],
    body: `
      if tg_op <> 'DELETE' then
        ${SCORED_EVENTS} pars is not null and id in (select event_id from new_rows)));
      end if;
      if tg_op <> 'INSERT' then
        ${SCORED_EVENTS} pars is not null and id in (select event_id from old_rows)));
      end if;`,
  },
  {
    table: 'roster_entries',
    operations: ['insert', 'update', 'delete'],
    body: `
      if tg_op <> 'DELETE' then
        ${SCORED_EVENTS} pars is not null
          and event_series_id in (select event_series_id from new_rows)));
      end if;
      if tg_op <> 'INSERT' then
        ${SCORED_EVENTS} pars is not null
          and event_series_id in (select event_series_id from old_rows)));
      end if;`,
  },
  {
    // A team's name is on its members' rows and on the team board.
    table: 'teams',
    operations: ['update', 'delete'],
    body: `
      if tg_op = 'UPDATE' then
        ${SCORED_EVENTS} pars is not null and event_series_id in (
          select n.event_series_id from new_rows n join old_rows o on o.id = n.id
          where n.name is distinct from o.name
          union
          select o.event_series_id from new_rows n join old_rows o on o.id = n.id
          where n.event_series_id is distinct from o.event_series_id)));
      else
        ${SCORED_EVENTS} pars is not null
          and event_series_id in (select event_series_id from old_rows)));
      end if;`,
  },
  {
    // A golfer's name is on every board they are in; a user in a field cannot be deleted.
    table: 'users',
    operations: ['update'],
    body: `
      ${SCORED_EVENTS} pars is not null and (
        event_series_id in (
          select entry.event_series_id
          from new_rows n join old_rows o on o.id = n.id
          join roster_entries entry on entry.user_id = n.id
          where (n.first_name, n.last_name) is distinct from (o.first_name, o.last_name)
            and entry.status = 'active')
        or id in (
          select entry.event_id
          from new_rows n join old_rows o on o.id = n.id
          join event_entries entry on entry.user_id = n.id
          where (n.first_name, n.last_name) is distinct from (o.first_name, o.last_name)))));`,
  },
  {
    // A league's entry size decides whether its nights have a team board.
    table: 'event_series',
    operations: ['update'],
    body: `
      ${SCORED_EVENTS} pars is not null and event_series_id in (
        select n.id from new_rows n join old_rows o on o.id = n.id
        where n.entry_size is distinct from o.entry_size)));`,
  },
  {
    // A deleted event takes its boards and its mark with it.
    table: 'events',
    operations: ['insert', 'update'],
    body: `
      if tg_op = 'INSERT' then
        ${SCORED_EVENTS} pars is not null and id in (select id from new_rows)));
      else
        perform mark_leaderboards_stale(array(
          select n.id from new_rows n join old_rows o on o.id = n.id
          where n.pars is distinct from o.pars
            or n.event_series_id is distinct from o.event_series_id));
      end if;`,
  },
];

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table stale_leaderboards (
      event_id integer primary key references events (id) on delete cascade
    )
  `.execute(db);
  await sql`create index events_scored_series on events (event_series_id) where pars is not null`.execute(
    db,
  );
  // In id order, so that transactions marking the same events wait on each other in turn.
  // The functions keep the search path they are created with (the app's schema): a
  // session that names the tables by their schema marks the right boards too.
  await sql`
    create function mark_leaderboards_stale(event_ids integer[]) returns void
    language sql set search_path from current as $$
      insert into stale_leaderboards (event_id)
      select id from events where id = any (event_ids) order by id
      on conflict do nothing
    $$
  `.execute(db);
  for (const marker of MARKERS) {
    const fn = sql.id(`leaderboards_stale_from_${marker.table}`);
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
        create trigger ${sql.id(`leaderboards_stale_on_${operation}`)}
        after ${sql.raw(operation)} on ${sql.table(marker.table)}
        referencing ${transition}
        for each statement execute function ${fn}()
      `.execute(db);
    }
  }
}
