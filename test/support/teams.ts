import assert from 'node:assert/strict';
import type { LightMyRequestResponse } from 'fastify';
import type { League, Org, User } from '../../src/db/schema.js';
import type { LeagueInput } from '../../src/resources/leagues/service.js';
import type { CompletedRegistration } from '../../src/resources/registrations/service.js';
import { ADMIN, PUBLIC, unique, type Harness } from './harness.js';

// Calls and shape checks of the public team and invite routes.

export const TEAM_FIELDS = [
  'complete',
  'entrySize',
  'id',
  'memberNames',
  'name',
  'seatsFilled',
  'seatsRemaining',
];

export function assertTeamShape(team: Record<string, unknown>): void {
  assert.deepEqual(Object.keys(team).sort(), TEAM_FIELDS);
  for (const field of ['id', 'entrySize', 'seatsFilled', 'seatsRemaining']) {
    assert.ok(Number.isInteger(team[field]), `${field} is an integer`);
  }
  assert.equal(typeof team.name, 'string');
  assert.equal(typeof team.complete, 'boolean');
  assert.ok(Array.isArray(team.memberNames));
  for (const name of team.memberNames as unknown[]) assert.equal(typeof name, 'string');
}

export function assertInviteShape(invite: Record<string, unknown>): void {
  assert.deepEqual(Object.keys(invite).sort(), [
    'accepted',
    'email',
    'eventSeries',
    'feeCents',
    'inviter',
    'team',
  ]);
  const eventSeries = invite.eventSeries as Record<string, unknown>;
  assert.deepEqual(Object.keys(eventSeries).sort(), ['id', 'name', 'orgName', 'orgSlug', 'slug']);
  assert.ok(Number.isInteger(eventSeries.id));
  for (const field of ['name', 'orgName', 'orgSlug', 'slug']) {
    assert.equal(typeof eventSeries[field], 'string');
  }
  const inviter = invite.inviter as Record<string, unknown>;
  assert.deepEqual(Object.keys(inviter).sort(), ['firstName', 'lastName']);
  assert.equal(typeof inviter.firstName, 'string');
  assert.equal(typeof inviter.lastName, 'string');
  assert.equal(typeof invite.email, 'string');
  assert.ok(Number.isInteger(invite.feeCents));
  assert.equal(typeof invite.accepted, 'boolean');
  assertTeamShape(invite.team as Record<string, unknown>);
}

export function tokenFor(
  registration: { invites: { email: string; token: string | null }[] },
  email: string,
) {
  const invite = registration.invites.find((candidate) => candidate.email === email);
  assert.ok(invite !== undefined, `an invite to ${email}`);
  assert.ok(invite.token !== null, `a token for ${email}`);
  return invite.token;
}

/** A GET of the public API; `path` starts after the version prefix. */
export function publicGet(h: Harness, path: string): Promise<LightMyRequestResponse> {
  return h.inject({ method: 'GET', url: `${PUBLIC}${path}` });
}

export function teamResponse(
  h: Harness,
  org: Pick<Org, 'slug'>,
  leagueId: number | string,
  teamId: number | string,
): Promise<LightMyRequestResponse> {
  return publicGet(h, `/orgs/${org.slug}/event-series/${leagueId}/teams/${teamId}`);
}

export function inviteResponse(h: Harness, token: string): Promise<LightMyRequestResponse> {
  return publicGet(h, `/event-series-invites/${token}`);
}

/** Sets a league's status through the admin API and checks it worked. */
export async function setLeagueStatus(
  h: Harness,
  org: Pick<Org, 'slug'>,
  league: Pick<League, 'id'>,
  status: string,
): Promise<void> {
  const response = await h.admin('PATCH', `${ADMIN}/orgs/${org.slug}/event-series/${league.id}`, {
    status,
  });
  assert.equal(response.statusCode, 200, response.body);
}

/** `founder` founds a new team of `league`, naming `partnerEmails` as partners. */
export function foundTeam(
  h: Harness,
  org: Org,
  league: League,
  founder: Pick<User, 'id'>,
  partnerEmails?: string[],
): Promise<CompletedRegistration> {
  return h.register(org, league, {
    userId: founder.id,
    teamName: unique('T'),
    ...(partnerEmails === undefined ? {} : { partnerEmails }),
  });
}

/**
 * An org, a league of pairs (changed by `overrides`, such as its fee) and a team founded there
 * that invites a golfer who has an account; `token` is that golfer's invite.
 */
export async function invitedPartner(h: Harness, overrides: Partial<LeagueInput> = {}) {
  const org = await h.org();
  const league = await h.league(org, { entrySize: 2, ...overrides });
  const [founder, invited] = [await h.user(), await h.user()];
  const registration = await foundTeam(h, org, league, founder, [invited.email]);
  return {
    org,
    league,
    founder,
    invited,
    registration,
    token: tokenFor(registration, invited.email),
  };
}
