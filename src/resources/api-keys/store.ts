import type { Insertable } from 'kysely';
import type { Executor } from '../../db/executor.js';
import type { ApiKey, ApiKeyRole, ApiKeysTable } from '../../db/schema.js';

export async function insertApiKey(db: Executor, key: Insertable<ApiKeysTable>): Promise<ApiKey> {
  return db.insertInto('api_keys').values(key).returningAll().executeTakeFirstOrThrow();
}

export async function listApiKeysOfOrg(db: Executor, orgId: number): Promise<ApiKey[]> {
  return db.selectFrom('api_keys').selectAll().where('org_id', '=', orgId).orderBy('id').execute();
}

/** Whether a key of the org was deleted. */
export async function deleteApiKey(db: Executor, orgId: number, id: number): Promise<boolean> {
  const deleted = await db
    .deleteFrom('api_keys')
    .where('org_id', '=', orgId)
    .where('id', '=', id)
    .executeTakeFirst();
  return deleted.numDeletedRows > 0n;
}

/** A live key by its hash, with the slug of its org. */
export interface KeyHolder {
  role: ApiKeyRole;
  org_slug: string;
  event_id: number | null;
}

export async function findLiveKey(
  db: Executor,
  keyHash: string,
  now: Date,
): Promise<KeyHolder | undefined> {
  return db
    .selectFrom('api_keys as k')
    .innerJoin('orgs as o', 'o.id', 'k.org_id')
    .select(['k.role', 'o.slug as org_slug', 'k.event_id'])
    .where('k.key_hash', '=', keyHash)
    .where((eb) => eb.or([eb('k.expires_at', 'is', null), eb('k.expires_at', '>', now)]))
    .executeTakeFirst();
}
