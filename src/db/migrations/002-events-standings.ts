import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  const statements = [
    sql`
      alter table event_series
        add column first_event_date date,
        add column last_event_date date
    `,
    sql`
      create table events (
        id integer generated always as identity primary key,
        org_id integer not null references orgs (id),
        slug text not null,
        title text not null,
        event_type text not null,
        status text not null check (status in ('draft', 'published', 'completed', 'canceled')),
        start_at timestamptz not null,
        end_at timestamptz,
        local_date date not null,
        local_year integer not null,
        event_series_id integer references event_series (id),
        entry_count integer not null default 0 check (entry_count >= 0),
        created_at timestamptz not null default now(),
        unique (org_id, slug),
        check (end_at is null or end_at >= start_at)
      )
    `,
    sql`create index events_org_start on events (org_id, start_at, id) where status <> 'draft'`,
    sql`create index events_series_start on events (event_series_id, start_at) where status <> 'draft'`,
    sql`
      create table event_tags (
        event_id integer not null references events (id) on delete cascade,
        tag text not null,
        primary key (event_id, tag)
      )
    `,
    sql`create index event_tags_tag on event_tags (tag, event_id)`,
    sql`
      create table event_entries (
        id integer generated always as identity primary key,
        event_id integer not null references events (id) on delete cascade,
        user_id integer not null references users (id),
        team_name text,
        created_at timestamptz not null default clock_timestamp(),
        unique (event_id, user_id)
      )
    `,
    sql`
      create table standing_series (
        id integer generated always as identity primary key,
        org_id integer not null references orgs (id),
        name text not null,
        scope text not null check (scope in ('season', 'overall')),
        created_at timestamptz not null default now()
      )
    `,
    sql`
      alter table event_series
        add constraint event_series_standing_series_fk
        foreign key (standing_series_id) references standing_series (id)
    `,
    sql`
      create table standing_seasons (
        id integer generated always as identity primary key,
        series_id integer not null references standing_series (id),
        name text not null,
        start_date date not null,
        end_date date not null,
        created_at timestamptz not null default now(),
        check (start_date <= end_date)
      )
    `,
    sql`
      create table standing_competitors (
        id integer generated always as identity primary key,
        series_id integer not null references standing_series (id),
        user_id integer references users (id),
        team_id integer references teams (id) on delete set null,
        name text not null,
        created_at timestamptz not null default now()
      )
    `,
    sql`
      create unique index standing_competitors_user on standing_competitors (series_id, user_id)
        where user_id is not null
    `,
    sql`
      create unique index standing_competitors_team on standing_competitors (series_id, team_id)
        where team_id is not null
    `,
    sql`
      create table standing_results (
        id integer generated always as identity primary key,
        series_id integer not null references standing_series (id),
        season_id integer references standing_seasons (id),
        event_id integer not null references events (id),
        competitor_id integer not null references standing_competitors (id),
        position integer,
        points numeric not null,
        unique (series_id, event_id, competitor_id)
      )
    `,
    sql`create index standing_results_season on standing_results (series_id, season_id)`,
    sql`create index standing_results_competitor on standing_results (competitor_id)`,
    sql`
      create table standing_totals (
        series_id integer not null references standing_series (id),
        season_key integer not null,
        competitor_id integer not null references standing_competitors (id),
        points numeric not null,
        events integer not null,
        primary key (series_id, season_key, competitor_id)
      )
    `,
    sql`create index standing_totals_rank on standing_totals (series_id, season_key, points desc)`,
  ];
  for (const statement of statements) await statement.execute(db);
}
