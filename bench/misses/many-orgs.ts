import { sql } from 'kysely';
import type { Executor } from '../../src/db/executor.js';

/** The shape of the many-orgs data set. */
export interface ManyOrgsSizes {
  orgs: number;
  leaguesPerOrg: number;
  eventsPerLeague: number;
  competitorsPerSeries: number;
}

/** Slug of org `number` (1-based) and of its league `number`. */
export const orgSlug = (number: number) => `club-${String(number).padStart(5, '0')}`;
export const leagueSlug = (number: number) => `league-${String(number).padStart(2, '0')}`;

/** The last league of each org is a draft: hidden, so its URLs are never requested. */
export const isHiddenLeague = (number: number, sizes: ManyOrgsSizes) =>
  number === sizes.leaguesPerOrg;

/**
 * Fills an empty, migrated database in a few bulk statements: every org has the same number
 * of leagues, each with a weekly schedule (two thirds played, some canceled, one draft night,
 * tags) and a standings series (season-scoped with last year's and this year's season on even
 * leagues, overall on odd ones) with ranked totals, ties included. The maintained columns
 * (`member_count`, `linked_event_count`, first and last event day) are set as the services
 * would leave them. Times are relative to `now`, so "upcoming" and the current season move
 * with the clock.
 */
export async function generateManyOrgs(
  db: Executor,
  sizes: ManyOrgsSizes,
  now: Date,
): Promise<void> {
  const { orgs, leaguesPerOrg, eventsPerLeague, competitorsPerSeries } = sizes;
  const thisYear = now.getUTCFullYear();
  const statements = [
    sql`
      insert into orgs (slug, name, timezone)
      select 'club-' || lpad(g::text, 5, '0'), 'Club ' || g,
             (array['UTC', 'America/New_York', 'Europe/London'])[1 + g % 3]
      from generate_series(1, ${orgs}::integer) g
    `,
    sql`
      insert into standing_series (org_id, name, scope)
      select o.id, 'League ' || l || ' standings', case when l % 2 = 0 then 'season' else 'overall' end
      from orgs o cross join generate_series(1, ${leaguesPerOrg}::integer) l
      order by o.id, l
    `,
    // Statistics before the joins below, or the planner expects empty tables and loops.
    sql`analyze orgs, standing_series`,
    sql`
      insert into event_series (org_id, slug, name, season_label, schedule_label, description,
        status, fee_members_cents, fee_per_entry, entry_size, registration_opens_at,
        registration_closes_at, max_entries, standing_series_id, member_count, seats_reserved)
      select o.id, 'league-' || lpad(l::text, 2, '0'), 'League ' || l || ' of ' || o.name,
             ${String(thisYear)}, case when l % 3 = 0 then null else 'Tuesdays' end,
             case when l % 2 = 0 then 'A weekly league for every level.' else null end,
             case when l = ${leaguesPerOrg}::integer then 'draft' when l % 5 = 4 then 'completed'
                  when l % 2 = 0 then 'open' else 'active' end,
             2500 + 500 * (l % 4), l % 4 = 2, case when l % 4 = 2 then 2 else 1 end,
             case when l % 3 = 1 then make_date(${thisYear}::integer, 1, 5) end,
             case when l % 3 = 1 then make_date(${thisYear}::integer, 3, 31) end,
             case when l % 2 = 1 then 64 end, s.id,
             (o.id * 7 + l * 3) % 60, ((o.id * 7 + l * 3) % 60) * case when l % 4 = 2 then 2 else 1 end
      from orgs o cross join generate_series(1, ${leaguesPerOrg}::integer) l
      join standing_series s on s.org_id = o.id and s.name = 'League ' || l || ' standings'
    `,
    sql`analyze event_series`,
    // Weekly nights at 18:00 local, two thirds of them before now.
    sql`
      insert into events (org_id, slug, title, event_type, status, start_at, end_at, local_date,
        local_year, event_series_id, course_name)
      select e.org_id, e.slug || '-night-' || n, e.name || ' night ' || n, 'league-night',
             case when n = 3 then 'draft' when n % 11 = 5 then 'canceled'
                  when day < ${now}::timestamptz then 'completed' else 'published' end,
             day, case when n % 2 = 0 then day + interval '4 hours' end,
             (day at time zone o.timezone)::date,
             extract(year from day at time zone o.timezone)::integer, e.id,
             case when n % 4 = 0 then null else 'Course ' || (e.id % 7) end
      from event_series e
      join orgs o on o.id = e.org_id
      cross join generate_series(1, ${eventsPerLeague}::integer) n
      cross join lateral (
        select ((date_trunc('day', ${now}::timestamptz at time zone o.timezone)
                 + (n - ${Math.round((eventsPerLeague * 2) / 3)}::integer) * interval '7 days'
                 + interval '18 hours') at time zone o.timezone) as day
      ) d
    `,
    sql`analyze events`,
    sql`
      insert into event_tags (event_id, tag)
      select id, 'league-night' from events
      union all
      select id, case when id % 2 = 0 then 'scramble' else 'stroke-play' end from events
      where id % 3 <> 0
    `,
    sql`
      update event_series e set
        linked_event_count = s.count, first_event_date = s.first, last_event_date = s.last
      from (
        select event_series_id, count(*)::integer as count, min(local_date) as first,
               max(local_date) as last
        from events where status <> 'draft' group by event_series_id
      ) s
      where s.event_series_id = e.id
    `,
    sql`
      insert into standing_seasons (series_id, name, start_date, end_date)
      select s.id, y::text || ' season', make_date(y, 1, 1), make_date(y, 12, 31)
      from standing_series s
      cross join generate_series(${thisYear - 1}::integer, ${thisYear}::integer) y
      where s.scope = 'season'
      order by s.id, y
    `,
    sql`
      insert into standing_competitors (series_id, name)
      select s.id, 'Golfer ' || chr(65 + (c * 7) % 26) || '. ' || c
      from standing_series s cross join generate_series(1, ${competitorsPerSeries}::integer) c
    `,
    sql`analyze standing_seasons, standing_competitors`,
    // Totals of the overall series (key 0) and of each season; a few equal points tie.
    sql`
      insert into standing_totals (series_id, season_key, competitor_id, points, events)
      select c.series_id, coalesce(k.id, 0), c.id,
             ((c.id * 37 + coalesce(k.id, 0) * 11) % 200) / 2.0, 1 + c.id % 12
      from standing_competitors c
      join standing_series s on s.id = c.series_id
      left join standing_seasons k on k.series_id = s.id
    `,
    // Hint bits and the visibility map set, as on a database that has been vacuumed.
    sql`vacuum analyze`,
  ];
  for (const statement of statements) await statement.execute(db);
}
