import { sql, type Kysely } from 'kysely';

/**
 * Match-play brackets (decisions §20). A bracket is a draft until published; its entrants
 * are golfers or teams in seed order; publishing writes every match of every round at once,
 * so that a winner advances by filling a side of a match that already exists. A side names
 * an entrant (null while unknown, or for the bye of round one); a result's fields are those
 * of its kind.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table brackets (
      id integer generated always as identity primary key,
      org_id integer not null references orgs (id) on delete cascade,
      slug text not null,
      name text not null,
      holes_per_match integer not null check (holes_per_match in (9, 18)),
      status text not null default 'draft' check (status in ('draft', 'published')),
      created_at timestamptz not null default now(),
      unique (org_id, slug)
    )
  `.execute(db);
  await sql`
    create table bracket_entrants (
      id integer generated always as identity primary key,
      bracket_id integer not null references brackets (id) on delete cascade,
      seed integer not null check (seed between 1 and 128),
      user_id integer references users (id) on delete cascade,
      team_id integer references teams (id) on delete cascade,
      check ((user_id is null) <> (team_id is null)),
      unique (bracket_id, seed),
      unique (bracket_id, user_id),
      unique (bracket_id, team_id)
    )
  `.execute(db);
  await sql`create index bracket_entrants_user on bracket_entrants (user_id)`.execute(db);
  await sql`create index bracket_entrants_team on bracket_entrants (team_id)`.execute(db);
  await sql`
    create table bracket_matches (
      id integer generated always as identity primary key,
      bracket_id integer not null references brackets (id) on delete cascade,
      round integer not null check (round >= 1),
      number integer not null check (number >= 1),
      side1_entrant_id integer references bracket_entrants (id) on delete cascade,
      side2_entrant_id integer references bracket_entrants (id) on delete cascade,
      winner integer check (winner in (1, 2)),
      kind text check (kind in ('bye', 'holes', 'extra-holes', 'conceded')),
      up integer,
      to_play integer,
      holes_played integer,
      check ((winner is null) = (kind is null)),
      unique (bracket_id, round, number)
    )
  `.execute(db);
}
