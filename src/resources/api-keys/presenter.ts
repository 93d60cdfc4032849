import type { ApiKey } from '../../db/schema.js';
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
