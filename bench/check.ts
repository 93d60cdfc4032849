import { sql } from 'kysely';
import type { Executor } from '../src/db/executor.js';

/**
 * Fails when a maintained counter of the org's leagues or teams differs from a count of the
 * rows it summarizes: the bulk loader must leave the same numbers as the services would.
 */
export async function checkCounters(db: Executor, orgSlug: string): Promise<void> {
  const { rows } = await sql<{ slug: string }>`
    with roster as (
      select event_series_id, count(*) as members, count(*) filter (where team_id is null) as solo
      from roster_entries where status = 'active' group by event_series_id
    ), team_actual as (
      select t.event_series_id, t.member_count, count(r.id) as actual
      from teams t left join roster_entries r on r.team_id = t.id and r.status = 'active'
      group by t.id
    ), team_summary as (
      select event_series_id,
             count(*) filter (where actual > 0) as seated,
             count(*) filter (where member_count <> actual) as wrong
      from team_actual group by event_series_id
    ), linked as (
      select event_series_id, count(*) as events
      from events where status <> 'draft' group by event_series_id
    )
    select l.slug
    from event_series l
    join orgs o on o.id = l.org_id
    left join roster r on r.event_series_id = l.id
    left join team_summary t on t.event_series_id = l.id
    left join linked e on e.event_series_id = l.id
    where o.slug = ${orgSlug} and (
      l.member_count <> coalesce(r.members, 0)
      or l.seats_reserved <> l.entry_size * (coalesce(r.solo, 0) + coalesce(t.seated, 0))
      or coalesce(t.wrong, 0) > 0
      or l.linked_event_count <> coalesce(e.events, 0))
    order by l.slug
  `.execute(db);
  if (rows.length > 0) {
    throw new Error(`counters out of step in ${rows.map((row) => row.slug).join(', ')}`);
  }
}

export interface RowCounts {
  users: number;
  rosterEntries: number;
  teams: number;
  events: number;
  results: number;
}

export async function countRows(db: Executor): Promise<RowCounts> {
  const { rows } = await sql<RowCounts>`
    select (select count(*) from users)::integer as "users",
           (select count(*) from roster_entries)::integer as "rosterEntries",
           (select count(*) from teams)::integer as "teams",
           (select count(*) from events)::integer as "events",
           (select count(*) from standing_results)::integer as "results"
  `.execute(db);
  const [counts] = rows;
  if (counts === undefined) throw new Error('row counts are missing');
  return counts;
}
