import type { User } from '../../db/schema.js';
import { conflictOnDuplicate } from '../../db/unique-violation.js';
import type { Executor } from '../../db/executor.js';
import { writeTransaction } from '../transaction.js';
import { NotFoundError } from '../../domain/errors.js';
import type { Page } from '../../http/schemas/common.js';
import { requireOrg } from '../orgs/service.js';
import {
  findGolferOfOrg,
  findGolfersOfOrg,
  findUserById,
  findUsersByEmails,
  insertUser,
  linkGolfer,
  updateUserById,
} from './store.js';

/** Creates a golfer account; e-mail addresses are unique whatever their case. */
export async function createUser(
  db: Executor,
  input: { email: string; firstName: string; lastName: string },
): Promise<User> {
  return writeTransaction(db, (trx) =>
    insertUser(trx, {
      email: input.email.trim(),
      first_name: input.firstName,
      last_name: input.lastName,
    }),
  ).catch(conflictOnDuplicate('A user with this e-mail address exists.'));
}

/**
 * Renames a golfer, or hides or shows their player profiles (decisions §19); the profiles
 * follow in the same transaction. An unknown id is not found.
 */
export async function updateUser(
  db: Executor,
  id: number,
  input: { firstName?: string; lastName?: string; publicProfile?: boolean },
): Promise<User> {
  const user = await writeTransaction(db, (trx) =>
    updateUserById(trx, id, {
      ...(input.firstName === undefined ? {} : { first_name: input.firstName }),
      ...(input.lastName === undefined ? {} : { last_name: input.lastName }),
      ...(input.publicProfile === undefined ? {} : { public_profile: input.publicProfile }),
    }),
  );
  if (user === undefined) throw new NotFoundError();
  return user;
}

/** A golfer by id, for other resources' rules (a golfer entered, registered or ranked). */
export async function findUser(db: Executor, id: number): Promise<User | undefined> {
  return findUserById(db, id);
}

/** The golfers holding these addresses, whatever their case. */
export async function findUsersWithEmails(db: Executor, emails: string[]): Promise<User[]> {
  return findUsersByEmails(db, emails);
}

/** A page of the org's golfers (anyone linked to it), by name; `search` narrows by name or address. */
export async function listGolfers(
  db: Executor,
  orgSlug: string,
  search: string | undefined,
  page: Page,
): Promise<{ count: number; users: User[] }> {
  const org = await requireOrg(db, orgSlug);
  return findGolfersOfOrg(db, org.id, search, page);
}

/** One golfer of the org; another org's golfer or an account of none is not found. */
export async function getGolfer(db: Executor, orgSlug: string, userId: number): Promise<User> {
  const org = await requireOrg(db, orgSlug);
  const user = await findGolferOfOrg(db, org.id, userId);
  if (user === undefined) throw new NotFoundError();
  return user;
}

/**
 * Adds a golfer to the org by e-mail (decisions §23): a new account for a new address
 * (`created`), or the account that holds it, whatever its case, which becomes a golfer of
 * this org too, names unchanged. Never a dead-end conflict.
 */
export async function addGolfer(
  db: Executor,
  orgSlug: string,
  input: { email: string; firstName: string; lastName: string },
): Promise<{ user: User; created: boolean }> {
  return writeTransaction(db, async (trx) => {
    const org = await requireOrg(trx, orgSlug);
    const email = input.email.trim();
    const [existing] = await findUsersByEmails(trx, [email]);
    const user =
      existing ??
      (await insertUser(trx, {
        email,
        first_name: input.firstName,
        last_name: input.lastName,
      }));
    await linkGolfer(trx, org.id, user.id);
    return { user, created: existing === undefined };
  });
}
