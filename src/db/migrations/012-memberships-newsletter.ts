import { sql, type Kysely } from 'kysely';

/**
 * Membership plans and their purchases (decisions §17), the newsletter's subscribers and
 * their tokens (§18), and the mail outbox every mail of the service leaves through.
 *
 * `sold_count` is the purchases a plan has recorded, kept on write in the purchase's
 * transaction (the plan row is locked first), so that racing purchases never exceed
 * `capacity`. Tokens are kept only as their SHA-256. An erased subscriber keeps its row
 * (the count stays) without any personal data.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table membership_plans (
      id integer generated always as identity primary key,
      org_id integer not null references orgs (id) on delete cascade,
      slug text not null,
      name text not null,
      description text,
      price_cents integer not null check (price_cents >= 0),
      currency text not null check (currency ~ '^[A-Z]{3}$'),
      period text not null check (period in ('year', 'season', 'month', 'one-time')),
      benefits jsonb not null default '[]',
      status text not null check (status in ('draft', 'available', 'closed')),
      sales_open_at timestamptz,
      sales_close_at timestamptz,
      capacity integer check (capacity >= 0),
      sold_count integer not null default 0 check (sold_count >= 0),
      created_at timestamptz not null default now(),
      unique (org_id, slug)
    )
  `.execute(db);
  await sql`
    create table membership_purchases (
      id integer generated always as identity primary key,
      plan_id integer not null references membership_plans (id) on delete cascade,
      user_id integer not null references users (id) on delete cascade,
      created_at timestamptz not null default now(),
      unique (plan_id, user_id)
    )
  `.execute(db);
  await sql`
    create table newsletter_subscribers (
      id integer generated always as identity primary key,
      org_id integer not null references orgs (id) on delete cascade,
      email text,
      email_key text,
      name text,
      status text not null check (status in ('pending', 'confirmed', 'unsubscribed', 'erased')),
      source text,
      consent_text text,
      consent_at timestamptz,
      consent_ip text,
      consent_user_agent text,
      confirmed_at timestamptz,
      confirmed_ip text,
      confirmed_user_agent text,
      unsubscribed_at timestamptz,
      created_at timestamptz not null default now(),
      unique (org_id, email_key)
    )
  `.execute(db);
  await sql`
    create table newsletter_tokens (
      token_hash text primary key,
      subscriber_id integer not null references newsletter_subscribers (id) on delete cascade,
      purpose text not null check (purpose in ('confirm', 'unsubscribe')),
      expires_at timestamptz,
      used_at timestamptz,
      created_at timestamptz not null default now()
    )
  `.execute(db);
  await sql`create index newsletter_tokens_subscriber on newsletter_tokens (subscriber_id)`.execute(
    db,
  );
  await sql`
    create table mail_outbox (
      id integer generated always as identity primary key,
      org_id integer not null references orgs (id) on delete cascade,
      subscriber_id integer references newsletter_subscribers (id) on delete cascade,
      recipient text,
      subject text not null,
      text_body text,
      headers jsonb not null default '{}',
      status text not null default 'pending' check (status in ('pending', 'sent')),
      attempts integer not null default 0,
      next_attempt_at timestamptz not null default now(),
      locked_until timestamptz,
      last_error text,
      sent_at timestamptz,
      created_at timestamptz not null default now()
    )
  `.execute(db);
  await sql`create index mail_outbox_due on mail_outbox (next_attempt_at) where status = 'pending'`.execute(
    db,
  );
  await sql`create index mail_outbox_subscriber on mail_outbox (subscriber_id, created_at)`.execute(
    db,
  );
}
