import assert from 'node:assert/strict';
import { test } from 'node:test';
import { NO_LIMITS, PUBLIC, describeOnDatabases, unique } from '../../support/harness.js';
import { assertInvalid, assertPlainText } from '../../support/assertions.js';
import {
  completeTeam,
  twoRegistered,
  leaguePath,
  registrationsPath,
  publicTeamPath,
  golferName,
  memberCount,
  publicTeam,
  postRegistration,
  registerOk,
  withdrawal,
  teamDeletion,
  users,
} from '../../support/admin.js';

describeOnDatabases(
  'admin API: withdrawal and team deletion',
  (harness) => {
    void test('withdrawal: 204 with no body, memberCount drops', async () => {
      const h = harness();
      const { org, league, a } = await twoRegistered(h);
      const response = await withdrawal(h, org, league, a.id);
      assert.equal(response.statusCode, 204, response.body);
      assert.equal(response.body, '');
      assert.equal(await memberCount(h, org, league), 1);
    });

    void test('withdrawal is 404 when the golfer is not registered, or no longer is', async () => {
      const h = harness();
      const org = await h.org();
      const league = await h.league(org);
      const [a, never] = await users(h, 2);
      await registerOk(h, org, league, { userId: a.id });
      assertPlainText(await withdrawal(h, org, league, never.id), 404);
      assertPlainText(await withdrawal(h, org, league, 2_000_000_000), 404);
      assert.equal((await withdrawal(h, org, league, a.id)).statusCode, 204);
      assertPlainText(await withdrawal(h, org, league, a.id), 404);
      assert.equal(await memberCount(h, org, league), 0);
    });

    void test('withdrawal from another league, another org or with a malformed id is 404', async () => {
      const h = harness();
      const org = await h.org();
      const other = await h.org();
      const league = await h.league(org);
      const elsewhere = await h.league(org);
      const foreign = await h.league(other);
      const golfer = await h.user();
      await registerOk(h, org, league, { userId: golfer.id });
      assertPlainText(await withdrawal(h, org, elsewhere, golfer.id), 404);
      assertPlainText(await withdrawal(h, org, foreign, golfer.id), 404);
      assertPlainText(await h.admin('DELETE', `${registrationsPath(org, league)}/abc`), 404);
      assert.equal(await memberCount(h, org, league), 1);
    });

    void test('withdrawal frees the seat: a complete team becomes joinable again', async () => {
      const h = harness();
      const { org, league, founder, partner, spare: replacement, teamId } = await completeTeam(h);
      assertPlainText(
        await postRegistration(h, org, league, { userId: replacement.id, teamId: teamId }),
        409,
      );
      assert.equal((await withdrawal(h, org, league, partner.id)).statusCode, 204);
      const freed = await publicTeam(h, org, league, teamId);
      assert.deepEqual(
        {
          memberNames: freed.memberNames,
          seatsFilled: freed.seatsFilled,
          seatsRemaining: freed.seatsRemaining,
          complete: freed.complete,
        },
        { memberNames: [golferName(founder)], seatsFilled: 1, seatsRemaining: 1, complete: false },
      );
      assert.equal(await memberCount(h, org, league), 1);
      await registerOk(h, org, league, { userId: replacement.id, teamId: teamId });
      const full = await publicTeam(h, org, league, teamId);
      assert.deepEqual(full.memberNames, [golferName(founder), golferName(replacement)]);
      assert.equal(full.complete, true);
    });

    void test('withdrawal frees a place under maxEntries', async () => {
      const h = harness();
      const org = await h.org();
      const league = await h.league(org, { maxEntries: 1 });
      const [a, b] = await users(h, 2);
      await registerOk(h, org, league, { userId: a.id });
      assertPlainText(await postRegistration(h, org, league, { userId: b.id }), 409);
      assert.equal((await withdrawal(h, org, league, a.id)).statusCode, 204);
      await registerOk(h, org, league, { userId: b.id });
    });

    void test('the last member of a team withdrawing frees the team seats under maxEntries', async () => {
      const h = harness();
      const org = await h.org();
      const league = await h.league(org, { entrySize: 2, maxEntries: 2 });
      const [a, b] = await users(h, 2);
      await registerOk(h, org, league, { userId: a.id, teamName: unique('Team') });
      assertPlainText(
        await postRegistration(h, org, league, { userId: b.id, teamName: unique('Team') }),
        409,
      );
      assert.equal((await withdrawal(h, org, league, a.id)).statusCode, 204);
      await registerOk(h, org, league, { userId: b.id, teamName: unique('Team') });
      assert.equal(await memberCount(h, org, league), 1);
    });

    void test('re-registering after withdrawal works and is counted once', async () => {
      const h = harness();
      const org = await h.org();
      const league = await h.league(org, { entrySize: 2 });
      const golfer = await h.user();
      const first = await registerOk(h, org, league, {
        userId: golfer.id,
        teamName: unique('Team'),
      });
      assert.equal((await withdrawal(h, org, league, golfer.id)).statusCode, 204);
      assert.equal(await memberCount(h, org, league), 0);
      const again = await registerOk(h, org, league, { userId: golfer.id, teamId: first.teamId });
      assert.notEqual(again.entry.id, first.entry.id);
      assert.equal(await memberCount(h, org, league), 1);
      const team = await publicTeam(h, org, league, first.teamId ?? 0);
      assert.deepEqual(team.memberNames, [golferName(golfer)]);
      assertPlainText(
        await postRegistration(h, org, league, { userId: golfer.id, teamName: unique('Team') }),
        409,
      );
    });

    void test('team deletion: 204; the team and its invites 404; its members leave the roster', async () => {
      const h = harness();
      const org = await h.org();
      const league = await h.league(org, { entrySize: 3 });
      const [founder, partner, invited, bystander] = await users(h, 4);
      const team = await registerOk(h, org, league, {
        userId: founder.id,
        teamName: unique('Team'),
        partnerEmails: [invited.email],
      });
      assert.ok(team.teamId !== null);
      await registerOk(h, org, league, { userId: partner.id, teamId: team.teamId });
      const other = await registerOk(h, org, league, {
        userId: bystander.id,
        teamName: unique('Team'),
      });
      const token = team.invites[0]?.token;
      assert.ok(typeof token === 'string');
      const inviteUrl = `${PUBLIC}/event-series-invites/${token}`;
      assert.equal((await h.inject({ method: 'GET', url: inviteUrl })).statusCode, 200);
      assert.equal(await memberCount(h, org, league), 3);

      const response = await teamDeletion(h, org, league, team.teamId);
      assert.equal(response.statusCode, 204, response.body);
      assert.equal(response.body, '');
      assertPlainText(await h.inject({ method: 'GET', url: inviteUrl }), 404);
      assertPlainText(
        await h.inject({ method: 'GET', url: publicTeamPath(org, league, team.teamId) }),
        404,
      );
      assert.equal(await memberCount(h, org, league), 1);
      assert.equal((await publicTeam(h, org, league, other.teamId ?? 0)).seatsFilled, 1);
      // Its members are off the roster: withdrawing them is 404, registering them again works.
      assertPlainText(await withdrawal(h, org, league, founder.id), 404);
      await registerOk(h, org, league, { userId: founder.id, teamId: other.teamId });
      await registerOk(h, org, league, { userId: partner.id, teamId: other.teamId });
      assert.equal(await memberCount(h, org, league), 3);
      // Joining the deleted team is refused: it names no team of the league.
      assertInvalid(
        await postRegistration(h, org, league, { userId: invited.id, teamId: team.teamId }),
        ['teamId'],
      );
    });

    void test('team deletion frees its seats under maxEntries and its name', async () => {
      const h = harness();
      const org = await h.org();
      const league = await h.league(org, { entrySize: 2, maxEntries: 2 });
      const [a, b] = await users(h, 2);
      const name = unique('Team');
      const team = await registerOk(h, org, league, { userId: a.id, teamName: name });
      assertPlainText(
        await postRegistration(h, org, league, { userId: b.id, teamName: unique('Team') }),
        409,
      );
      assert.equal((await teamDeletion(h, org, league, team.teamId ?? 0)).statusCode, 204);
      assert.equal(await memberCount(h, org, league), 0);
      await registerOk(h, org, league, { userId: b.id, teamName: name });
    });

    void test('team deletion is 404 for an unknown team, a team of another league, and twice', async () => {
      const h = harness();
      const org = await h.org();
      const league = await h.league(org, { entrySize: 2 });
      const otherLeague = await h.league(org, { entrySize: 2 });
      const golfer = await h.user();
      const team = await registerOk(h, org, otherLeague, {
        userId: golfer.id,
        teamName: unique('Team'),
      });
      assert.ok(team.teamId !== null);
      assertPlainText(await teamDeletion(h, org, league, 2_000_000_000), 404);
      assertPlainText(await teamDeletion(h, org, league, team.teamId), 404);
      assertPlainText(await h.admin('DELETE', `${leaguePath(org, league.id)}/teams/abc`), 404);
      assert.equal((await publicTeam(h, org, otherLeague, team.teamId)).seatsFilled, 1);
      assert.equal((await teamDeletion(h, org, otherLeague, team.teamId)).statusCode, 204);
      assertPlainText(await teamDeletion(h, org, otherLeague, team.teamId), 404);
      assert.equal(await memberCount(h, org, otherLeague), 0);
    });

    void test('deleting a team whose members all withdrew', async () => {
      const h = harness();
      const org = await h.org();
      const league = await h.league(org, { entrySize: 2, maxEntries: 4 });
      const [a, b, c] = await users(h, 3);
      const team = await registerOk(h, org, league, { userId: a.id, teamName: unique('Team') });
      await registerOk(h, org, league, { userId: b.id, teamName: unique('Team') });
      assert.equal((await withdrawal(h, org, league, a.id)).statusCode, 204);
      assert.equal((await teamDeletion(h, org, league, team.teamId ?? 0)).statusCode, 204);
      assert.equal(await memberCount(h, org, league), 1);
      // One team of two seats is left: exactly one more team fits under maxEntries 4.
      await registerOk(h, org, league, { userId: c.id, teamName: unique('Team') });
      const d = await h.user();
      assertPlainText(
        await postRegistration(h, org, league, { userId: d.id, teamName: unique('Team') }),
        409,
      );
    });
  },
  NO_LIMITS,
);
