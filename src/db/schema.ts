import type { ColumnType, Generated, Selectable } from 'kysely';

/** A `date` column: read and written as `YYYY-MM-DD`. */
type DateColumn = string;
type CreatedAt = ColumnType<Date, never, never>;

export interface OrgsTable {
  id: Generated<number>;
  slug: string;
  name: string;
  timezone: string;
  /** Whether the org's events publish live odds (decisions §15). */
  odds_enabled: Generated<boolean>;
  /** The club's own newsletter consent text (decisions §18); null: the generated sentence. */
  newsletter_consent_text: string | null;
  created_at: CreatedAt;
}

export interface UsersTable {
  id: Generated<number>;
  email: string;
  first_name: string;
  last_name: string;
  /** False hides the golfer's player profile and list entry (decisions §19). */
  public_profile: Generated<boolean>;
  created_at: CreatedAt;
}

export type LeagueStatus = 'open' | 'active' | 'completed' | 'draft' | 'private';

export interface EventSeriesTable {
  id: Generated<number>;
  org_id: number;
  slug: string;
  name: string;
  season_label: string;
  schedule_label: string | null;
  description: string | null;
  status: LeagueStatus;
  fee_members_cents: number;
  fee_per_entry: boolean;
  entry_size: number;
  image_path: string | null;
  registration_opens_at: DateColumn | null;
  registration_closes_at: DateColumn | null;
  max_entries: number | null;
  members_only: boolean;
  standing_series_id: number | null;
  /** Active roster entries, kept in step by every roster write. */
  member_count: Generated<number>;
  /** Golfers' places taken against `max_entries`: a team holds all its seats. */
  seats_reserved: Generated<number>;
  linked_event_count: Generated<number>;
  /** Org-local days of the earliest and latest public linked event, kept by event writes. */
  first_event_date: Generated<DateColumn | null>;
  last_event_date: Generated<DateColumn | null>;
  created_at: CreatedAt;
}

export interface TeamsTable {
  id: Generated<number>;
  event_series_id: number;
  name: string;
  /** Active members, kept in step by every roster write. */
  member_count: Generated<number>;
  /** On a fee-per-entry league: a member has bought the team's entry. */
  entry_paid: Generated<boolean>;
  created_at: CreatedAt;
}

export type RosterStatus = 'active' | 'withdrawn';

export interface RosterEntriesTable {
  id: Generated<number>;
  event_series_id: number;
  user_id: number;
  team_id: number | null;
  status: RosterStatus;
  paid_entry: boolean;
  fee_cents: number;
  registered_at: ColumnType<Date, never, never>;
  withdrawn_at: ColumnType<Date | null, never, Date | null>;
}

export interface InvitesTable {
  id: Generated<number>;
  team_id: number;
  inviter_user_id: number;
  email: string;
  token: string | null;
  accepted: Generated<boolean>;
  created_at: CreatedAt;
}

export interface MediaTable {
  path: string;
  content_type: string;
  bytes: Uint8Array;
  created_at: CreatedAt;
}

export type EventStatus = 'draft' | 'published' | 'completed' | 'canceled';

export interface EventsTable {
  id: Generated<number>;
  org_id: number;
  slug: string;
  title: string;
  event_type: string;
  status: EventStatus;
  start_at: Date;
  end_at: Date | null;
  /** The org-local day and year of `start_at`, fixed when the event is written. */
  local_date: DateColumn;
  local_year: number;
  event_series_id: number | null;
  /** Own entries of an event not linked to a league. */
  entry_count: Generated<number>;
  created_at: CreatedAt;
  course_name: string | null;
  /** Par of each hole (9 or 18 of 3–6); null until the course is set. */
  pars: number[] | null;
  /** Each hole's stroke index (a permutation of 1..holes, 1 the hardest); null: in order. */
  stroke_index: number[] | null;
  /** Adds a net board (decisions §24). */
  net_scoring: Generated<boolean>;
  /** Moved by the database when a field a calendar shows changes (iCalendar SEQUENCE). */
  sequence: ColumnType<number, never, never>;
  updated_at: ColumnType<Date, never, never>;
}

export interface EventTagsTable {
  event_id: number;
  tag: string;
}

export interface EventEntriesTable {
  id: Generated<number>;
  event_id: number;
  user_id: number;
  team_name: string | null;
  created_at: CreatedAt;
}

export type StandingScope = 'season' | 'overall';

export interface StandingSeriesTable {
  id: Generated<number>;
  org_id: number;
  name: string;
  scope: StandingScope;
  created_at: CreatedAt;
}

export interface StandingSeasonsTable {
  id: Generated<number>;
  series_id: number;
  name: string;
  start_date: DateColumn;
  end_date: DateColumn;
  created_at: CreatedAt;
}

export interface StandingCompetitorsTable {
  id: Generated<number>;
  series_id: number;
  user_id: number | null;
  team_id: number | null;
  name: string;
  created_at: CreatedAt;
}

export interface StandingResultsTable {
  id: Generated<number>;
  series_id: number;
  season_id: number | null;
  event_id: number;
  competitor_id: number;
  position: number | null;
  points: number;
}

/** Summed results per series and season (`season_key` 0 for the whole series). */
export interface StandingTotalsTable {
  series_id: number;
  season_key: number;
  competitor_id: number;
  points: number;
  events: number;
}

export type TeeSheetFormat = 'tee-times' | 'shotgun';

export interface TeeSheetsTable {
  event_id: number;
  format: TeeSheetFormat;
  updated_at: ColumnType<Date, never, Date>;
}

export interface TeeGroupsTable {
  id: Generated<number>;
  event_id: number;
  /** The group's place in the sheet, from 0. */
  position: number;
  start_at: Date | null;
  starting_hole: number | null;
}

export interface TeeGroupPlayersTable {
  group_id: number;
  /** The golfer's place in the group, from 0. */
  position: number;
  event_id: number;
  user_id: number;
}

export interface ScoreCardsTable {
  event_id: number;
  user_id: number;
  /** Strokes per hole of the event's pars; null where the hole is not played yet. */
  holes: (number | null)[];
  updated_at: ColumnType<Date, never, Date>;
}

/** A golfer's playing handicap on one event, set by its organizer (decisions §24). */
export interface EventHandicapsTable {
  event_id: number;
  user_id: number;
  strokes: number;
}

/** An event's boards as the public reads them, rebuilt by every write that changes them. */
export interface EventLeaderboardsTable {
  event_id: number;
  version: number;
  /** JSON text on the way in; parsed on the way out. */
  board: ColumnType<unknown, string, string>;
  updated_at: ColumnType<Date, never, Date>;
}

/** Events whose boards a change may have moved, until the rebuild clears them. */
export interface StaleLeaderboardsTable {
  event_id: number;
}

export type ApiKeyRole = 'organizer' | 'scorer';

export interface ApiKeysTable {
  id: Generated<number>;
  org_id: number;
  name: string;
  role: ApiKeyRole;
  /** The event a scorer key may score; null for organizer keys. */
  event_id: number | null;
  /** SHA-256 of the key, hex; the key itself is never stored. */
  key_hash: string;
  /** The key's first characters, so that a list tells keys apart without showing them. */
  hint: string;
  expires_at: Date | null;
  created_at: CreatedAt;
}

/** A golfer an organizer added to an org by e-mail (decisions §23). */
export interface OrgGolfersTable {
  org_id: number;
  user_id: number;
  created_at: CreatedAt;
}

/**
 * A golfer's public player profile in an org (decisions §19), rebuilt on every write that
 * changes it; the slug is made once and kept.
 */
export interface PlayersTable {
  org_id: number;
  user_id: number;
  slug: string;
  name: string;
  /** The name's words folded to lower case without accents, each after a space. */
  search_name: string;
  /** Shown in the list and by slug: on something public, and not hidden by the golfer. */
  listed: boolean;
  handicap: number | null;
  /** The public profile's JSON text. */
  profile: string;
}

/** Golfers whose profiles a change may have moved, until the rebuild clears them. */
export interface StalePlayersTable {
  user_id: number;
}

export type BracketStatus = 'draft' | 'published';
export type BracketResultKind = 'bye' | 'holes' | 'extra-holes' | 'conceded';

export interface BracketsTable {
  id: Generated<number>;
  org_id: number;
  slug: string;
  name: string;
  holes_per_match: number;
  status: Generated<BracketStatus>;
  created_at: CreatedAt;
}

/** A golfer or a team (never both) with its seed, 1 the best. */
export interface BracketEntrantsTable {
  id: Generated<number>;
  bracket_id: number;
  seed: number;
  user_id: number | null;
  team_id: number | null;
}

export interface BracketMatchesTable {
  id: Generated<number>;
  bracket_id: number;
  round: number;
  number: number;
  side1_entrant_id: number | null;
  side2_entrant_id: number | null;
  winner: 1 | 2 | null;
  kind: BracketResultKind | null;
  up: number | null;
  to_play: number | null;
  holes_played: number | null;
}

export type PostStatus = 'draft' | 'published';

export interface PostsTable {
  id: Generated<number>;
  org_id: number;
  slug: string;
  title: string;
  /** Markdown as the organizer wrote it. */
  body: string;
  /** The body rendered and sanitized once, when saved. */
  html: string;
  /** The organizer's excerpt; null: `excerpt` is drawn from the body. */
  custom_excerpt: string | null;
  excerpt: string;
  reading_minutes: number;
  tags: string[];
  author_name: string | null;
  status: PostStatus;
  /** When the post shows; a future moment schedules it; null for a draft never published. */
  published_at: Date | null;
  featured: boolean;
  image_path: string | null;
  created_at: CreatedAt;
  updated_at: Generated<Date>;
}

export type MembershipPlanStatus = 'draft' | 'available' | 'closed';
export type MembershipPeriod = 'year' | 'season' | 'month' | 'one-time';

export interface MembershipPlansTable {
  id: Generated<number>;
  org_id: number;
  slug: string;
  name: string;
  description: string | null;
  price_cents: number;
  /** ISO 4217 code, upper case. */
  currency: string;
  period: MembershipPeriod;
  /** A JSON array of strings; written as its JSON text. */
  benefits: ColumnType<string[], string | undefined, string>;
  status: MembershipPlanStatus;
  sales_open_at: Date | null;
  sales_close_at: Date | null;
  capacity: number | null;
  /** Purchases recorded, kept in each purchase's transaction. */
  sold_count: Generated<number>;
  created_at: CreatedAt;
}

export interface MembershipPurchasesTable {
  id: Generated<number>;
  plan_id: number;
  user_id: number;
  created_at: CreatedAt;
}

export type SubscriberStatus = 'pending' | 'confirmed' | 'unsubscribed' | 'erased';

export interface NewsletterSubscribersTable {
  id: Generated<number>;
  org_id: number;
  /** As given; null once erased. */
  email: string | null;
  /** Lower case, unique in the org; null once erased. */
  email_key: string | null;
  name: string | null;
  status: SubscriberStatus;
  source: string | null;
  consent_text: string | null;
  consent_at: Date | null;
  consent_ip: string | null;
  consent_user_agent: string | null;
  confirmed_at: Date | null;
  confirmed_ip: string | null;
  confirmed_user_agent: string | null;
  unsubscribed_at: Date | null;
  created_at: CreatedAt;
}

export type NewsletterTokenPurpose = 'confirm' | 'unsubscribe';

export interface NewsletterTokensTable {
  /** SHA-256 of the token, hex; the token itself is never stored. */
  token_hash: string;
  subscriber_id: number;
  purpose: NewsletterTokenPurpose;
  expires_at: Date | null;
  used_at: Date | null;
  created_at: CreatedAt;
}

export interface MailOutboxTable {
  id: Generated<number>;
  org_id: number;
  subscriber_id: number | null;
  /** Null once the mail is sent: the outbox keeps no address or token past delivery. */
  recipient: string | null;
  subject: string;
  text_body: string | null;
  headers: ColumnType<Record<string, string>, string | undefined, string>;
  status: Generated<'pending' | 'sent'>;
  attempts: Generated<number>;
  next_attempt_at: Generated<Date>;
  /** While set and in the future, one sender holds the mail (its lease). */
  locked_until: Date | null;
  last_error: string | null;
  sent_at: Date | null;
  /** When the mail was made, by the service's clock: the per-address caps count from it. */
  created_at: ColumnType<Date, Date | undefined, never>;
}

export interface Database {
  orgs: OrgsTable;
  users: UsersTable;
  event_series: EventSeriesTable;
  teams: TeamsTable;
  roster_entries: RosterEntriesTable;
  invites: InvitesTable;
  media: MediaTable;
  events: EventsTable;
  event_tags: EventTagsTable;
  event_entries: EventEntriesTable;
  standing_series: StandingSeriesTable;
  standing_seasons: StandingSeasonsTable;
  standing_competitors: StandingCompetitorsTable;
  standing_results: StandingResultsTable;
  standing_totals: StandingTotalsTable;
  tee_sheets: TeeSheetsTable;
  tee_groups: TeeGroupsTable;
  tee_group_players: TeeGroupPlayersTable;
  score_cards: ScoreCardsTable;
  event_handicaps: EventHandicapsTable;
  event_leaderboards: EventLeaderboardsTable;
  stale_leaderboards: StaleLeaderboardsTable;
  api_keys: ApiKeysTable;
  org_golfers: OrgGolfersTable;
  players: PlayersTable;
  stale_players: StalePlayersTable;
  brackets: BracketsTable;
  bracket_entrants: BracketEntrantsTable;
  bracket_matches: BracketMatchesTable;
  posts: PostsTable;
  membership_plans: MembershipPlansTable;
  membership_purchases: MembershipPurchasesTable;
  newsletter_subscribers: NewsletterSubscribersTable;
  newsletter_tokens: NewsletterTokensTable;
  mail_outbox: MailOutboxTable;
}

export type Org = Selectable<OrgsTable>;
export type User = Selectable<UsersTable>;
export type League = Selectable<EventSeriesTable>;
export type Team = Selectable<TeamsTable>;
export type RosterEntry = Selectable<RosterEntriesTable>;
export type Invite = Selectable<InvitesTable>;
export type Event = Selectable<EventsTable>;
export type StandingSeries = Selectable<StandingSeriesTable>;
export type StandingSeason = Selectable<StandingSeasonsTable>;
export type StandingCompetitor = Selectable<StandingCompetitorsTable>;
export type ApiKey = Selectable<ApiKeysTable>;
export type Bracket = Selectable<BracketsTable>;
export type BracketEntrant = Selectable<BracketEntrantsTable>;
export type BracketMatch = Selectable<BracketMatchesTable>;
export type Post = Selectable<PostsTable>;
export type MembershipPlan = Selectable<MembershipPlansTable>;
export type NewsletterSubscriber = Selectable<NewsletterSubscribersTable>;
export type OutboxMail = Selectable<MailOutboxTable>;
