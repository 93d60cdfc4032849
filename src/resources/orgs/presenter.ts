import type { Org } from '../../db/schema.js';
import type { AdminOrg } from './schema.js';

export function presentOrg(org: Org): AdminOrg {
  return {
    id: org.id,
    slug: org.slug,
    name: org.name,
    timezone: org.timezone,
    oddsEnabled: org.odds_enabled,
  };
}
