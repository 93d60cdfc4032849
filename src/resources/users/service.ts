import type { User } from '../../db/schema.js';
import { conflictOnDuplicate } from '../../db/unique-violation.js';
import type { Executor } from '../../db/executor.js';
import { writeTransaction } from '../transaction.js';
import { insertUser } from './store.js';

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
