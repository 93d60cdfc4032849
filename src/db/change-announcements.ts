import { sql, type Kysely } from 'kysely';

/**
 * The channel on which the database itself announces every committed change. The payload
 * is the schema of the changed table, so that deployments sharing a database through
 * `DATABASE_SCHEMA` do not hear each other.
 */
export const CHANGE_CHANNEL = 'clubhouse_changes';

const TRIGGER = 'clubhouse_announce_change';

/** Whether a notification on `CHANGE_CHANNEL` tells of a change in `schema`. */
export function announcesChangeIn(schema: string, payload: string | undefined): boolean {
  return payload === schema;
}

/**
 * Gives every table of `schema` (but the migration bookkeeping) a statement-level trigger
 * that notifies `CHANGE_CHANNEL` when it writes. PostgreSQL delivers such a notification
 * only when the transaction commits, once per transaction, and never after a rollback;
 * whatever made the change (the API, the CLI, a raw statement, an operator's psql) is
 * heard alike. Runs after every migration, so a table added later is covered without
 * anyone remembering; tables that already have the trigger are left alone.
 */
export async function announceChangesOfEveryTable<T>(db: Kysely<T>, schema: string) {
  await db.transaction().execute(async (trx) => {
    // Instances that start together take turns, so none adds a trigger twice.
    await sql`select pg_advisory_xact_lock(hashtext(${`${TRIGGER}:${schema}`}))`.execute(trx);
    const fn = sql.id(schema, TRIGGER);
    await sql`
      create or replace function ${fn}() returns trigger language plpgsql as $$
      begin
        perform pg_notify(${sql.lit(CHANGE_CHANNEL)}, tg_table_schema);
        return null;
      end
      $$`.execute(trx);
    const { rows } = await sql<{ name: string }>`
      select c.relname as name
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = ${schema} and c.relkind in ('r', 'p')
        and c.relname not like 'kysely\\_%'
        and not exists (
          select 1 from pg_trigger t where t.tgrelid = c.oid and t.tgname = ${TRIGGER}
        )`.execute(trx);
    for (const { name } of rows) {
      await sql`
        create trigger ${sql.id(TRIGGER)}
        after insert or update or delete or truncate on ${sql.id(schema, name)}
        for each statement execute function ${fn}()`.execute(trx);
    }
  });
}
