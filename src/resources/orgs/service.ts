import type { Org } from '../../db/schema.js';
import { isTimeZone } from '../../domain/dates.js';
import { ValidationError } from '../../domain/errors.js';
import { conflictOnDuplicate } from '../../db/unique-violation.js';
import type { Executor } from '../../db/executor.js';
import { insertOrg } from './store.js';

export async function createOrg(
  db: Executor,
  input: { slug: string; name: string; timezone: string },
): Promise<Org> {
  if (!isTimeZone(input.timezone)) {
    throw new ValidationError({ timezone: 'must be an IANA time zone such as America/Chicago' });
  }
  return insertOrg(db, input).catch(conflictOnDuplicate('An organization with this slug exists.'));
}
