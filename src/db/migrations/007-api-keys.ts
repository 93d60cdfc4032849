import { sql, type Kysely } from 'kysely';

/**
 * Keys of an org (decisions §21). Only the SHA-256 of a key is kept, unique so that every
 * admin request finds its key with one index lookup; a scorer key names its event and
 * always expires. Deleting a key revokes it: the next lookup, on any instance, misses.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table api_keys (
      id integer generated always as identity primary key,
      org_id integer not null references orgs (id) on delete cascade,
      name text not null,
      role text not null check (role in ('organizer', 'scorer')),
      event_id integer references events (id) on delete cascade,
      key_hash text not null unique,
      hint text not null,
      expires_at timestamptz,
      created_at timestamptz not null default now(),
      check ((role = 'scorer') = (event_id is not null)),
      check (role = 'organizer' or expires_at is not null)
    )
  `.execute(db);
  await sql`create index api_keys_org on api_keys (org_id, id)`.execute(db);
}
