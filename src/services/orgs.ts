import type { Org } from '../db/schema.js';
import { isTimeZone } from '../domain/dates.js';
import { ConflictError, ValidationError } from '../domain/errors.js';
import { isUniqueViolation } from '../store/errors.js';
import type { Executor } from '../store/executor.js';
import { insertOrg } from '../store/orgs.js';

export async function createOrg(
  db: Executor,
  input: { slug: string; name: string; timezone: string },
): Promise<Org> {
  if (!isTimeZone(input.timezone)) {
    throw new ValidationError({ timezone: 'must be an IANA time zone such as America/Chicago' });
  }
  return insertOrg(db, input).catch((error: unknown) => {
    if (isUniqueViolation(error)) throw new ConflictError('An organization with this slug exists.');
    throw error;
  });
}
