import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { LightMyRequestResponse } from 'fastify';
import type { League, Org, User } from '../src/db/schema.js';
import { ADMIN, PUBLIC, describeOnDatabases, unique, type Harness } from './support/harness.js';
import { PLAIN_TEXT, assertPlainText } from './support/assertions.js';
import type { Registration as AdminRegistration } from '../src/http/schemas/admin.js';
import type { InviteResolution, TeamSummary } from '../src/http/schemas/public.js';

const TEAM_FIELDS = [
  'complete',
  'entrySize',
  'id',
  'memberNames',
  'name',
  'seatsFilled',
  'seatsRemaining',
];

const fullName = (user: User) => `${user.first_name} ${user.last_name}`;

function comparable(response: LightMyRequestResponse) {
  const headers: Record<string, unknown> = { ...response.headers };
  for (const header of ['date', 'ratelimit']) Reflect.deleteProperty(headers, header);
  return { status: response.statusCode, body: response.body, headers };
}

function assertTeamShape(team: Record<string, unknown>): void {
  assert.deepEqual(Object.keys(team).sort(), TEAM_FIELDS);
  for (const field of ['id', 'entrySize', 'seatsFilled', 'seatsRemaining']) {
    assert.ok(Number.isInteger(team[field]), `${field} is an integer`);
  }
  assert.equal(typeof team.name, 'string');
  assert.equal(typeof team.complete, 'boolean');
  assert.ok(Array.isArray(team.memberNames));
  for (const name of team.memberNames as unknown[]) assert.equal(typeof name, 'string');
}

function assertInviteShape(invite: Record<string, unknown>): void {
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

/** Registers through the admin API, as the hosted page reports a paid registration. */
async function adminRegister(
  h: Harness,
  org: Org,
  league: League,
  body: { userId: number; teamId?: number; teamName?: string; partnerEmails?: string[] },
): Promise<AdminRegistration> {
  const response = await h.admin(
    'POST',
    `${ADMIN}/orgs/${org.slug}/event-series/${league.id}/registrations`,
    body,
  );
  assert.equal(response.statusCode, 201, response.body);
  return response.json<AdminRegistration>();
}

function tokenFor(
  registration: { invites: { email: string; token: string | null }[] },
  email: string,
) {
  const invite = registration.invites.find((candidate) => candidate.email === email);
  assert.ok(invite !== undefined, `an invite to ${email}`);
  assert.ok(invite.token !== null, `a token for ${email}`);
  return invite.token;
}

describeOnDatabases('public teams and partner invites', (harness) => {
  const get = (url: string) => harness().inject({ method: 'GET', url: `${PUBLIC}${url}` });
  const getTeam = (org: Org, leagueId: number | string, teamId: number | string) =>
    get(`/orgs/${org.slug}/event-series/${leagueId}/teams/${teamId}`);
  const resolve = (token: string) => get(`/event-series-invites/${token}`);

  async function withdraw(org: Org, league: League, userId: number) {
    const response = await harness().admin(
      'DELETE',
      `${ADMIN}/orgs/${org.slug}/event-series/${league.id}/registrations/${userId}`,
    );
    assert.equal(response.statusCode, 204, response.body);
  }

  async function deleteTeam(org: Org, league: League, teamId: number) {
    const response = await harness().admin(
      'DELETE',
      `${ADMIN}/orgs/${org.slug}/event-series/${league.id}/teams/${teamId}`,
    );
    assert.equal(response.statusCode, 204, response.body);
  }

  async function setStatus(org: Org, league: League, status: string) {
    const response = await harness().admin(
      'PATCH',
      `${ADMIN}/orgs/${org.slug}/event-series/${league.id}`,
      { status },
    );
    assert.equal(response.statusCode, 200, response.body);
  }

  // ---------------------------------------------------------------- team summary

  void test('a team summary has exactly the spec fields with their values', async () => {
    const h = harness();
    const org = await h.org();
    const league = await h.league(org, { entrySize: 3 });
    const founder = await h.user({ firstName: 'Ada', lastName: 'Lovelace' });
    const name = unique('The Bogey Men');
    const { teamId } = await h.register(org, league, { userId: founder.id, teamName: name });

    const response = await getTeam(org, league.id, teamId ?? 0);

    assert.equal(response.statusCode, 200, response.body);
    assert.match(String(response.headers['content-type']), /^application\/json/);
    const team = response.json<Record<string, unknown>>();
    assertTeamShape(team);
    assert.deepEqual(team, {
      id: teamId,
      name,
      memberNames: ['Ada Lovelace'],
      entrySize: 3,
      seatsFilled: 1,
      seatsRemaining: 2,
      complete: false,
    });
  });

  void test('memberNames are "First Last" in joining order; seats and complete follow the roster', async () => {
    const h = harness();
    const org = await h.org();
    const league = await h.league(org, { entrySize: 3 });
    const first = await h.user({ firstName: 'Zed', lastName: 'Alpha' });
    const second = await h.user({ firstName: 'Amy', lastName: 'Zulu' });
    const third = await h.user({ firstName: 'Mo', lastName: 'Middle' });
    const { teamId } = await h.register(org, league, {
      userId: first.id,
      teamName: unique('T'),
    });
    await h.register(org, league, { userId: second.id, teamId: teamId ?? 0 });

    let team = (await getTeam(org, league.id, teamId ?? 0)).json<TeamSummary>();
    assert.deepEqual(team.memberNames, ['Zed Alpha', 'Amy Zulu']);
    assert.equal(team.seatsFilled, 2);
    assert.equal(team.seatsRemaining, 1);
    assert.equal(team.complete, false);

    await h.register(org, league, { userId: third.id, teamId: teamId ?? 0 });
    team = (await getTeam(org, league.id, teamId ?? 0)).json<TeamSummary>();
    assert.deepEqual(team.memberNames, ['Zed Alpha', 'Amy Zulu', 'Mo Middle']);
    assert.equal(team.seatsFilled, 3);
    assert.equal(team.seatsRemaining, 0);
    assert.equal(team.complete, true);
  });

  void test('only active members are named and counted; a rejoining golfer comes last', async () => {
    const h = harness();
    const org = await h.org();
    const league = await h.league(org, { entrySize: 3 });
    const [a, b, c] = [await h.user(), await h.user(), await h.user()];
    const { teamId } = await h.register(org, league, { userId: a.id, teamName: unique('T') });
    await h.register(org, league, { userId: b.id, teamId: teamId ?? 0 });
    await h.register(org, league, { userId: c.id, teamId: teamId ?? 0 });

    await withdraw(org, league, a.id);
    let team = (await getTeam(org, league.id, teamId ?? 0)).json<TeamSummary>();
    assert.deepEqual(team.memberNames, [fullName(b), fullName(c)]);
    assert.equal(team.seatsFilled, 2);
    assert.equal(team.seatsRemaining, 1);
    assert.equal(team.complete, false);

    await h.register(org, league, { userId: a.id, teamId: teamId ?? 0 });
    team = (await getTeam(org, league.id, teamId ?? 0)).json<TeamSummary>();
    assert.deepEqual(team.memberNames, [fullName(b), fullName(c), fullName(a)]);
    assert.equal(team.complete, true);
  });

  void test('a team whose members all withdrew is empty, not gone', async () => {
    const h = harness();
    const org = await h.org();
    const league = await h.league(org, { entrySize: 2 });
    const golfer = await h.user();
    const { teamId } = await h.register(org, league, {
      userId: golfer.id,
      teamName: unique('T'),
    });
    await withdraw(org, league, golfer.id);

    const response = await getTeam(org, league.id, teamId ?? 0);
    assert.equal(response.statusCode, 200);
    const team = response.json<TeamSummary>();
    assert.deepEqual(team.memberNames, []);
    assert.equal(team.seatsFilled, 0);
    assert.equal(team.seatsRemaining, 2);
    assert.equal(team.complete, false);
  });

  void test('a team summary carries no user ids and no e-mail addresses', async () => {
    const h = harness();
    const org = await h.org();
    const league = await h.league(org, { entrySize: 4 });
    const founder = await h.user();
    const joiner = await h.user();
    const invited = await h.user();
    const noAccount = `${unique('nobody')}@example.com`;
    const { teamId } = await h.register(org, league, {
      userId: founder.id,
      teamName: unique('T'),
      partnerEmails: [invited.email, noAccount],
    });
    await h.register(org, league, { userId: joiner.id, teamId: teamId ?? 0 });

    const response = await getTeam(org, league.id, teamId ?? 0);

    assert.equal(response.statusCode, 200);
    assertTeamShape(response.json());
    assert.ok(!response.body.includes('@'), 'no e-mail address');
    for (const key of ['userId', 'userIds', 'user_id', 'email', 'emails', 'members', 'invites']) {
      assert.ok(!response.body.includes(`"${key}"`), `no ${key}`);
    }
    assert.deepEqual(response.json<TeamSummary>().memberNames, [
      fullName(founder),
      fullName(joiner),
    ]);
  });

  void test('a team of a completed league is still shown; of a hidden league it is the unknown 404', async () => {
    const h = harness();
    const org = await h.org();
    const league = await h.league(org, { entrySize: 2 });
    const golfer = await h.user();
    const { teamId } = await h.register(org, league, {
      userId: golfer.id,
      teamName: unique('T'),
    });

    await setStatus(org, league, 'completed');
    assert.equal((await getTeam(org, league.id, teamId ?? 0)).statusCode, 200);

    const unknown = await getTeam(org, league.id, 2_000_000_000);
    assertPlainText(unknown, 404, 'unknown team');
    for (const status of ['draft', 'private']) {
      await setStatus(org, league, status);
      const hidden = await getTeam(org, league.id, teamId ?? 0);
      assertPlainText(hidden, 404, status);
      assert.deepEqual(comparable(hidden), comparable(unknown));
    }
  });

  void test("another league's team is 404, in the same org and across orgs", async () => {
    const h = harness();
    const org = await h.org();
    const other = await h.org();
    const league = await h.league(org, { entrySize: 2 });
    const sibling = await h.league(org, { entrySize: 2 });
    const foreign = await h.league(other, { entrySize: 2 });
    const [a, b, c] = [await h.user(), await h.user(), await h.user()];
    const own = await h.register(org, league, { userId: a.id, teamName: unique('T') });
    const siblings = await h.register(org, sibling, { userId: b.id, teamName: unique('T') });
    const foreigners = await h.register(other, foreign, {
      userId: c.id,
      teamName: unique('T'),
    });

    assert.equal((await getTeam(org, league.id, own.teamId ?? 0)).statusCode, 200);
    const unknown = await getTeam(org, league.id, 2_000_000_000);
    for (const response of [
      await getTeam(org, league.id, siblings.teamId ?? 0),
      await getTeam(org, league.id, foreigners.teamId ?? 0),
      await getTeam(org, foreign.id, foreigners.teamId ?? 0),
      await getTeam(other, league.id, own.teamId ?? 0),
    ]) {
      assertPlainText(response, 404);
      assert.deepEqual(comparable(response), comparable(unknown));
    }
  });

  void test('an unknown org is 404 for the team endpoint', async () => {
    const h = harness();
    const org = await h.org();
    const league = await h.league(org, { entrySize: 2 });
    const golfer = await h.user();
    const { teamId } = await h.register(org, league, {
      userId: golfer.id,
      teamName: unique('T'),
    });
    const response = await get(
      `/orgs/${unique('no-org')}/event-series/${league.id}/teams/${teamId ?? 0}`,
    );
    assertPlainText(response, 404);
  });

  void test('malformed league and team ids are plain-text 404s', async () => {
    const h = harness();
    const org = await h.org();
    const league = await h.league(org, { entrySize: 2 });
    const golfer = await h.user();
    const { teamId } = await h.register(org, league, {
      userId: golfer.id,
      teamName: unique('T'),
    });
    const bad = ['abc', '0', '-1', '1.5', '99999999999', '1e3', '%20'];
    for (const id of bad) {
      assertPlainText(await getTeam(org, id, teamId ?? 0), 404, `league ${id}`);
      assertPlainText(await getTeam(org, league.id, id), 404, `team ${id}`);
    }
    assertPlainText(await getTeam(org, league.slug, teamId ?? 0), 404, 'league slug');
  });

  void test('team and league ids the router cannot read are plain-text 404s', async () => {
    const h = harness();
    const org = await h.org();
    const league = await h.league(org, { entrySize: 2 });
    const urls = [
      `/orgs/${org.slug}/event-series/${league.id}/teams/${'1'.repeat(250)}`,
      `/orgs/${org.slug}/event-series/${'1'.repeat(250)}/teams/1`,
      `/orgs/${org.slug}/event-series/${league.id}/teams/%E0%A4%A`,
    ];
    const answers = [];
    for (const url of urls) {
      const response = await get(url);
      answers.push({ url, status: response.statusCode, type: response.headers['content-type'] });
    }
    assert.deepEqual(
      answers,
      urls.map((url) => ({ url, status: 404, type: PLAIN_TEXT })),
    );
  });

  void test('a deleted team is 404', async () => {
    const h = harness();
    const org = await h.org();
    const league = await h.league(org, { entrySize: 2 });
    const golfer = await h.user();
    const { teamId } = await h.register(org, league, {
      userId: golfer.id,
      teamName: unique('T'),
    });
    await deleteTeam(org, league, teamId ?? 0);
    assertPlainText(await getTeam(org, league.id, teamId ?? 0), 404);
  });

  // ---------------------------------------------------------------- invites

  void test('a token is created only for an invited address that has an account', async () => {
    const h = harness();
    const org = await h.org();
    const league = await h.league(org, { entrySize: 3 });
    const founder = await h.user();
    const invited = await h.user();
    const noAccount = `${unique('nobody')}@example.com`;

    const registration = await adminRegister(h, org, league, {
      userId: founder.id,
      teamName: unique('T'),
      partnerEmails: [invited.email, noAccount],
    });

    assert.equal(registration.invites.length, 2);
    const token = tokenFor(registration, invited.email);
    assert.equal(registration.invites.find((i) => i.email === noAccount)?.token, null);
    assert.equal((await resolve(token)).statusCode, 200);
  });

  void test('an invite resolves to the league, inviter, invited address, fee and team', async () => {
    const h = harness();
    const orgName = unique('Pine Valley Golf Club');
    const org = await h.org({ name: orgName });
    const league = await h.league(org, {
      name: 'Twilight Pairs',
      entrySize: 2,
      feeMembersCents: 17500,
      feePerEntry: false,
    });
    const inviter = await h.user({ firstName: 'Grace', lastName: 'Hopper' });
    const invited = await h.user();
    const teamName = unique('Pair');
    const registration = await adminRegister(h, org, league, {
      userId: inviter.id,
      teamName,
      partnerEmails: [invited.email],
    });
    const token = tokenFor(registration, invited.email);

    const response = await resolve(token);

    assert.equal(response.statusCode, 200, response.body);
    assert.match(String(response.headers['content-type']), /^application\/json/);
    const body = response.json<Record<string, unknown>>();
    assertInviteShape(body);
    assert.deepEqual(body, {
      eventSeries: {
        id: league.id,
        slug: league.slug,
        name: 'Twilight Pairs',
        orgSlug: org.slug,
        orgName,
      },
      team: {
        id: registration.teamId,
        name: teamName,
        memberNames: ['Grace Hopper'],
        entrySize: 2,
        seatsFilled: 1,
        seatsRemaining: 1,
        complete: false,
      },
      inviter: { firstName: 'Grace', lastName: 'Hopper' },
      email: invited.email,
      feeCents: 17500,
      accepted: false,
    });
  });

  void test('the nested team equals the public team summary', async () => {
    const h = harness();
    const org = await h.org();
    const league = await h.league(org, { entrySize: 3 });
    const [founder, joiner, invited] = [await h.user(), await h.user(), await h.user()];
    const registration = await h.register(org, league, {
      userId: founder.id,
      teamName: unique('T'),
      partnerEmails: [invited.email],
    });
    await h.register(org, league, { userId: joiner.id, teamId: registration.teamId ?? 0 });

    const invite = (await resolve(tokenFor(registration, invited.email))).json<InviteResolution>();
    const team = (await getTeam(org, league.id, registration.teamId ?? 0)).json<TeamSummary>();
    assert.deepEqual(invite.team, team);
    assert.deepEqual(team.memberNames, [fullName(founder), fullName(joiner)]);
  });

  void test('the invited address is returned as given; no other address and no user id is', async () => {
    const h = harness();
    const org = await h.org();
    const league = await h.league(org, { entrySize: 4 });
    const founder = await h.user();
    const [first, second] = [await h.user(), await h.user()];
    const noAccount = `${unique('nobody')}@example.com`;
    const shouted = first.email.toUpperCase();
    const registration = await h.register(org, league, {
      userId: founder.id,
      teamName: unique('T'),
      partnerEmails: [shouted, second.email, noAccount],
    });

    const response = await resolve(tokenFor(registration, shouted));

    assert.equal(response.statusCode, 200);
    const body = response.json<InviteResolution>();
    assert.equal(body.email, shouted);
    const withoutInvited = response.body.split(JSON.stringify(shouted)).join('""');
    assert.ok(!withoutInvited.includes('@'), 'no e-mail but the invited one');
    for (const other of [founder.email, second.email, noAccount]) {
      assert.ok(!response.body.toLowerCase().includes(other.toLowerCase()));
    }
    for (const key of ['userId', 'inviterId', 'user_id', 'inviter_user_id', 'token']) {
      assert.ok(!response.body.includes(`"${key}"`), `no ${key}`);
    }
    assertInviteShape(body);
  });

  void test('feeCents is the full fee on a per-golfer league', async () => {
    const h = harness();
    const org = await h.org();
    const league = await h.league(org, {
      entrySize: 2,
      feePerEntry: false,
      feeMembersCents: 22000,
    });
    const [founder, invited] = [await h.user(), await h.user()];
    const registration = await h.register(org, league, {
      userId: founder.id,
      teamName: unique('T'),
      partnerEmails: [invited.email],
    });
    assert.equal(registration.entry.fee_cents, 22000);
    const invite = (await resolve(tokenFor(registration, invited.email))).json<InviteResolution>();
    assert.equal(invite.feeCents, 22000);
  });

  void test('feeCents is 0 on a fee-per-entry league once a teammate bought the entry', async () => {
    const h = harness();
    const org = await h.org();
    const league = await h.league(org, {
      entrySize: 2,
      feePerEntry: true,
      feeMembersCents: 40000,
    });
    const [founder, invited] = [await h.user(), await h.user()];
    const registration = await h.register(org, league, {
      userId: founder.id,
      teamName: unique('T'),
      partnerEmails: [invited.email],
    });
    assert.equal(registration.entry.fee_cents, 40000, 'the founder bought the entry');

    const invite = (await resolve(tokenFor(registration, invited.email))).json<InviteResolution>();
    assert.equal(invite.feeCents, 0);
  });

  void test('feeCents is 0 for every partner of a bought entry, on a team of three', async () => {
    const h = harness();
    const org = await h.org();
    const league = await h.league(org, {
      entrySize: 3,
      feePerEntry: true,
      feeMembersCents: 60000,
    });
    const [founder, joiner, invited] = [await h.user(), await h.user(), await h.user()];
    const founded = await h.register(org, league, { userId: founder.id, teamName: unique('T') });
    const joined = await h.register(org, league, {
      userId: joiner.id,
      teamId: founded.teamId ?? 0,
      partnerEmails: [invited.email],
    });
    assert.equal(joined.entry.fee_cents, 0);
    const invite = (await resolve(tokenFor(joined, invited.email))).json<InviteResolution>();
    assert.equal(invite.feeCents, 0);
    assert.equal(invite.inviter.firstName, joiner.first_name);
    assert.equal(invite.inviter.lastName, joiner.last_name);
  });

  void test('accepted turns true when the invited golfer registers onto the team, and stays true', async () => {
    const h = harness();
    const org = await h.org();
    const league = await h.league(org, { entrySize: 2 });
    const [founder, invited] = [await h.user(), await h.user()];
    const registration = await h.register(org, league, {
      userId: founder.id,
      teamName: unique('T'),
      partnerEmails: [invited.email],
    });
    const token = tokenFor(registration, invited.email);
    const accepted = async () => (await resolve(token)).json<InviteResolution>().accepted;

    assert.equal(await accepted(), false);
    assert.equal(await accepted(), false, 'resolving does not accept');

    await adminRegister(h, org, league, { userId: invited.id, teamId: registration.teamId ?? 0 });
    const after = (await resolve(token)).json<InviteResolution>();
    assert.equal(after.accepted, true);
    assert.equal(after.team.complete, true);
    assert.deepEqual(after.team.memberNames, [fullName(founder), fullName(invited)]);
    assert.equal(await accepted(), true, 'a second click still resolves, accepted');

    await withdraw(org, league, invited.id);
    assert.equal(await accepted(), true, 'stays true after the golfer withdraws');
  });

  void test('accepted matches the invited address whatever its case', async () => {
    const h = harness();
    const org = await h.org();
    const league = await h.league(org, { entrySize: 2 });
    const [founder, invited] = [await h.user(), await h.user()];
    const shouted = invited.email.toUpperCase();
    const registration = await h.register(org, league, {
      userId: founder.id,
      teamName: unique('T'),
      partnerEmails: [shouted],
    });
    const token = tokenFor(registration, shouted);
    assert.equal((await resolve(token)).json<InviteResolution>().accepted, false);

    await h.register(org, league, { userId: invited.id, teamId: registration.teamId ?? 0 });
    const body = (await resolve(token)).json<InviteResolution>();
    assert.equal(body.accepted, true);
    assert.equal(body.email, shouted);
  });

  void test('accepted stays false when others join the team or the invited golfer joins another team', async () => {
    const h = harness();
    const org = await h.org();
    const league = await h.league(org, { entrySize: 3 });
    const [founder, stranger, invited, captain] = [
      await h.user(),
      await h.user(),
      await h.user(),
      await h.user(),
    ];
    const registration = await h.register(org, league, {
      userId: founder.id,
      teamName: unique('T'),
      partnerEmails: [invited.email],
    });
    const token = tokenFor(registration, invited.email);

    await h.register(org, league, { userId: stranger.id, teamId: registration.teamId ?? 0 });
    assert.equal((await resolve(token)).json<InviteResolution>().accepted, false);

    const otherTeam = await h.register(org, league, {
      userId: captain.id,
      teamName: unique('Other'),
    });
    await h.register(org, league, { userId: invited.id, teamId: otherTeam.teamId ?? 0 });
    assert.equal((await resolve(token)).json<InviteResolution>().accepted, false);
  });

  void test('accepting one invite does not accept the invites of other golfers', async () => {
    const h = harness();
    const org = await h.org();
    const league = await h.league(org, { entrySize: 3 });
    const [founder, first, second] = [await h.user(), await h.user(), await h.user()];
    const registration = await h.register(org, league, {
      userId: founder.id,
      teamName: unique('T'),
      partnerEmails: [first.email, second.email],
    });
    await h.register(org, league, { userId: first.id, teamId: registration.teamId ?? 0 });

    assert.equal(
      (await resolve(tokenFor(registration, first.email))).json<InviteResolution>().accepted,
      true,
    );
    assert.equal(
      (await resolve(tokenFor(registration, second.email))).json<InviteResolution>().accepted,
      false,
    );
  });

  void test('an invite resolves whatever the league status: completed, private, draft', async () => {
    const h = harness();
    const org = await h.org();
    const league = await h.league(org, { entrySize: 2, status: 'open' });
    const [founder, invited] = [await h.user(), await h.user()];
    const registration = await h.register(org, league, {
      userId: founder.id,
      teamName: unique('T'),
      partnerEmails: [invited.email],
    });
    const token = tokenFor(registration, invited.email);

    for (const status of ['completed', 'private', 'draft', 'active']) {
      await setStatus(org, league, status);
      const response = await resolve(token);
      assert.equal(response.statusCode, 200, `${status}: ${response.body}`);
      const body = response.json<InviteResolution>();
      assert.equal(body.eventSeries.id, league.id);
      assert.equal(body.email, invited.email);
      assert.equal(body.team.id, registration.teamId);
    }
  });

  void test('an invite to a league created hidden resolves too', async () => {
    const h = harness();
    const org = await h.org();
    const league = await h.league(org, { entrySize: 2, status: 'private' });
    const [founder, invited] = [await h.user(), await h.user()];
    const registration = await adminRegister(h, org, league, {
      userId: founder.id,
      teamName: unique('T'),
      partnerEmails: [invited.email],
    });
    const response = await resolve(tokenFor(registration, invited.email));
    assert.equal(response.statusCode, 200, response.body);
  });

  void test('invites stop resolving when their team is deleted, like an unknown token', async () => {
    const h = harness();
    const org = await h.org();
    const league = await h.league(org, { entrySize: 3 });
    const [founder, first, second] = [await h.user(), await h.user(), await h.user()];
    const registration = await h.register(org, league, {
      userId: founder.id,
      teamName: unique('T'),
      partnerEmails: [first.email, second.email],
    });
    const kept = await h.register(org, league, {
      userId: (await h.user()).id,
      teamName: unique('Kept'),
      partnerEmails: [(await h.user()).email],
    });
    const tokens = registration.invites.map((invite) => invite.token ?? '');
    for (const token of tokens) assert.equal((await resolve(token)).statusCode, 200);

    await deleteTeam(org, league, registration.teamId ?? 0);

    const unknown = await resolve('A'.repeat(32));
    assertPlainText(unknown, 404, 'unknown token');
    for (const token of tokens) {
      const response = await resolve(token);
      assertPlainText(response, 404, 'deleted team');
      assert.equal(response.body, unknown.body);
    }
    // Another team's invite is untouched.
    const other = kept.invites[0]?.token ?? '';
    assert.equal((await resolve(other)).statusCode, 200);
  });

  void test('an invite keeps resolving when its inviter withdraws', async () => {
    const h = harness();
    const org = await h.org();
    const league = await h.league(org, { entrySize: 2 });
    const [founder, invited] = [await h.user(), await h.user()];
    const registration = await h.register(org, league, {
      userId: founder.id,
      teamName: unique('T'),
      partnerEmails: [invited.email],
    });
    await withdraw(org, league, founder.id);
    const response = await resolve(tokenFor(registration, invited.email));
    assert.equal(response.statusCode, 200);
    const body = response.json<InviteResolution>();
    assert.equal(body.inviter.firstName, founder.first_name);
    assert.deepEqual(body.team.memberNames, []);
  });

  void test('unknown and malformed tokens are plain-text 404s', async () => {
    const h = harness();
    const org = await h.org();
    const league = await h.league(org, { entrySize: 2 });
    const [founder, invited] = [await h.user(), await h.user()];
    const registration = await h.register(org, league, {
      userId: founder.id,
      teamName: unique('T'),
      partnerEmails: [invited.email],
    });
    const real = tokenFor(registration, invited.email);
    const tampered = `${real.slice(0, -1)}${real.endsWith('A') ? 'B' : 'A'}`;
    const candidates = [
      tampered,
      real.slice(0, -1),
      `${real}A`,
      real.toLowerCase() === real ? real.toUpperCase() : real.toLowerCase(),
      'A'.repeat(32),
      'abc',
      'x',
      'not.a.token',
      '%00%00%00',
      'token%20with%20spaces%20in%20it',
      '1',
    ];
    for (const candidate of candidates) {
      assertPlainText(await resolve(candidate), 404, candidate);
    }
    assert.equal((await resolve(real)).statusCode, 200);
  });

  void test('tokens the router cannot read (over-long, bad percent-encoding) are plain-text 404s', async () => {
    const tokens = ['a'.repeat(300), '%E0%A4%A', `${'A'.repeat(30)}%ZZ`];
    const answers = [];
    for (const token of tokens) {
      const response = await resolve(token);
      answers.push({ token, status: response.statusCode, type: response.headers['content-type'] });
    }
    assert.deepEqual(
      answers,
      tokens.map((token) => ({ token, status: 404, type: PLAIN_TEXT })),
    );
  });

  void test('invite responses are never stored and never leak the token as a referrer', async () => {
    const h = harness();
    const org = await h.org();
    const league = await h.league(org, { entrySize: 2 });
    const [founder, invited] = [await h.user(), await h.user()];
    const registration = await h.register(org, league, {
      userId: founder.id,
      teamName: unique('T'),
      partnerEmails: [invited.email],
    });
    const token = tokenFor(registration, invited.email);

    const ok = await resolve(token);
    assert.equal(ok.statusCode, 200);
    assert.equal(ok.headers['cache-control'], 'no-store');
    assert.equal(ok.headers['referrer-policy'], 'no-referrer');

    const unknown = await resolve('B'.repeat(32));
    assert.equal(unknown.statusCode, 404);
    assert.equal(unknown.headers['cache-control'], 'no-store');
    assert.equal(unknown.headers['referrer-policy'], 'no-referrer');
  });

  void test('a malformed-token 404 is not stored either', async () => {
    const response = await resolve('bad.token');
    assertPlainText(response, 404);
    assert.equal(response.headers['cache-control'], 'no-store');
    assert.equal(response.headers['referrer-policy'], 'no-referrer');
  });

  void test('tokens are URL-safe, at least 128 bits, and all distinct', async () => {
    const h = harness();
    const org = await h.org();
    const league = await h.league(org, { entrySize: 8 });
    const tokens: string[] = [];
    for (let team = 0; team < 3; team += 1) {
      const founder = await h.user();
      const partners: string[] = [];
      for (let index = 0; index < 7; index += 1) partners.push((await h.user()).email);
      const registration = await h.register(org, league, {
        userId: founder.id,
        teamName: unique('Eight'),
        partnerEmails: partners,
      });
      for (const email of partners) tokens.push(tokenFor(registration, email));
    }

    assert.equal(tokens.length, 21);
    assert.equal(new Set(tokens).size, tokens.length, 'distinct');
    for (const token of tokens) {
      assert.match(token, /^[A-Za-z0-9_-]{22,}$/, 'base64url, 22+ characters (≥ 128 bits)');
      assert.equal(encodeURIComponent(token), token, 'URL-safe');
    }
    // No shared prefix or suffix betrays a counter or a timestamp.
    const prefixes = new Set(tokens.map((token) => token.slice(0, 6)));
    const suffixes = new Set(tokens.map((token) => token.slice(-6)));
    assert.equal(prefixes.size, tokens.length);
    assert.equal(suffixes.size, tokens.length);
    for (const token of tokens.slice(0, 3)) {
      assert.equal((await resolve(token)).statusCode, 200);
    }
  });

  void test('the same address invited to two teams gets two tokens, each resolving to its own team', async () => {
    const h = harness();
    const org = await h.org();
    const league = await h.league(org, { entrySize: 2 });
    const invited = await h.user();
    const first = await h.register(org, league, {
      userId: (await h.user()).id,
      teamName: unique('First'),
      partnerEmails: [invited.email],
    });
    const second = await h.register(org, league, {
      userId: (await h.user()).id,
      teamName: unique('Second'),
      partnerEmails: [invited.email],
    });
    const [a, b] = [tokenFor(first, invited.email), tokenFor(second, invited.email)];
    assert.notEqual(a, b);
    assert.equal((await resolve(a)).json<InviteResolution>().team.id, first.teamId);
    assert.equal((await resolve(b)).json<InviteResolution>().team.id, second.teamId);

    await h.register(org, league, { userId: invited.id, teamId: second.teamId ?? 0 });
    assert.equal((await resolve(a)).json<InviteResolution>().accepted, false);
    assert.equal((await resolve(b)).json<InviteResolution>().accepted, true);
  });
});
