import type { Org } from '../../db/schema.js';
import { defaultConsentText } from '../../domain/newsletter-consent.js';
import type { AdminOrg } from './schema.js';

export function presentOrg(org: Org): AdminOrg {
  return {
    id: org.id,
    slug: org.slug,
    name: org.name,
    timezone: org.timezone,
    oddsEnabled: org.odds_enabled,
    newsletterConsentText: org.newsletter_consent_text,
    newsletterConsentDefault: defaultConsentText(org.name),
  };
}
