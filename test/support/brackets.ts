import assert from 'node:assert/strict';
import type { Org } from '../../src/db/schema.js';
import type { AdminBracket, PublicBracket } from '../../src/resources/brackets/schema.js';
import { createBracket, publishBracket } from '../../src/resources/brackets/service.js';
import { ADMIN, PUBLIC, unique, type Harness } from './harness.js';

// Builders and paths of match-play brackets, for the brackets' suites and the scoping table.

export const bracketsPath = (org: Pick<Org, 'slug'>) => `${ADMIN}/orgs/${org.slug}/brackets`;
export const bracketPath = (org: Pick<Org, 'slug'>, id: number) => `${bracketsPath(org)}/${id}`;
export const resultPath = (org: Pick<Org, 'slug'>, id: number, matchId: number) =>
  `${bracketPath(org, id)}/matches/${matchId}/result`;
export const publicBracketPath = (org: Pick<Org, 'slug'>, slug: string) =>
  `${PUBLIC}/orgs/${org.slug}/brackets/${slug}`;

/** A draft bracket of `count` new golfers (named Seed1 …), seeded in that order. */
export async function draftBracket(
  h: Harness,
  org: Org,
  count: number,
  holesPerMatch: 9 | 18 = 18,
): Promise<{ id: number; slug: string }> {
  const entrants = [];
  for (let seed = 1; seed <= count; seed += 1) {
    entrants.push({ userId: (await h.user({ firstName: `Seed${seed}`, lastName: 'Golfer' })).id });
  }
  const { bracket } = await createBracket(h.database.db, org.slug, {
    slug: unique('bracket'),
    name: 'Club Match Play',
    holesPerMatch,
    entrants,
  });
  return { id: bracket.id, slug: bracket.slug };
}

/** A published bracket of `count` new golfers. */
export async function publishedBracket(
  h: Harness,
  org: Org,
  count: number,
): Promise<{ id: number; slug: string }> {
  const draft = await draftBracket(h, org, count);
  await publishBracket(h.database.db, org.slug, draft.id);
  return draft;
}

/** The admin view of a bracket, read through the API. */
export async function adminBracket(h: Harness, org: Org, id: number): Promise<AdminBracket> {
  const response = await h.admin('GET', bracketPath(org, id));
  assert.equal(response.statusCode, 200, response.body);
  return response.json<AdminBracket>();
}

/** The public bracket, read through the API. */
export async function publicBracket(h: Harness, org: Org, slug: string): Promise<PublicBracket> {
  const response = await h.inject({ url: publicBracketPath(org, slug) });
  assert.equal(response.statusCode, 200, response.body);
  return response.json<PublicBracket>();
}

/** The id of match `number` of round `round`. */
export function matchId(bracket: Pick<AdminBracket, 'rounds'>, round: number, number: number) {
  const match = bracket.rounds[round - 1]?.matches[number - 1];
  assert.ok(match !== undefined, `match ${round}.${number}`);
  return match.id;
}
