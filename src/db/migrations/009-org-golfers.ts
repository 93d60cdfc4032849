import { sql, type Kysely } from 'kysely';

/**
 * Golfers an organizer added to an org by e-mail (decisions §23): a link of its own, so that
 * an account known to another club, or to none yet, becomes this org's golfer before it is
 * on any roster or card of it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table org_golfers (
      org_id integer not null references orgs (id) on delete cascade,
      user_id integer not null references users (id) on delete cascade,
      created_at timestamptz not null default now(),
      primary key (org_id, user_id)
    )
  `.execute(db);
  await sql`create index org_golfers_user on org_golfers (user_id)`.execute(db);
}
