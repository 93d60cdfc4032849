import type { ApiKey } from '../../db/schema.js';
import { SCORING_PATH } from '../scoring/schema.js';
import type { AdminApiKey } from './schema.js';

export function presentApiKey(key: ApiKey): AdminApiKey {
  return {
    id: key.id,
    name: key.name,
    role: key.role,
    eventId: key.event_id,
    hint: key.hint,
    expiresAt: key.expires_at?.toISOString() ?? null,
    createdAt: key.created_at.toISOString(),
  };
}

/** The scoring page of a scorer key; the key goes in the fragment, which no request carries. */
export function scoringLink(orgSlug: string, eventId: number, key: string): string {
  const fragment = new URLSearchParams({ org: orgSlug, event: String(eventId), key });
  return `${SCORING_PATH}#${fragment.toString()}`;
}
