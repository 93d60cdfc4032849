import { sql } from 'kysely';

/**
 * Every link of a golfer to an org, as rows `(user_id, org_id)`: on a roster, inviting to a
 * team, on an entry list, a tee sheet, a card, a standings table or a bracket of the org,
 * added to it by an organizer (`org_golfers`), or holding one of its memberships (a recorded
 * purchase). A golfer with a link to an org is that org's golfer; one with no link belongs
 * to no org yet. The keys' guard (who a key may name) and the golfer lists read the same
 * links.
 */
export const GOLFER_LINKS = sql<{ user_id: number; org_id: number }>`
  select x.user_id, s.org_id from roster_entries x
    join event_series s on s.id = x.event_series_id
  union all select x.inviter_user_id, s.org_id from invites x
    join teams p on p.id = x.team_id join event_series s on s.id = p.event_series_id
  union all select x.user_id, e.org_id from event_entries x join events e on e.id = x.event_id
  union all select x.user_id, e.org_id from tee_group_players x join events e on e.id = x.event_id
  union all select x.user_id, e.org_id from score_cards x join events e on e.id = x.event_id
  union all select x.user_id, s.org_id from standing_competitors x
    join standing_series s on s.id = x.series_id
  union all select x.user_id, b.org_id from bracket_entrants x
    join brackets b on b.id = x.bracket_id
  union all select x.user_id, x.org_id from org_golfers x
  union all select x.user_id, p.org_id from membership_purchases x
    join membership_plans p on p.id = x.plan_id`;
