import { sql, type Kysely } from 'kysely';

/**
 * Whether an org offers live odds (decisions §15): on unless its organizers switch it off,
 * when the odds endpoints answer 404 and the widget says odds are not offered.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table orgs add column odds_enabled boolean not null default true`.execute(db);
}
