import { sql, type Kysely } from 'kysely';

/**
 * Blog posts of an org (decisions §16), and what a calendar needs of an event: a revision
 * (`sequence`) and the moment it last changed, moved by the database itself whenever a field
 * a calendar shows changes, so that an edit made outside the API (psql) moves them too.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const statements = [
    sql`
      create table posts (
        id integer generated always as identity primary key,
        org_id integer not null references orgs (id) on delete cascade,
        slug text not null,
        title text not null,
        body text not null,
        html text not null,
        custom_excerpt text,
        excerpt text not null,
        reading_minutes integer not null check (reading_minutes >= 1),
        tags text[] not null default '{}',
        author_name text,
        status text not null check (status in ('draft', 'published')),
        published_at timestamptz,
        featured boolean not null default false,
        image_path text,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now(),
        unique (org_id, slug),
        check (status = 'draft' or published_at is not null)
      )
    `,
    sql`create index posts_newest on posts (org_id, published_at desc, id desc)`,
    sql`
      alter table events
        add column sequence integer not null default 0,
        add column updated_at timestamptz not null default now()
    `,
    sql`
      create function events_revise() returns trigger language plpgsql as $$
      begin
        new.sequence := old.sequence + 1;
        new.updated_at := now();
        return new;
      end
      $$
    `,
    sql`
      create trigger events_revise before update on events for each row
      when (
        (old.slug, old.title, old.status, old.start_at, old.end_at, old.course_name)
        is distinct from
        (new.slug, new.title, new.status, new.start_at, new.end_at, new.course_name)
      )
      execute function events_revise()
    `,
  ];
  for (const statement of statements) await statement.execute(db);
}
