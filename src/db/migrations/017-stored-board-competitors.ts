import { sql, type Kysely } from 'kysely';

/**
 * Stored boards keep, beside their public rows, whom each row scores for, the field and
 * the strokes each golfer receives, so that the odds read them instead of scoring the
 * boards again. Boards stored before carry none of it: they are marked stale, and the
 * app rebuilds them at the next write or start-up.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    insert into stale_leaderboards (event_id)
    select event_id from event_leaderboards order by event_id
    on conflict do nothing
  `.execute(db);
}
