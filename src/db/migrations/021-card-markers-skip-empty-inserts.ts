import type { Kysely } from 'kysely';
import { leaderboardsFromScoreCards, playersFromScoreCards } from './016-complete-card-marks.js';

/**
 * A score write is an upsert (`insert … on conflict do update`), and PostgreSQL fires an
 * upsert's statement triggers for both operations: the insert ones with an empty `new_rows`
 * when it updated a card, as every write of a live night does but a golfer's first. Migration
 * 016's markers of score cards then ran their insert branch on no rows: the marking
 * functions and the complete cards' and golfers' queries, for nothing. They now return at
 * once when an insert brought no rows; what is marked is unchanged.
 */
const NO_NEW_ROWS = `
    if tg_op = 'INSERT' then
      -- Apart from the test of tg_op: a delete's trigger has no new_rows to plan against.
      if not exists (select from new_rows) then return null; end if;
    end if;`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await leaderboardsFromScoreCards(NO_NEW_ROWS).execute(db);
  await playersFromScoreCards(NO_NEW_ROWS).execute(db);
}
