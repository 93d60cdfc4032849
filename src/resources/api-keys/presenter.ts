import { withZoneOffset, withZoneOffsetOrNull } from '../../domain/local-times.js';
import type { ApiKey } from '../../db/schema.js';
import { SCORING_PATH } from '../scoring/schema.js';
import type { AdminApiKey } from './schema.js';

/** A key as the admin API shows it; its times on the org's clock (`timeZone`). */
export function presentApiKey(key: ApiKey, timeZone: string): AdminApiKey {
  return {
    id: key.id,
    name: key.name,
    role: key.role,
    eventId: key.event_id,
    hint: key.hint,
    expiresAt: withZoneOffsetOrNull(key.expires_at, timeZone),
    createdAt: withZoneOffset(key.created_at, timeZone),
  };
}

/** The scoring page of a scorer key; the key goes in the fragment, which no request carries. */
export function scoringLink(orgSlug: string, eventId: number, key: string): string {
  const fragment = new URLSearchParams({ org: orgSlug, event: String(eventId), key });
  return `${SCORING_PATH}#${fragment.toString()}`;
}
