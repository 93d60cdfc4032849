import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { InviteResolution } from '../../../src/resources/invites/schema.js';
import type { TeamSummary } from '../../../src/resources/teams/schema.js';
import { deleteTeam, feeLeague, golferName, registerOk, withdraw } from '../../support/admin.js';
import { assertEachNotFound, assertPlainText } from '../../support/assertions.js';
import { describeOnDatabases, unique } from '../../support/harness.js';
import {
  assertInviteShape,
  foundTeam,
  invitedPartner,
  inviteResponse,
  setLeagueStatus,
  teamResponse,
  tokenFor,
} from '../../support/teams.js';

describeOnDatabases('public teams: partner invites', (harness) => {
  void test('a token is created only for an invited address that has an account', async () => {
    const h = harness();
    const org = await h.org();
    const league = await h.league(org, { entrySize: 3 });
    const founder = await h.user();
    const invited = await h.user();
    const noAccount = `${unique('nobody')}@example.com`;

    const registration = await registerOk(h, org, league, {
      userId: founder.id,
      teamName: unique('T'),
      partnerEmails: [invited.email, noAccount],
    });

    assert.equal(registration.invites.length, 2);
    const token = tokenFor(registration, invited.email);
    assert.equal(registration.invites.find((i) => i.email === noAccount)?.token, null);
    assert.equal((await inviteResponse(harness(), token)).statusCode, 200);
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
    const registration = await registerOk(h, org, league, {
      userId: inviter.id,
      teamName,
      partnerEmails: [invited.email],
    });
    const token = tokenFor(registration, invited.email);

    const response = await inviteResponse(harness(), token);

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
    const registration = await foundTeam(h, org, league, founder, [invited.email]);
    await h.register(org, league, { userId: joiner.id, teamId: registration.teamId ?? 0 });

    const invite = (
      await inviteResponse(harness(), tokenFor(registration, invited.email))
    ).json<InviteResolution>();
    const team = (
      await teamResponse(harness(), org, league.id, registration.teamId ?? 0)
    ).json<TeamSummary>();
    assert.deepEqual(invite.team, team);
    assert.deepEqual(team.memberNames, [golferName(founder), golferName(joiner)]);
  });

  void test('the invited address is returned as given; no other address and no user id is', async () => {
    const h = harness();
    const org = await h.org();
    const league = await h.league(org, { entrySize: 4 });
    const founder = await h.user();
    const [first, second] = [await h.user(), await h.user()];
    const noAccount = `${unique('nobody')}@example.com`;
    const shouted = first.email.toUpperCase();
    const registration = await foundTeam(h, org, league, founder, [
      shouted,
      second.email,
      noAccount,
    ]);

    const response = await inviteResponse(harness(), tokenFor(registration, shouted));

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

  for (const [name, fee, invitedPays] of [
    ['feeCents is the full fee on a per-golfer league', { perEntry: false, cents: 22000 }, 22000],
    [
      'feeCents is 0 on a fee-per-entry league once a teammate bought the entry',
      { perEntry: true, cents: 40000 },
      0,
    ],
  ] as const) {
    void test(name, async () => {
      const { registration, token } = await invitedPartner(harness(), {
        feePerEntry: fee.perEntry,
        feeMembersCents: fee.cents,
      });
      assert.equal(registration.entry.fee_cents, fee.cents, 'the founder pays the full fee');
      const invite = (await inviteResponse(harness(), token)).json<InviteResolution>();
      assert.equal(invite.feeCents, invitedPays);
    });
  }

  void test('feeCents is 0 for every partner of a bought entry, on a team of three', async () => {
    const h = harness();
    const { org, league } = await feeLeague(h, 3, { perEntry: true, cents: 60000 });
    const [founder, joiner, invited] = [await h.user(), await h.user(), await h.user()];
    const founded = await foundTeam(h, org, league, founder);
    const joined = await h.register(org, league, {
      userId: joiner.id,
      teamId: founded.teamId ?? 0,
      partnerEmails: [invited.email],
    });
    assert.equal(joined.entry.fee_cents, 0);
    const invite = (
      await inviteResponse(harness(), tokenFor(joined, invited.email))
    ).json<InviteResolution>();
    assert.equal(invite.feeCents, 0);
    assert.equal(invite.inviter.firstName, joiner.first_name);
    assert.equal(invite.inviter.lastName, joiner.last_name);
  });

  void test('accepted turns true when the invited golfer registers onto the team, and stays true', async () => {
    const h = harness();
    const { org, league, founder, invited, registration, token } = await invitedPartner(h);
    const accepted = async () =>
      (await inviteResponse(harness(), token)).json<InviteResolution>().accepted;

    assert.equal(await accepted(), false);
    assert.equal(await accepted(), false, 'resolving does not accept');

    await registerOk(h, org, league, { userId: invited.id, teamId: registration.teamId ?? 0 });
    const after = (await inviteResponse(harness(), token)).json<InviteResolution>();
    assert.equal(after.accepted, true);
    assert.equal(after.team.complete, true);
    assert.deepEqual(after.team.memberNames, [golferName(founder), golferName(invited)]);
    assert.equal(await accepted(), true, 'a second click still resolves, accepted');

    await withdraw(harness(), org, league, invited.id);
    assert.equal(await accepted(), true, 'stays true after the golfer withdraws');
  });

  void test('accepted matches the invited address whatever its case', async () => {
    const h = harness();
    const org = await h.org();
    const league = await h.league(org, { entrySize: 2 });
    const [founder, invited] = [await h.user(), await h.user()];
    const shouted = invited.email.toUpperCase();
    const registration = await foundTeam(h, org, league, founder, [shouted]);
    const token = tokenFor(registration, shouted);
    assert.equal((await inviteResponse(harness(), token)).json<InviteResolution>().accepted, false);

    await h.register(org, league, { userId: invited.id, teamId: registration.teamId ?? 0 });
    const body = (await inviteResponse(harness(), token)).json<InviteResolution>();
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
    const registration = await foundTeam(h, org, league, founder, [invited.email]);
    const token = tokenFor(registration, invited.email);

    await h.register(org, league, { userId: stranger.id, teamId: registration.teamId ?? 0 });
    assert.equal((await inviteResponse(harness(), token)).json<InviteResolution>().accepted, false);

    const otherTeam = await h.register(org, league, {
      userId: captain.id,
      teamName: unique('Other'),
    });
    await h.register(org, league, { userId: invited.id, teamId: otherTeam.teamId ?? 0 });
    assert.equal((await inviteResponse(harness(), token)).json<InviteResolution>().accepted, false);
  });

  void test('accepting one invite does not accept the invites of other golfers', async () => {
    const h = harness();
    const org = await h.org();
    const league = await h.league(org, { entrySize: 3 });
    const [founder, first, second] = [await h.user(), await h.user(), await h.user()];
    const registration = await foundTeam(h, org, league, founder, [first.email, second.email]);
    await h.register(org, league, { userId: first.id, teamId: registration.teamId ?? 0 });

    assert.equal(
      (
        await inviteResponse(harness(), tokenFor(registration, first.email))
      ).json<InviteResolution>().accepted,
      true,
    );
    assert.equal(
      (
        await inviteResponse(harness(), tokenFor(registration, second.email))
      ).json<InviteResolution>().accepted,
      false,
    );
  });

  void test('an invite resolves whatever the league status: completed, private, draft', async () => {
    const h = harness();
    const { org, league, invited, registration, token } = await invitedPartner(h, {
      status: 'open',
    });

    for (const status of ['completed', 'private', 'draft', 'active']) {
      await setLeagueStatus(harness(), org, league, status);
      const response = await inviteResponse(harness(), token);
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
    const registration = await registerOk(h, org, league, {
      userId: founder.id,
      teamName: unique('T'),
      partnerEmails: [invited.email],
    });
    const response = await inviteResponse(harness(), tokenFor(registration, invited.email));
    assert.equal(response.statusCode, 200, response.body);
  });

  void test('invites stop resolving when their team is deleted, like an unknown token', async () => {
    const h = harness();
    const org = await h.org();
    const league = await h.league(org, { entrySize: 3 });
    const [founder, first, second] = [await h.user(), await h.user(), await h.user()];
    const registration = await foundTeam(h, org, league, founder, [first.email, second.email]);
    const kept = await h.register(org, league, {
      userId: (await h.user()).id,
      teamName: unique('Kept'),
      partnerEmails: [(await h.user()).email],
    });
    const tokens = registration.invites.map((invite) => invite.token ?? '');
    for (const token of tokens)
      assert.equal((await inviteResponse(harness(), token)).statusCode, 200);

    await deleteTeam(harness(), org, league, registration.teamId ?? 0);

    const unknown = await inviteResponse(harness(), 'A'.repeat(32));
    assertPlainText(unknown, 404, 'unknown token');
    for (const token of tokens) {
      const response = await inviteResponse(harness(), token);
      assertPlainText(response, 404, 'deleted team');
      assert.equal(response.body, unknown.body);
    }
    // Another team's invite is untouched.
    const other = kept.invites[0]?.token ?? '';
    assert.equal((await inviteResponse(harness(), other)).statusCode, 200);
  });

  void test('an invite keeps resolving when its inviter withdraws', async () => {
    const h = harness();
    const { org, league, founder, invited, registration } = await invitedPartner(h);
    await withdraw(harness(), org, league, founder.id);
    const response = await inviteResponse(harness(), tokenFor(registration, invited.email));
    assert.equal(response.statusCode, 200);
    const body = response.json<InviteResolution>();
    assert.equal(body.inviter.firstName, founder.first_name);
    assert.deepEqual(body.team.memberNames, []);
  });

  void test('unknown and malformed tokens are plain-text 404s', async () => {
    const h = harness();
    const { invited, registration } = await invitedPartner(h);
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
      assertPlainText(await inviteResponse(harness(), candidate), 404, candidate);
    }
    assert.equal((await inviteResponse(harness(), real)).statusCode, 200);
  });

  void test('tokens the router cannot read (over-long, bad percent-encoding) are plain-text 404s', async () => {
    const tokens = ['a'.repeat(300), '%E0%A4%A', `${'A'.repeat(30)}%ZZ`];
    await assertEachNotFound(tokens, (token) => inviteResponse(harness(), token));
  });

  void test('invite responses are never stored and never leak the token as a referrer', async () => {
    const h = harness();
    const { token } = await invitedPartner(h);

    const ok = await inviteResponse(harness(), token);
    assert.equal(ok.statusCode, 200);
    assert.equal(ok.headers['cache-control'], 'no-store');
    assert.equal(ok.headers['referrer-policy'], 'no-referrer');

    const unknown = await inviteResponse(harness(), 'B'.repeat(32));
    assert.equal(unknown.statusCode, 404);
    assert.equal(unknown.headers['cache-control'], 'no-store');
    assert.equal(unknown.headers['referrer-policy'], 'no-referrer');
  });

  void test('a malformed-token 404 is not stored either', async () => {
    const response = await inviteResponse(harness(), 'bad.token');
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
      assert.equal((await inviteResponse(harness(), token)).statusCode, 200);
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
    assert.equal(
      (await inviteResponse(harness(), a)).json<InviteResolution>().team.id,
      first.teamId,
    );
    assert.equal(
      (await inviteResponse(harness(), b)).json<InviteResolution>().team.id,
      second.teamId,
    );

    await h.register(org, league, { userId: invited.id, teamId: second.teamId ?? 0 });
    assert.equal((await inviteResponse(harness(), a)).json<InviteResolution>().accepted, false);
    assert.equal((await inviteResponse(harness(), b)).json<InviteResolution>().accepted, true);
  });
});
