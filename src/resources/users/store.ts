import { sql, type Insertable, type Updateable } from 'kysely';
import type { User, UsersTable } from '../../db/schema.js';
import type { Executor } from '../../db/executor.js';
import { GOLFER_LINKS } from '../../db/golfer-links.js';

/** A golfer's name as stored; `displayName` writes it for others. */
export type UserName = Pick<User, 'first_name' | 'last_name'>;

export async function insertUser(db: Executor, user: Insertable<UsersTable>): Promise<User> {
  return db.insertInto('users').values(user).returningAll().executeTakeFirstOrThrow();
}

export async function updateUserById(
  db: Executor,
  id: number,
  changes: Updateable<UsersTable>,
): Promise<User | undefined> {
  return db
    .updateTable('users')
    .set(changes)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

export async function findUserById(db: Executor, id: number): Promise<User | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findUsersByEmails(db: Executor, emails: string[]): Promise<User[]> {
  if (emails.length === 0) return [];
  return db
    .selectFrom('users')
    .selectAll()
    .where(
      sql<string>`lower(email)`,
      'in',
      emails.map((email) => email.toLowerCase()),
    )
    .execute();
}

/** The org's golfers whose name or address holds `search` (any case). */
function golfersWhere(orgId: number, search: string | undefined) {
  const matches =
    search === undefined
      ? sql`true`
      : sql`strpos(lower(u.first_name || ' ' || u.last_name || ' ' || u.email), lower(${search})) > 0`;
  return sql`exists (select 1 from links l where l.user_id = u.id and l.org_id = ${orgId})
    and ${matches}`;
}

/** A page of an org's golfers by name, and how many match before paging. */
export async function findGolfersOfOrg(
  db: Executor,
  orgId: number,
  search: string | undefined,
  page: { limit: number; offset: number },
): Promise<{ count: number; users: User[] }> {
  const where = golfersWhere(orgId, search);
  const [users, total] = await Promise.all([
    sql<User>`with links (user_id, org_id) as (${GOLFER_LINKS})
      select u.* from users u where ${where}
      order by lower(u.last_name), lower(u.first_name), u.id
      limit ${page.limit} offset ${page.offset}`.execute(db),
    sql<{ count: string }>`with links (user_id, org_id) as (${GOLFER_LINKS})
      select count(*) as count from users u where ${where}`.execute(db),
  ]);
  return { count: Number(total.rows[0]?.count ?? 0), users: users.rows };
}

/** One golfer of an org, or undefined when the account is not the org's. */
export async function findGolferOfOrg(
  db: Executor,
  orgId: number,
  userId: number,
): Promise<User | undefined> {
  const { rows } = await sql<User>`with links (user_id, org_id) as (${GOLFER_LINKS})
    select u.* from users u where u.id = ${userId} and ${golfersWhere(orgId, undefined)}`.execute(
    db,
  );
  return rows[0];
}

/** Makes the account a golfer of the org; adding one twice is adding it once. */
export async function linkGolfer(db: Executor, orgId: number, userId: number): Promise<void> {
  await db
    .insertInto('org_golfers')
    .values({ org_id: orgId, user_id: userId })
    .onConflict((oc) => oc.doNothing())
    .execute();
}
