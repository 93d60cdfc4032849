import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  const statements = [
    sql`
      alter table events
        add column course_name text,
        add column pars smallint[],
        add constraint events_pars_holes check (
          pars is null or (
            array_ndims(pars) = 1 and cardinality(pars) in (9, 18)
            and array_position(pars, null) is null
            and 3 <= all (pars) and 6 >= all (pars)
          )
        )
    `,
    sql`
      create table tee_sheets (
        event_id integer primary key references events (id) on delete cascade,
        format text not null check (format in ('tee-times', 'shotgun')),
        updated_at timestamptz not null default now()
      )
    `,
    sql`
      create table tee_groups (
        id integer generated always as identity primary key,
        event_id integer not null references tee_sheets (event_id) on delete cascade,
        position integer not null check (position >= 0),
        start_at timestamptz,
        starting_hole smallint check (starting_hole between 1 and 18),
        unique (event_id, position)
      )
    `,
    sql`
      create table tee_group_players (
        group_id integer not null references tee_groups (id) on delete cascade,
        position integer not null check (position >= 0),
        event_id integer not null references tee_sheets (event_id) on delete cascade,
        user_id integer not null references users (id),
        primary key (group_id, position),
        unique (event_id, user_id)
      )
    `,
    sql`
      create table score_cards (
        event_id integer not null references events (id) on delete cascade,
        user_id integer not null references users (id),
        holes smallint[] not null check (
          array_ndims(holes) = 1 and cardinality(holes) in (9, 18)
          and 1 <= all (array_remove(holes, null)) and 20 >= all (array_remove(holes, null))
        ),
        updated_at timestamptz not null default now(),
        primary key (event_id, user_id)
      )
    `,
    sql`
      create table event_leaderboards (
        event_id integer primary key references events (id) on delete cascade,
        version bigint not null check (version > 0),
        board json not null,
        updated_at timestamptz not null default now()
      )
    `,
  ];
  for (const statement of statements) await statement.execute(db);
}
