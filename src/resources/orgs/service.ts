import type { Executor } from '../../db/executor.js';
import type { Org } from '../../db/schema.js';
import { conflictOnDuplicate } from '../../db/unique-violation.js';
import { isTimeZone } from '../../domain/dates.js';
import { NotFoundError, ValidationError } from '../../domain/errors.js';
import { writeTransaction } from '../transaction.js';
import { findOrgBySlug, insertOrg, listOrgRows } from './store.js';
import type { Page } from '../../http/schemas/common.js';

export async function createOrg(
  db: Executor,
  input: { slug: string; name: string; timezone: string },
): Promise<Org> {
  if (!isTimeZone(input.timezone)) {
    throw new ValidationError({ timezone: 'must be an IANA time zone such as America/Chicago' });
  }
  return writeTransaction(db, (trx) => insertOrg(trx, input)).catch(
    conflictOnDuplicate('An organization with this slug exists.'),
  );
}
export async function requireOrg(db: Executor, orgSlug: string): Promise<Org> {
  const org = await findOrgBySlug(db, orgSlug);
  if (org === undefined) throw new NotFoundError();
  return org;
}

/** The orgs a caller may see: every org for the operator, its own for an org's key. */
export async function listOrgs(
  db: Executor,
  caller: { orgSlug?: string },
  page: Page,
): Promise<{ count: number; orgs: Org[] }> {
  return listOrgRows(db, caller.orgSlug, page);
}
