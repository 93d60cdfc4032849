import { sql, type Kysely } from 'kysely';

/**
 * The channel on which the database itself announces every committed change. The payload
 * starts with the schema of the changed table, so that deployments sharing a database
 * through `DATABASE_SCHEMA` do not hear each other; then, when the change belongs to one
 * org, that org's id and slug: `<schema> <org id> <org slug>`. A bare `<schema>` is a change
 * that may touch anything (a truncate, a table whose rows name no org).
 */
export const CHANGE_CHANNEL = 'clubhouse_changes';

/** An org a committed change touched, by id (the rows' own key) and slug (the URLs'). */
export interface TouchedOrg {
  id: number;
  slug: string;
}

/** What a committed change may have made stale: the named orgs, or anything at all. */
export type Touched = readonly TouchedOrg[] | 'all';

/** The change a notification on `CHANGE_CHANNEL` tells of in `schema`, if it is one. */
export function announcementIn(schema: string, payload: string | undefined): Touched | undefined {
  if (payload === schema) return 'all';
  if (payload === undefined || !payload.startsWith(`${schema} `)) return undefined;
  const rest = payload.slice(schema.length + 1);
  const space = rest.indexOf(' ');
  const id = Number(rest.slice(0, space));
  // Anything unreadable is taken for the widest change rather than ignored.
  if (space === -1 || !Number.isSafeInteger(id)) return 'all';
  return [{ id, slug: rest.slice(space + 1) }];
}

/** The trigger on every table; the name the statement-level version had, kept for upgrades. */
const TRIGGER = 'clubhouse_announce_change';
/** Truncating a table that names its orgs row by row: its rows cannot be seen, so anything. */
const TRUNCATE_TRIGGER = 'clubhouse_announce_truncate';
/** The function of tables whose rows name no org, and of truncates: the bare schema. */
const ANNOUNCE_ANY = 'clubhouse_announce_change';

/** `<table>` of `schema`, quoted; `schema` and the names here are plain identifiers. */
type Qualify = (table: string) => string;

/**
 * How a row of each table finds its org(s): a query of `id, slug` from `orgs` over the row
 * `r` (OLD or NEW). A row whose parent is gone was deleted with it in the same transaction
 * (every parent reference is a foreign key), and the parent's own row announced the org.
 * A table not listed here announces every change as touching anything: safe, if wide.
 */
const ORGS_OF_ROW: Readonly<Record<string, (t: Qualify, r: string) => string>> = {
  orgs: (_t, r) => `select ${r}.id, ${r}.slug`,
  event_series: orgById,
  events: orgById,
  standing_series: orgById,
  api_keys: orgById,
  org_golfers: orgById,
  brackets: orgById,
  bracket_entrants: (t, r) => viaParent(t, 'brackets', `${r}.bracket_id`),
  bracket_matches: (t, r) => viaParent(t, 'brackets', `${r}.bracket_id`),
  posts: orgById,
  membership_plans: orgById,
  membership_purchases: (t, r) => viaParent(t, 'membership_plans', `${r}.plan_id`),
  newsletter_subscribers: orgById,
  newsletter_tokens: (t, r) => viaParent(t, 'newsletter_subscribers', `${r}.subscriber_id`),
  mail_outbox: orgById,
  teams: (t, r) => viaParent(t, 'event_series', `${r}.event_series_id`),
  roster_entries: (t, r) => viaParent(t, 'event_series', `${r}.event_series_id`),
  invites: (t, r) => `
    select o.id, o.slug from ${t('teams')} p
    join ${t('event_series')} s on s.id = p.event_series_id
    join ${t('orgs')} o on o.id = s.org_id
    where p.id = ${r}.team_id`,
  event_tags: viaEvent,
  event_entries: viaEvent,
  tee_sheets: viaEvent,
  tee_groups: viaEvent,
  tee_group_players: viaEvent,
  score_cards: viaEvent,
  event_handicaps: viaEvent,
  event_leaderboards: viaEvent,
  // Marks of boards to rebuild: cleared in the transaction that made them, or by the rebuild.
  stale_leaderboards: viaEvent,
  standing_seasons: viaSeries,
  standing_competitors: viaSeries,
  standing_results: viaSeries,
  standing_totals: viaSeries,
  players: orgById,
  // A golfer belongs to no org: their name shows in every org they play in, and only there.
  users: (t, r) => orgsOfGolfer(t, `${r}.id`),
  // Marks of profiles to rebuild: cleared in the transaction that made them, or by the rebuild.
  stale_players: (t, r) => orgsOfGolfer(t, `${r}.user_id`),
};

/** Tables whose new rows nothing refers to yet, so that inserting one touches no org. */
const INSERT_TOUCHES_NOTHING = new Set(['users']);

/** The orgs a golfer plays in. */
function orgsOfGolfer(t: Qualify, userId: string): string {
  return `
    select o.id, o.slug from ${t('orgs')} o where o.id in (
      select s.org_id from ${t('roster_entries')} x
        join ${t('event_series')} s on s.id = x.event_series_id where x.user_id = ${userId}
      union select s.org_id from ${t('invites')} x join ${t('teams')} p on p.id = x.team_id
        join ${t('event_series')} s on s.id = p.event_series_id where x.inviter_user_id = ${userId}
      union select e.org_id from ${t('event_entries')} x
        join ${t('events')} e on e.id = x.event_id where x.user_id = ${userId}
      union select e.org_id from ${t('tee_group_players')} x
        join ${t('events')} e on e.id = x.event_id where x.user_id = ${userId}
      union select e.org_id from ${t('score_cards')} x
        join ${t('events')} e on e.id = x.event_id where x.user_id = ${userId}
      union select s.org_id from ${t('standing_competitors')} x
        join ${t('standing_series')} s on s.id = x.series_id where x.user_id = ${userId}
      union select b.org_id from ${t('bracket_entrants')} x
        join ${t('brackets')} b on b.id = x.bracket_id where x.user_id = ${userId}
      union select x.org_id from ${t('org_golfers')} x where x.user_id = ${userId}
      union select p.org_id from ${t('membership_purchases')} x
        join ${t('membership_plans')} p on p.id = x.plan_id where x.user_id = ${userId})`;
}

function orgById(t: Qualify, r: string): string {
  return `select o.id, o.slug from ${t('orgs')} o where o.id = ${r}.org_id`;
}

function viaParent(t: Qualify, parent: string, key: string): string {
  return `
    select o.id, o.slug from ${t(parent)} p join ${t('orgs')} o on o.id = p.org_id
    where p.id = ${key}`;
}

function viaEvent(t: Qualify, r: string): string {
  return viaParent(t, 'events', `${r}.event_id`);
}

function viaSeries(t: Qualify, r: string): string {
  return viaParent(t, 'standing_series', `${r}.series_id`);
}

function quoted(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

/** The row-level function of one table: one notification per org its old and new rows name. */
function announceOrgsFunction(schema: string, table: string): string {
  const t: Qualify = (name) => `${quoted(schema)}.${quoted(name)}`;
  const orgsOf = ORGS_OF_ROW[table];
  if (orgsOf === undefined) throw new Error(`no org is known for rows of ${table}`);
  const notify = (r: string) => `
    perform pg_notify('${CHANGE_CHANNEL}', tg_table_schema || ' ' || touched.id || ' ' || touched.slug)
    from (${orgsOf(t, r)}) as touched (id, slug);`;
  const newRows = INSERT_TOUCHES_NOTHING.has(table) ? `tg_op = 'UPDATE'` : `tg_op <> 'DELETE'`;
  return `
    create or replace function ${t(`${ANNOUNCE_ANY}_${table}`)}() returns trigger
    language plpgsql as $$
    begin
      if tg_op <> 'INSERT' then ${notify('old')} end if;
      if ${newRows} then ${notify('new')} end if;
      return null;
    end
    $$`;
}

/**
 * Gives every table of `schema` (but the migration bookkeeping) a trigger that notifies
 * `CHANGE_CHANNEL` when it writes: for the tables whose rows lead to an org, once per org a
 * transaction touched (PostgreSQL delivers one of identical notifications per transaction),
 * else once with the bare schema. Notifications are delivered only when the transaction
 * commits, and never after a rollback; whatever made the change (the API, the CLI, a raw
 * statement, an operator's psql) is heard alike. Runs after every migration, so a table
 * added later is covered without anyone remembering; a table whose trigger is already the
 * right kind is left alone, and one with the older, statement-level trigger is upgraded.
 */
export async function announceChangesOfEveryTable<T>(db: Kysely<T>, schema: string) {
  await db.transaction().execute(async (trx) => {
    // Instances that start together take turns, so none adds a trigger twice.
    await sql`select pg_advisory_xact_lock(hashtext(${`${TRIGGER}:${schema}`}))`.execute(trx);
    const announceAny = sql.id(schema, ANNOUNCE_ANY);
    await sql`
      create or replace function ${announceAny}() returns trigger language plpgsql as $$
      begin
        perform pg_notify(${sql.lit(CHANGE_CHANNEL)}, tg_table_schema);
        return null;
      end
      $$`.execute(trx);
    // Bit 1 of `tgtype` marks a row-level trigger.
    const { rows } = await sql<{ name: string; rowLevel: boolean | null }>`
      select c.relname as name, (
        select (t.tgtype & 1) = 1 from pg_trigger t where t.tgrelid = c.oid and t.tgname = ${TRIGGER}
      ) as "rowLevel"
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = ${schema} and c.relkind in ('r', 'p')
        and c.relname not like 'kysely\\_%'`.execute(trx);
    for (const { name, rowLevel } of rows) {
      const table = sql.id(schema, name);
      if (ORGS_OF_ROW[name] === undefined) {
        if (rowLevel !== null) continue;
        await sql`
          create trigger ${sql.id(TRIGGER)}
          after insert or update or delete or truncate on ${table}
          for each statement execute function ${announceAny}()`.execute(trx);
        continue;
      }
      await sql.raw(announceOrgsFunction(schema, name)).execute(trx);
      if (rowLevel === true) continue;
      for (const trigger of [TRIGGER, TRUNCATE_TRIGGER]) {
        await sql`drop trigger if exists ${sql.id(trigger)} on ${table}`.execute(trx);
      }
      await sql`
        create trigger ${sql.id(TRIGGER)}
        after insert or update or delete on ${table}
        for each row execute function ${sql.id(schema, `${ANNOUNCE_ANY}_${name}`)}()`.execute(trx);
      await sql`
        create trigger ${sql.id(TRUNCATE_TRIGGER)} after truncate on ${table}
        for each statement execute function ${announceAny}()`.execute(trx);
    }
  });
}
