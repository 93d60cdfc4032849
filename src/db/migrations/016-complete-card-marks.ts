import { sql, type Kysely } from 'kysely';
import { eventsMarker } from './015-net-scoring.js';

/**
 * What a card reaches beyond its own event depends on whether it is complete. A league
 * handicap (decisions §24) and a profile's results (§19) count complete cards only, so a
 * card that is incomplete before and after a write (a live night, hole by hole) changes
 * neither the golfer's later net boards nor the places of the event's other golfers.
 * Migrations 014 and 015 marked those on every card write: ten score writes a second on one
 * night then rebuilt every later night's boards and every golfer's profile of the night
 * ten times a second. Now a card marks them when it is complete before or after the write,
 * and its own golfer's profile only when the card may add or end their link to the org.
 * Pars that change on an event change which of its cards are complete and what they count
 * for, so they mark the org's net boards as a moved start does.
 */

const CARD_IS_COMPLETE = sql`
  create function card_is_complete(holes smallint[], pars smallint[]) returns boolean
  language sql immutable as $$
    select pars is not null and cardinality(holes) = cardinality(pars)
      and array_position(holes, null) is null
  $$
`;

/** The (event, golfer) pairs of a transition table's complete cards, in one pass. */
const completeCards = (rows: string) => `
    select array_agg(r.event_id), array_agg(r.user_id) into event_ids, user_ids
    from ${rows} r join events e on e.id = r.event_id
    where card_is_complete(r.holes, e.pars);
    if event_ids is not null then
      perform mark_later_net_leaderboards_stale(event_ids, user_ids);
    end if;`;

/**
 * The marker functions of score cards; `guard` opens their body, so that a later migration
 * can add a first check without writing the rest again.
 */
export const leaderboardsFromScoreCards = (guard = '') => sql`
  create or replace function leaderboards_stale_from_score_cards() returns trigger
  language plpgsql set search_path from current as $$
  declare
    event_ids integer[];
    user_ids integer[];
  begin
    ${sql.raw(guard)}
    if tg_op <> 'DELETE' then
      perform mark_leaderboards_stale(array(select event_id from new_rows));
      ${sql.raw(completeCards('new_rows'))}
    end if;
    if tg_op <> 'INSERT' then
      perform mark_leaderboards_stale(array(select event_id from old_rows));
      ${sql.raw(completeCards('old_rows'))}
    end if;
    return null;
  end
  $$
`;

/**
 * The event's golfers when the card is complete. The card's own golfer also when the card
 * may link them to the org or unlink them: a new card of a golfer without a profile there,
 * or a card gone (deleted, or moved to another event or golfer).
 */
const golfersReached = (rows: string, ownGolfer: string) => `
    perform mark_players_stale(array(
      select r.user_id from ${rows} r join events e on e.id = r.event_id
      where card_is_complete(r.holes, e.pars) or ${ownGolfer}
      union select c.user_id from score_cards c where c.event_id in (
        select r.event_id from ${rows} r join events e on e.id = r.event_id
        where card_is_complete(r.holes, e.pars))));`;

const NEW_LINK = `not exists (
        select from players p where p.org_id = e.org_id and p.user_id = r.user_id)`;
const GONE = `not exists (
        select from score_cards c where c.event_id = r.event_id and c.user_id = r.user_id)`;

export const playersFromScoreCards = (guard = '') => sql`
  create or replace function players_stale_from_score_cards() returns trigger
  language plpgsql set search_path from current as $$
  begin
    ${sql.raw(guard)}
    if tg_op <> 'DELETE' then ${sql.raw(golfersReached('new_rows', NEW_LINK))} end if;
    if tg_op <> 'INSERT' then ${sql.raw(golfersReached('old_rows', GONE))} end if;
    return null;
  end
  $$
`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await CARD_IS_COMPLETE.execute(db);
  await leaderboardsFromScoreCards().execute(db);
  await playersFromScoreCards().execute(db);
  await eventsMarker(
    'n.start_at is distinct from o.start_at or n.pars is distinct from o.pars',
  ).execute(db);
}
