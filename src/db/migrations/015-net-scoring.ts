import { sql, type Kysely } from 'kysely';
import { MAX_PLAYING_HANDICAP, MIN_PLAYING_HANDICAP } from '../../domain/net-scoring.js';

/**
 * Net scoring (decisions §24): an event's stroke index and `net_scoring` switch, and the
 * playing handicaps its organizer sets per golfer. A net board is built from more than the
 * event's own rows: a golfer without a playing handicap plays off the league handicap of
 * their complete cards of the org's earlier events. So, beside the triggers of migration
 * 006, a card marks the net boards of the golfer's later events, a playing handicap marks
 * its event, and an event's stroke index, switch or start (which decides what is earlier)
 * marks what they reach.
 */

/** Marks the net boards a change of the golfer's card on each (event, golfer) reaches. */
const MARK_LATER_NET_BOARDS = sql`
  create function mark_later_net_leaderboards_stale(event_ids integer[], user_ids integer[])
  returns void language sql set search_path from current as $$
    select mark_leaderboards_stale(array(
      select later.id
      from unnest(event_ids, user_ids) as changed (event_id, user_id)
      join events played on played.id = changed.event_id
      join events later on later.org_id = played.org_id
        and later.net_scoring and later.pars is not null
        and later.start_at > played.start_at
      where exists (
          select from event_entries entry
          where entry.event_id = later.id and entry.user_id = changed.user_id)
        or exists (
          select from roster_entries entry
          where entry.event_series_id = later.event_series_id
            and entry.user_id = changed.user_id and entry.status = 'active')))
  $$
`;

/** Migration 006's marker of score cards, with the golfers' later net boards added. */
const SCORE_CARDS_MARKER = sql`
  create or replace function leaderboards_stale_from_score_cards() returns trigger
  language plpgsql set search_path from current as $$
  begin
    if tg_op <> 'DELETE' then
      perform mark_leaderboards_stale(array(select event_id from new_rows));
      perform mark_later_net_leaderboards_stale(
        array(select event_id from new_rows), array(select user_id from new_rows));
    end if;
    if tg_op <> 'INSERT' then
      perform mark_leaderboards_stale(array(select event_id from old_rows));
      perform mark_later_net_leaderboards_stale(
        array(select event_id from old_rows), array(select user_id from old_rows));
    end if;
    return null;
  end
  $$
`;

/**
 * Migration 006's marker of events, with the net columns added. A moved start changes
 * which cards count as earlier for every net board of the org, a rare write: all of them
 * are marked. `reachesNetBoards` is that condition on an updated event (`n` new, `o` old),
 * so that a later migration can widen it without writing the function again.
 */
export const eventsMarker = (reachesNetBoards = 'n.start_at is distinct from o.start_at') => sql`
  create or replace function leaderboards_stale_from_events() returns trigger
  language plpgsql set search_path from current as $$
  begin
    if tg_op = 'INSERT' then
      perform mark_leaderboards_stale(array(
        select id from events where pars is not null and id in (select id from new_rows)));
    else
      perform mark_leaderboards_stale(array(
        select n.id from new_rows n join old_rows o on o.id = n.id
        where n.pars is distinct from o.pars
          or n.event_series_id is distinct from o.event_series_id
          or n.stroke_index is distinct from o.stroke_index
          or n.net_scoring is distinct from o.net_scoring));
      perform mark_leaderboards_stale(array(
        select later.id from events later
        where later.net_scoring and later.pars is not null and later.org_id in (
          select n.org_id from new_rows n join old_rows o on o.id = n.id
          where ${sql.raw(reachesNetBoards)})));
    end if;
    return null;
  end
  $$
`;

const HANDICAPS_MARKER = sql`
  create function leaderboards_stale_from_event_handicaps() returns trigger
  language plpgsql set search_path from current as $$
  begin
    if tg_op <> 'DELETE' then
      perform mark_leaderboards_stale(array(select event_id from new_rows));
    end if;
    if tg_op <> 'INSERT' then
      perform mark_leaderboards_stale(array(select event_id from old_rows));
    end if;
    return null;
  end
  $$
`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table events
      add column stroke_index integer[],
      add column net_scoring boolean not null default false
  `.execute(db);
  await sql`
    create table event_handicaps (
      event_id integer not null references events (id) on delete cascade,
      user_id integer not null references users (id) on delete cascade,
      strokes integer not null
        check (strokes between ${sql.lit(MIN_PLAYING_HANDICAP)} and ${sql.lit(MAX_PLAYING_HANDICAP)}),
      primary key (event_id, user_id)
    )
  `.execute(db);
  await sql`create index event_handicaps_user on event_handicaps (user_id)`.execute(db);
  // The league handicap reads a golfer's cards of the org's earlier events.
  await sql`create index score_cards_for_net_boards on score_cards (user_id)`.execute(db);
  await MARK_LATER_NET_BOARDS.execute(db);
  await SCORE_CARDS_MARKER.execute(db);
  await eventsMarker().execute(db);
  await HANDICAPS_MARKER.execute(db);
  const transitions = {
    insert: sql`new table as new_rows`,
    update: sql`old table as old_rows new table as new_rows`,
    delete: sql`old table as old_rows`,
  };
  for (const [operation, transition] of Object.entries(transitions)) {
    await sql`
      create trigger ${sql.id(`leaderboards_stale_on_${operation}`)}
      after ${sql.raw(operation)} on event_handicaps
      referencing ${transition}
      for each statement execute function leaderboards_stale_from_event_handicaps()
    `.execute(db);
  }
}
