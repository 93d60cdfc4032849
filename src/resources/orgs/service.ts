import type { Executor } from '../../db/executor.js';
import type { Org } from '../../db/schema.js';
import { conflictOnDuplicate } from '../../db/unique-violation.js';
import { isTimeZone } from '../../domain/dates.js';
import { NotFoundError, ValidationError } from '../../domain/errors.js';
import { ownConsentText } from '../../domain/newsletter-consent.js';
import { writeTransaction } from '../transaction.js';
import { findOrgBySlug, insertOrg, listOrgRows, updateOrg } from './store.js';
import type { Page } from '../../http/schemas/common.js';

function checkTimeZone(timezone: string): void {
  if (!isTimeZone(timezone)) {
    throw new ValidationError({ timezone: 'must be an IANA time zone such as America/Chicago' });
  }
}

export async function createOrg(
  db: Executor,
  input: { slug: string; name: string; timezone: string },
): Promise<Org> {
  checkTimeZone(input.timezone);
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

/**
 * Changes an org's settings (decisions §23): name, time zone, whether it offers live odds
 * (§15) and its newsletter consent text (§18; null: the default sentence).
 */
export async function patchOrg(
  db: Executor,
  orgSlug: string,
  changes: {
    name?: string | undefined;
    timezone?: string | undefined;
    oddsEnabled?: boolean | undefined;
    newsletterConsentText?: string | null | undefined;
  },
): Promise<Org> {
  if (changes.timezone !== undefined) checkTimeZone(changes.timezone);
  const consent = changes.newsletterConsentText;
  const org = await writeTransaction(db, (trx) =>
    updateOrg(trx, orgSlug, {
      ...(changes.name === undefined ? {} : { name: changes.name }),
      ...(changes.timezone === undefined ? {} : { timezone: changes.timezone }),
      ...(changes.oddsEnabled === undefined ? {} : { odds_enabled: changes.oddsEnabled }),
      ...(consent === undefined ? {} : { newsletter_consent_text: ownConsentText(consent) }),
    }),
  );
  if (org === undefined) throw new NotFoundError();
  return org;
}
