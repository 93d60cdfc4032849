import { sql, type Insertable } from 'kysely';
import type { User, UsersTable } from '../../db/schema.js';
import type { Executor } from '../../db/executor.js';

/** A golfer's name as stored; `displayName` writes it for others. */
export type UserName = Pick<User, 'first_name' | 'last_name'>;

export async function insertUser(db: Executor, user: Insertable<UsersTable>): Promise<User> {
  return db.insertInto('users').values(user).returningAll().executeTakeFirstOrThrow();
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
