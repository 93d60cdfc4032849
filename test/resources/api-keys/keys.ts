import assert from 'node:assert/strict';
import type { Org } from '../../../src/db/schema.js';
import { ADMIN, type Harness } from '../../support/harness.js';

export const keysPath = (org: Pick<Org, 'slug'>) => `${ADMIN}/orgs/${org.slug}/api-keys`;

/** Creates a key through the admin API with the operator's token; returns the secret. */
export async function createKey(
  h: Harness,
  org: Pick<Org, 'slug'>,
  body: { name?: string; role: 'organizer' | 'scorer'; eventId?: number; expiresAt?: string },
): Promise<{ id: number; key: string; expiresAt: string | null; scoringLink: string | null }> {
  const response = await h.admin('POST', keysPath(org), { name: 'A key', ...body });
  assert.equal(response.statusCode, 201, response.body);
  return response.json();
}

/** Revokes a key with the operator's token. */
export async function revokeKey(h: Harness, org: Pick<Org, 'slug'>, id: number): Promise<void> {
  const response = await h.admin('DELETE', `${keysPath(org)}/${id}`);
  assert.equal(response.statusCode, 204, response.body);
}

export const bearer = (key: string) => ({ authorization: `Bearer ${key}` });
