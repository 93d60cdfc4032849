import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  const statements = [
    sql`
      create table orgs (
        id integer generated always as identity primary key,
        slug text not null unique,
        name text not null,
        timezone text not null,
        created_at timestamptz not null default now()
      )
    `,
    sql`
      create table users (
        id integer generated always as identity primary key,
        email text not null,
        first_name text not null,
        last_name text not null,
        created_at timestamptz not null default now()
      )
    `,
    sql`
      create unique index users_email_lower on users (lower(email))
    `,
    sql`
      create table event_series (
        id integer generated always as identity primary key,
        org_id integer not null references orgs (id),
        slug text not null,
        name text not null,
        season_label text not null,
        schedule_label text,
        description text,
        status text not null check (status in ('open', 'active', 'completed', 'draft', 'private')),
        fee_members_cents integer not null check (fee_members_cents >= 0),
        fee_per_entry boolean not null default false,
        entry_size integer not null check (entry_size between 1 and 8),
        image_path text,
        registration_opens_at date,
        registration_closes_at date,
        max_entries integer check (max_entries > 0),
        members_only boolean not null default false,
        standing_series_id integer,
        member_count integer not null default 0 check (member_count >= 0),
        seats_reserved integer not null default 0 check (seats_reserved >= 0),
        linked_event_count integer not null default 0 check (linked_event_count >= 0),
        created_at timestamptz not null default now(),
        unique (org_id, slug),
        check (registration_opens_at is null or registration_closes_at is null
               or registration_opens_at <= registration_closes_at)
      )
    `,
    sql`
      create table teams (
        id integer generated always as identity primary key,
        event_series_id integer not null references event_series (id),
        name text not null,
        member_count integer not null default 0 check (member_count >= 0),
        entry_paid boolean not null default false,
        created_at timestamptz not null default now()
      )
    `,
    sql`
      create unique index teams_name on teams (event_series_id, lower(name))
    `,
    sql`
      create table roster_entries (
        id integer generated always as identity primary key,
        event_series_id integer not null references event_series (id),
        user_id integer not null references users (id),
        team_id integer references teams (id) on delete set null,
        status text not null check (status in ('active', 'withdrawn')),
        paid_entry boolean not null default false,
        fee_cents integer not null check (fee_cents >= 0),
        registered_at timestamptz not null default clock_timestamp(),
        withdrawn_at timestamptz
      )
    `,
    sql`
      create unique index roster_entries_active_user
        on roster_entries (event_series_id, user_id) where status = 'active'
    `,
    sql`
      create index roster_entries_active_team
        on roster_entries (team_id, registered_at, id) where status = 'active'
    `,
    sql`
      create table invites (
        id integer generated always as identity primary key,
        team_id integer not null references teams (id) on delete cascade,
        inviter_user_id integer not null references users (id),
        email text not null,
        token text unique,
        accepted boolean not null default false,
        created_at timestamptz not null default now()
      )
    `,
    sql`
      create index invites_team_email on invites (team_id, lower(email))
    `,
    sql`
      create table media (
        path text primary key,
        content_type text not null,
        bytes bytea not null,
        created_at timestamptz not null default now()
      )
    `,
  ];
  for (const statement of statements) await statement.execute(db);
}
