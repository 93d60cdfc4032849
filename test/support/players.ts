import assert from 'node:assert/strict';
import type { LightMyRequestResponse } from 'fastify';
import type { Org } from '../../src/db/schema.js';
import type { PlayerList, PlayerProfile } from '../../src/resources/players/schema.js';
import { PUBLIC, type Harness } from './harness.js';

export function playersPath(org: Pick<Org, 'slug'>, query = ''): string {
  return `${PUBLIC}/orgs/${org.slug}/players${query}`;
}

export function playerPath(org: Pick<Org, 'slug'>, slug: string): string {
  return `${PUBLIC}/orgs/${org.slug}/players/${slug}`;
}

export async function listPlayers(
  h: Harness,
  org: Pick<Org, 'slug'>,
  query = '',
): Promise<PlayerList> {
  const response = await h.inject({ url: playersPath(org, query) });
  assert.equal(response.statusCode, 200, response.body);
  return response.json<PlayerList>();
}

export async function playerResponse(
  h: Harness,
  org: Pick<Org, 'slug'>,
  slug: string,
): Promise<LightMyRequestResponse> {
  return h.inject({ url: playerPath(org, slug) });
}

export async function player(
  h: Harness,
  org: Pick<Org, 'slug'>,
  slug: string,
): Promise<PlayerProfile> {
  const response = await playerResponse(h, org, slug);
  assert.equal(response.statusCode, 200, response.body);
  return response.json<PlayerProfile>();
}

/** Hides or shows a golfer's profile through the admin API. */
export async function setPublicProfile(h: Harness, userId: number, shown: boolean): Promise<void> {
  const response = await h.admin('PATCH', `/admin/v1/users/${userId}`, { publicProfile: shown });
  assert.equal(response.statusCode, 200, response.body);
}
