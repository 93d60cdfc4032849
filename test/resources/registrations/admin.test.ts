import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { InviteResolution } from '../../../src/resources/invites/schema.js';
import type { AdminLeague } from '../../../src/resources/leagues/schema.js';
import type { Registration as RegistrationAnswer } from '../../../src/resources/registrations/schema.js';
import {
  assertEntry,
  completeTeam,
  feeLeague,
  golferName,
  invitesTo,
  leaguePath,
  memberCount,
  newEmail,
  postRegistration,
  publicTeam,
  registerOk,
  users,
} from '../../support/admin.js';
import { assertInvalid, assertPlainText } from '../../support/assertions.js';
import { NO_LIMITS, PUBLIC, describeOnDatabases, unique } from '../../support/harness.js';

describeOnDatabases(
  'admin API: registrations',
  (harness) => {
    void test('individual league: 201 with the entry, no team and no invites; memberCount counts it', async () => {
      const h = harness();
      const org = await h.org();
      const league = await h.league(org, { feeMembersCents: 12500 });
      const golfer = await h.user();
      const response = await postRegistration(h, org, league, { userId: golfer.id });
      assert.equal(response.statusCode, 201, response.body);
      const answer = response.json<RegistrationAnswer>();
      assert.deepEqual(Object.keys(answer).sort(), ['entry', 'invites', 'teamId']);
      assert.deepEqual(Object.keys(answer.entry).sort(), [
        'feeCents',
        'id',
        'paidEntry',
        'teamId',
        'userId',
      ]);
      assert.ok(Number.isInteger(answer.entry.id) && answer.entry.id > 0);
      assert.equal(answer.entry.userId, golfer.id);
      assert.equal(answer.entry.teamId, null);
      assert.equal(answer.entry.feeCents, 12500);
      assert.equal(typeof answer.entry.paidEntry, 'boolean');
      assert.equal(answer.teamId, null);
      assert.deepEqual(answer.invites, []);
      assert.equal(await memberCount(h, org, league), 1);
    });

    void test('a golfer already active in the league is 409 and counted once', async () => {
      const h = harness();
      const org = await h.org();
      const league = await h.league(org);
      const golfer = await h.user();
      await registerOk(h, org, league, { userId: golfer.id });
      assertPlainText(await postRegistration(h, org, league, { userId: golfer.id }), 409);
      assert.equal(await memberCount(h, org, league), 1);
    });

    void test('a golfer already on a team is 409 for a new team and for another team', async () => {
      const h = harness();
      const org = await h.org();
      const league = await h.league(org, { entrySize: 2 });
      const [golfer, other] = await users(h, 2);
      await registerOk(h, org, league, { userId: golfer.id, teamName: unique('Team') });
      const otherTeam = await registerOk(h, org, league, {
        userId: other.id,
        teamName: unique('Team'),
      });
      const newName = unique('Team');
      assertPlainText(
        await postRegistration(h, org, league, { userId: golfer.id, teamName: newName }),
        409,
      );
      assertPlainText(
        await postRegistration(h, org, league, { userId: golfer.id, teamId: otherTeam.teamId }),
        409,
      );
      assert.equal(await memberCount(h, org, league), 2);
      assert.equal((await publicTeam(h, org, league, otherTeam.teamId ?? 0)).seatsFilled, 1);
      // The refused new team was not created: its name is still free.
      const third = await h.user();
      await registerOk(h, org, league, { userId: third.id, teamName: newName });
    });

    void test('the same golfer may register in two different leagues', async () => {
      const h = harness();
      const org = await h.org();
      const first = await h.league(org);
      const second = await h.league(org);
      const golfer = await h.user();
      await registerOk(h, org, first, { userId: golfer.id });
      await registerOk(h, org, second, { userId: golfer.id });
    });

    for (const [field, extra] of [
      ['teamName', { teamName: 'The Aces' }],
      ['teamId', { teamId: 1 }],
      ['partnerEmails', { partnerEmails: ['friend@example.com'] }],
    ] as const) {
      void test(`an individual league refuses ${field} with 422 and registers no one`, async () => {
        const h = harness();
        const org = await h.org();
        const league = await h.league(org, { entrySize: 1 });
        const golfer = await h.user();
        const response = await postRegistration(h, org, league, { userId: golfer.id, ...extra });
        assertInvalid(response, [field]);
        assert.equal(await memberCount(h, org, league), 0);
      });
    }

    void test('a team league needs exactly one of teamId and teamName (neither or both: 422)', async () => {
      const h = harness();
      const org = await h.org();
      const league = await h.league(org, { entrySize: 2 });
      const [founder, golfer] = await users(h, 2);
      const team = await registerOk(h, org, league, {
        userId: founder.id,
        teamName: unique('Team'),
      });
      assertInvalid(await postRegistration(h, org, league, { userId: golfer.id }), []);
      assertInvalid(
        await postRegistration(h, org, league, {
          userId: golfer.id,
          teamId: team.teamId,
          teamName: unique('Team'),
        }),
        [],
      );
      assertInvalid(
        await postRegistration(h, org, league, { userId: golfer.id, partnerEmails: [newEmail()] }),
        [],
      );
      assert.equal(await memberCount(h, org, league), 1);
      assert.equal((await publicTeam(h, org, league, team.teamId ?? 0)).seatsFilled, 1);
    });

    void test('a new team: 201 with its id; the public team shows the founder and open seats', async () => {
      const h = harness();
      const org = await h.org();
      const league = await h.league(org, { entrySize: 3 });
      const founder = await h.user();
      const name = unique('Birdie Hunters');
      const answer = await registerOk(h, org, league, { userId: founder.id, teamName: name });
      assert.ok(answer.teamId !== null && Number.isInteger(answer.teamId));
      assert.equal(answer.entry.teamId, answer.teamId);
      assert.equal(answer.entry.userId, founder.id);
      assert.deepEqual(answer.invites, []);
      assert.deepEqual(await publicTeam(h, org, league, answer.teamId), {
        id: answer.teamId,
        name,
        memberNames: [golferName(founder)],
        entrySize: 3,
        seatsFilled: 1,
        seatsRemaining: 2,
        complete: false,
      });
      assert.equal(await memberCount(h, org, league), 1);
    });

    void test('joining a team: 201, members listed in joining order, complete when full', async () => {
      const h = harness();
      const org = await h.org();
      const league = await h.league(org, { entrySize: 2 });
      const [founder, partner] = await users(h, 2);
      const team = await registerOk(h, org, league, {
        userId: founder.id,
        teamName: unique('Team'),
      });
      assert.ok(team.teamId !== null);
      const joined = await registerOk(h, org, league, { userId: partner.id, teamId: team.teamId });
      assert.equal(joined.teamId, team.teamId);
      assert.equal(joined.entry.teamId, team.teamId);
      assert.notEqual(joined.entry.id, team.entry.id);
      const summary = await publicTeam(h, org, league, team.teamId);
      assert.deepEqual(summary.memberNames, [golferName(founder), golferName(partner)]);
      assert.equal(summary.seatsFilled, 2);
      assert.equal(summary.seatsRemaining, 0);
      assert.equal(summary.complete, true);
      assert.equal(await memberCount(h, org, league), 2);
    });

    void test('joining a complete team is 409 and changes nothing', async () => {
      const h = harness();
      const { org, league, founder, partner, spare: late, teamId } = await completeTeam(h);
      assertPlainText(await postRegistration(h, org, league, { userId: late.id, teamId }), 409);
      const summary = await publicTeam(h, org, league, teamId);
      assert.equal(summary.seatsFilled, 2);
      assert.deepEqual(summary.memberNames, [golferName(founder), golferName(partner)]);
      assert.equal(await memberCount(h, org, league), 2);
    });

    void test('partner invites: a token only for an address that has an account', async () => {
      const h = harness();
      const org = await h.org();
      const league = await h.league(org, { entrySize: 3 });
      const founder = await h.user();
      const member = await h.user();
      const stranger = newEmail('stranger');
      const answer = await registerOk(h, org, league, {
        userId: founder.id,
        teamName: unique('Team'),
        partnerEmails: [member.email, stranger],
      });
      assert.equal(answer.invites.length, 2);
      const byEmail = new Map(answer.invites.map((invite) => [invite.email.toLowerCase(), invite]));
      const withAccount = byEmail.get(member.email.toLowerCase());
      const withoutAccount = byEmail.get(stranger.toLowerCase());
      assert.ok(withAccount !== undefined && withoutAccount !== undefined);
      assert.equal(withoutAccount.token, null);
      assert.ok(withAccount.token !== null);
      assert.match(withAccount.token, /^[A-Za-z0-9_-]{22,}$/);
      const resolved = await h.inject({
        method: 'GET',
        url: `${PUBLIC}/event-series-invites/${withAccount.token}`,
      });
      assert.equal(resolved.statusCode, 200, resolved.body);
      const invite = resolved.json<InviteResolution>();
      assert.equal(invite.email.toLowerCase(), member.email.toLowerCase());
      assert.equal(invite.accepted, false);
      assert.equal(invite.team.id, answer.teamId);
      // Registering onto the team accepts the invite.
      await registerOk(h, org, league, { userId: member.id, teamId: answer.teamId });
      const again = await h.inject({
        method: 'GET',
        url: `${PUBLIC}/event-series-invites/${withAccount.token}`,
      });
      assert.equal(again.json<InviteResolution>().accepted, true);
    });

    void test('entrySize 4: a new team may name 3 partners but not 4 (422)', async () => {
      const h = harness();
      const org = await h.org();
      const league = await h.league(org, { entrySize: 4 });
      const [ok, tooMany] = await users(h, 2);
      const three = [newEmail(), newEmail(), newEmail()];
      const answer = await registerOk(h, org, league, {
        userId: ok.id,
        teamName: unique('Team'),
        partnerEmails: three,
      });
      assert.deepEqual(answer.invites.map((invite) => invite.email).sort(), [...three].sort());
      const four = [newEmail(), newEmail(), newEmail(), newEmail()];
      const name = unique('Team');
      assertInvalid(
        await postRegistration(h, org, league, {
          userId: tooMany.id,
          teamName: name,
          partnerEmails: four,
        }),
        ['partnerEmails'],
      );
      assert.equal(await invitesTo(h, four), 0);
      assert.equal(await memberCount(h, org, league), 1);
    });

    void test('the same partner written twice in different case counts once', async () => {
      const h = harness();
      const org = await h.org();
      const league = await h.league(org, { entrySize: 2 });
      const golfer = await h.user();
      const email = newEmail('Dup');
      const answer = await registerOk(h, org, league, {
        userId: golfer.id,
        teamName: unique('Team'),
        partnerEmails: [email, email.toUpperCase()],
      });
      assert.equal(answer.invites.length, 1);
    });

    void test("the registrant's own address and an already registered golfer are refused as partners", async () => {
      const h = harness();
      const org = await h.org();
      const league = await h.league(org, { entrySize: 3 });
      const [registered, golfer] = await users(h, 2);
      await registerOk(h, org, league, { userId: registered.id, teamName: unique('Team') });
      assertInvalid(
        await postRegistration(h, org, league, {
          userId: golfer.id,
          teamName: unique('Team'),
          partnerEmails: [golfer.email.toUpperCase()],
        }),
        ['partnerEmails'],
      );
      assertInvalid(
        await postRegistration(h, org, league, {
          userId: golfer.id,
          teamName: unique('Team'),
          partnerEmails: [registered.email],
        }),
        ['partnerEmails'],
      );
      assert.equal(await memberCount(h, org, league), 1);
    });

    void test('a bad partner address is 422', async () => {
      const h = harness();
      const org = await h.org();
      const league = await h.league(org, { entrySize: 2 });
      const golfer = await h.user();
      assertInvalid(
        await postRegistration(h, org, league, {
          userId: golfer.id,
          teamName: unique('Team'),
          partnerEmails: ['not-an-address'],
        }),
        [],
      );
      assert.equal(await memberCount(h, org, league), 0);
    });

    void test('a duplicate team name in the league, whatever its case, is 409; other leagues are apart', async () => {
      const h = harness();
      const org = await h.org();
      const league = await h.league(org, { entrySize: 2 });
      const otherLeague = await h.league(org, { entrySize: 2 });
      const [first, second, third] = await users(h, 3);
      const name = unique('Fairway Friends');
      await registerOk(h, org, league, { userId: first.id, teamName: name });
      for (const variant of [name, name.toUpperCase(), name.toLowerCase()]) {
        assertPlainText(
          await postRegistration(h, org, league, { userId: second.id, teamName: variant }),
          409,
        );
      }
      assert.equal(await memberCount(h, org, league), 1);
      await registerOk(h, org, otherLeague, { userId: third.id, teamName: name });
    });

    void test('an unknown userId is 422 naming userId; a malformed one too', async () => {
      const h = harness();
      const org = await h.org();
      const league = await h.league(org);
      assertInvalid(await postRegistration(h, org, league, { userId: 2_000_000_000 }), ['userId']);
      assertInvalid(await postRegistration(h, org, league, { userId: '5' }), ['userId']);
      assertInvalid(await postRegistration(h, org, league, { userId: 0 }), ['userId']);
      assertInvalid(await postRegistration(h, org, league, {}), ['userId']);
      assert.equal(await memberCount(h, org, league), 0);
    });

    void test('an unknown teamId, or a team of another league, is 422 naming teamId', async () => {
      const h = harness();
      const org = await h.org();
      const league = await h.league(org, { entrySize: 2 });
      const otherLeague = await h.league(org, { entrySize: 2 });
      const [golfer, foreignFounder] = await users(h, 2);
      const foreign = await registerOk(h, org, otherLeague, {
        userId: foreignFounder.id,
        teamName: unique('Team'),
      });
      assertInvalid(
        await postRegistration(h, org, league, { userId: golfer.id, teamId: 2_000_000_000 }),
        ['teamId'],
      );
      assertInvalid(
        await postRegistration(h, org, league, { userId: golfer.id, teamId: foreign.teamId }),
        ['teamId'],
      );
      assert.equal(await memberCount(h, org, league), 0);
      assert.equal((await publicTeam(h, org, otherLeague, foreign.teamId ?? 0)).seatsFilled, 1);
    });

    void test('an unknown field is 422', async () => {
      const h = harness();
      const org = await h.org();
      const league = await h.league(org);
      const golfer = await h.user();
      assertInvalid(await postRegistration(h, org, league, { userId: golfer.id, feeCents: 0 }), [
        'feeCents',
      ]);
      assert.equal(await memberCount(h, org, league), 0);
    });

    void test('an unknown league, a league of another org and an unknown org are 404', async () => {
      const h = harness();
      const org = await h.org();
      const other = await h.org();
      const foreign = await h.league(other);
      const golfer = await h.user();
      assertPlainText(
        await postRegistration(h, org, { id: 2_000_000_000, slug: 'x' }, { userId: golfer.id }),
        404,
      );
      assertPlainText(await postRegistration(h, org, foreign, { userId: golfer.id }), 404);
      assertPlainText(
        await postRegistration(h, { ...org, slug: unique('nowhere') }, foreign, {
          userId: golfer.id,
        }),
        404,
      );
      assert.equal(await memberCount(h, other, foreign), 0);
    });

    void test('maxEntries counts golfers: a team holds all its seats; a partner joining is never refused', async () => {
      const h = harness();
      const org = await h.org();
      const league = await h.league(org, { entrySize: 2, maxEntries: 4 });
      const [a, b, c, d, e] = await users(h, 5);
      const first = await registerOk(h, org, league, { userId: a.id, teamName: unique('Team') });
      await registerOk(h, org, league, { userId: b.id, teamName: unique('Team') });
      const name = unique('Team');
      assertPlainText(
        await postRegistration(h, org, league, { userId: c.id, teamName: name }),
        409,
      );
      assert.equal(await memberCount(h, org, league), 2);
      // The refused team was not left behind.
      const joined = await registerOk(h, org, league, { userId: d.id, teamId: first.teamId });
      assert.equal(joined.teamId, first.teamId);
      assert.equal(await memberCount(h, org, league), 3);
      assertPlainText(
        await postRegistration(h, org, league, { userId: e.id, teamName: name }),
        409,
      );
    });

    void test('a team too big for what is left of maxEntries is refused', async () => {
      const h = harness();
      const org = await h.org();
      const league = await h.league(org, { entrySize: 3, maxEntries: 5 });
      const [a, b] = await users(h, 2);
      await registerOk(h, org, league, { userId: a.id, teamName: unique('Team') });
      assertPlainText(
        await postRegistration(h, org, league, { userId: b.id, teamName: unique('Team') }),
        409,
      );
    });

    for (const [name, fee, founderPays, partnerPays] of [
      [
        'feePerEntry: the first registrant buys the entry, the partner joins free',
        { perEntry: true, cents: 20000 },
        { paidEntry: true, feeCents: 20000 },
        { paidEntry: false, feeCents: 0 },
      ],
      [
        'per-golfer fee: both teammates pay the league fee',
        { perEntry: false, cents: 17500 },
        { feeCents: 17500 },
        { feeCents: 17500 },
      ],
    ] as const) {
      void test(name, async () => {
        const h = harness();
        const { org, league } = await feeLeague(h, 2, fee);
        const [founder, partner] = await users(h, 2);
        const first = await registerOk(h, org, league, {
          userId: founder.id,
          teamName: unique('Team'),
          partnerEmails: [partner.email],
        });
        assertEntry(first.entry, founderPays);
        const token = first.invites[0]?.token;
        assert.ok(typeof token === 'string');
        const invite = await h.inject({
          method: 'GET',
          url: `${PUBLIC}/event-series-invites/${token}`,
        });
        assert.equal(invite.json<InviteResolution>().feeCents, partnerPays.feeCents);
        const second = await registerOk(h, org, league, {
          userId: partner.id,
          teamId: first.teamId,
        });
        assertEntry(second.entry, partnerPays);
      });
    }

    void test('feePerEntry: a second team buys its own entry', async () => {
      const h = harness();
      const { org, league } = await feeLeague(h, 2, { perEntry: true, cents: 20000 });
      const [a, b] = await users(h, 2);
      await registerOk(h, org, league, { userId: a.id, teamName: unique('Team') });
      const other = await registerOk(h, org, league, { userId: b.id, teamName: unique('Team') });
      assertEntry(other.entry, { paidEntry: true, feeCents: 20000 });
    });

    void test('all or nothing: a new team with too many partners leaves no golfer, team or invite', async () => {
      const h = harness();
      const org = await h.org();
      const league = await h.league(org, { entrySize: 4 });
      const golfer = await h.user();
      const partnerWithAccount = await h.user();
      const name = unique('Team');
      const partners = [partnerWithAccount.email, newEmail(), newEmail(), newEmail()];
      const refused = await postRegistration(h, org, league, {
        userId: golfer.id,
        teamName: name,
        partnerEmails: partners,
      });
      assertInvalid(refused, ['partnerEmails']);
      assert.equal(await memberCount(h, org, league), 0);
      assert.equal(await invitesTo(h, partners), 0);
      // Neither the golfer nor the team name was kept.
      const answer = await registerOk(h, org, league, { userId: golfer.id, teamName: name });
      const team = await publicTeam(h, org, league, answer.teamId ?? 0);
      assert.deepEqual(team.memberNames, [golferName(golfer)]);
      assert.equal(team.seatsFilled, 1);
      assert.equal(await memberCount(h, org, league), 1);
      assert.equal(await invitesTo(h, partners), 0);
      // The league still has room for exactly the seats one team took.
      const leagueRow = await h.admin('PATCH', leaguePath(org, league.id), { name: 'Touch' });
      assert.equal(leagueRow.json<AdminLeague>().seatsReserved, 4);
    });

    void test('all or nothing: joining with too many partners leaves the team and its invites unchanged', async () => {
      const h = harness();
      const org = await h.org();
      const league = await h.league(org, { entrySize: 4 });
      const [founder, second, joiner] = await users(h, 3);
      const team = await registerOk(h, org, league, {
        userId: founder.id,
        teamName: unique('Team'),
      });
      assert.ok(team.teamId !== null);
      await registerOk(h, org, league, { userId: second.id, teamId: team.teamId });
      const before = await publicTeam(h, org, league, team.teamId);
      const partners = [newEmail(), newEmail(), newEmail()];
      assertInvalid(
        await postRegistration(h, org, league, {
          userId: joiner.id,
          teamId: team.teamId,
          partnerEmails: partners,
        }),
        ['partnerEmails'],
      );
      assert.deepEqual(await publicTeam(h, org, league, team.teamId), before);
      assert.equal(await memberCount(h, org, league), 2);
      assert.equal(await invitesTo(h, partners), 0);
      // The golfer was not left on the roster either.
      await registerOk(h, org, league, { userId: joiner.id, teamId: team.teamId });
    });

    void test('all or nothing: a partner already in the league refuses the whole registration', async () => {
      const h = harness();
      const org = await h.org();
      const league = await h.league(org, { entrySize: 3 });
      const [registered, golfer] = await users(h, 2);
      await registerOk(h, org, league, { userId: registered.id, teamName: unique('Team') });
      const fresh = newEmail();
      const name = unique('Team');
      assertInvalid(
        await postRegistration(h, org, league, {
          userId: golfer.id,
          teamName: name,
          partnerEmails: [fresh, registered.email],
        }),
        ['partnerEmails'],
      );
      assert.equal(await memberCount(h, org, league), 1);
      assert.equal(await invitesTo(h, [fresh]), 0);
      await registerOk(h, org, league, { userId: golfer.id, teamName: name });
    });
  },
  NO_LIMITS,
);
