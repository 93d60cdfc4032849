import { defaultConsentText } from '../../domain/newsletter-consent.js';
import type { AdminOrg, AdminOrgList } from './schema.js';

export const ADMIN_ORG_EXAMPLE: AdminOrg = {
  id: 1,
  slug: 'demo-golf-club',
  name: 'Demo Golf Club',
  timezone: 'America/Chicago',
  oddsEnabled: true,
  newsletterConsentText: null,
  newsletterConsentDefault: defaultConsentText('Demo Golf Club'),
};

export const ADMIN_ORG_LIST_EXAMPLE: AdminOrgList = { count: 1, orgs: [ADMIN_ORG_EXAMPLE] };
