import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Registration as RegistrationAnswer } from '../../../src/resources/registrations/schema.js';
import {
  activeEntries,
  golferName,
  memberCount,
  postRegistration,
  publicTeam,
  registerOk,
  statuses,
  twoRegistered,
  users,
  withdrawal,
} from '../../support/admin.js';
import { assertPlainText } from '../../support/assertions.js';
import { NO_LIMITS, describeOnDatabases, unique } from '../../support/harness.js';

describeOnDatabases(
  'admin API: concurrent registrations',
  (harness) => {
    async function lastSeatRace(racers: number, entrySize: number, seatsLeft: number) {
      const h = harness();
      const org = await h.org();
      const league = await h.league(org, { entrySize });
      const founder = await h.user();
      const team = await registerOk(h, org, league, {
        userId: founder.id,
        teamName: unique('Team'),
      });
      const teamId = team.teamId;
      assert.ok(teamId !== null);
      for (let filled = 1; filled < entrySize - seatsLeft; filled += 1) {
        const member = await h.user();
        await registerOk(h, org, league, { userId: member.id, teamId });
      }
      const before = await memberCount(h, org, league);
      const golfers = await users(h, racers);
      const answers = await Promise.all(
        golfers.map((golfer) => postRegistration(h, org, league, { userId: golfer.id, teamId })),
      );
      const winners = answers.filter((answer) => answer.statusCode === 201);
      const losers = answers.filter((answer) => answer.statusCode !== 201);
      assert.equal(winners.length, seatsLeft, `statuses: ${statuses(answers).join(', ')}`);
      for (const loser of losers) assertPlainText(loser, 409);
      const summary = await publicTeam(h, org, league, teamId);
      assert.equal(summary.seatsFilled, entrySize);
      assert.equal(summary.seatsRemaining, 0);
      assert.equal(summary.complete, true);
      assert.equal(summary.memberNames.length, entrySize);
      const winnerIds = winners.map((winner) => winner.json<RegistrationAnswer>().entry.userId);
      const winnerNames = golfers.filter((golfer) => winnerIds.includes(golfer.id)).map(golferName);
      for (const name of winnerNames) assert.ok(summary.memberNames.includes(name));
      assert.equal(await memberCount(h, org, league), before + seatsLeft);
      assert.equal(await activeEntries(h, league.id), before + seatsLeft);
      assert.equal(await activeEntries(h, league.id, teamId), entrySize);
      // The losers are not on the roster: withdrawing them is 404.
      for (const golfer of golfers.filter((candidate) => !winnerIds.includes(candidate.id))) {
        assertPlainText(await withdrawal(h, org, league, golfer.id), 404);
      }
    }

    void test("ten registrations racing for a team's last seat: exactly one wins", async () => {
      await lastSeatRace(10, 2, 1);
    });

    void test("ten registrations racing for a four-seat team's last seat: exactly one wins", async () => {
      await lastSeatRace(10, 4, 1);
    });

    void test('eight registrations racing for two free seats: exactly two win', async () => {
      await lastSeatRace(8, 4, 2);
    });

    void test('new teams racing against maxEntries: exactly as many as fit', async () => {
      const h = harness();
      const org = await h.org();
      const league = await h.league(org, { entrySize: 2, maxEntries: 6 });
      const golfers = await users(h, 8);
      const answers = await Promise.all(
        golfers.map((golfer) =>
          postRegistration(h, org, league, { userId: golfer.id, teamName: unique('Team') }),
        ),
      );
      const winners = answers.filter((answer) => answer.statusCode === 201);
      assert.equal(winners.length, 3, `statuses: ${statuses(answers).join(', ')}`);
      for (const loser of answers.filter((answer) => answer.statusCode !== 201)) {
        assertPlainText(loser, 409);
      }
      assert.equal(await memberCount(h, org, league), 3);
      assert.equal(await activeEntries(h, league.id), 3);
      const teamIds = winners.map((winner) => winner.json<RegistrationAnswer>().teamId);
      assert.equal(new Set(teamIds).size, 3);
      for (const teamId of teamIds) {
        assert.equal((await publicTeam(h, org, league, teamId ?? 0)).seatsFilled, 1);
      }
      // Full for new teams, but each winning team still takes its partner.
      const late = await h.user();
      assertPlainText(
        await postRegistration(h, org, league, { userId: late.id, teamName: unique('Team') }),
        409,
      );
      await registerOk(h, org, league, { userId: late.id, teamId: teamIds[0] });
      assert.equal(await memberCount(h, org, league), 4);
    });

    void test('individual golfers racing against maxEntries: exactly as many as fit', async () => {
      const h = harness();
      const org = await h.org();
      const league = await h.league(org, { maxEntries: 4 });
      const golfers = await users(h, 10);
      const answers = await Promise.all(
        golfers.map((golfer) => postRegistration(h, org, league, { userId: golfer.id })),
      );
      assert.deepEqual(statuses(answers), [201, 201, 201, 201, 409, 409, 409, 409, 409, 409]);
      assert.equal(await activeEntries(h, league.id), 4);
      for (const loser of answers.filter((answer) => answer.statusCode !== 201)) {
        assertPlainText(loser, 409);
      }
      assert.equal(await memberCount(h, org, league), 4);
    });

    void test('partners joining and new teams racing together respect both the seats and the cap', async () => {
      const h = harness();
      const org = await h.org();
      const league = await h.league(org, { entrySize: 2, maxEntries: 4 });
      const founder = await h.user();
      const team = await registerOk(h, org, league, {
        userId: founder.id,
        teamName: unique('Team'),
      });
      const joiners = await users(h, 4);
      const founders = await users(h, 4);
      const answers = await Promise.all([
        ...joiners.map((golfer) =>
          postRegistration(h, org, league, { userId: golfer.id, teamId: team.teamId }),
        ),
        ...founders.map((golfer) =>
          postRegistration(h, org, league, { userId: golfer.id, teamName: unique('Team') }),
        ),
      ]);
      const joined = answers.slice(0, 4).filter((answer) => answer.statusCode === 201);
      const founded = answers.slice(4).filter((answer) => answer.statusCode === 201);
      assert.equal(joined.length, 1, `statuses: ${statuses(answers).join(', ')}`);
      assert.equal(founded.length, 1, `statuses: ${statuses(answers).join(', ')}`);
      for (const loser of answers.filter((answer) => answer.statusCode !== 201)) {
        assertPlainText(loser, 409);
      }
      assert.equal(await memberCount(h, org, league), 3);
      assert.equal((await publicTeam(h, org, league, team.teamId ?? 0)).seatsFilled, 2);
      assert.equal(await activeEntries(h, league.id), 3);
      assert.equal(await activeEntries(h, league.id, team.teamId), 2);
    });

    void test('the same golfer registered twice at once: one 201, one 409', async () => {
      const h = harness();
      const org = await h.org();
      const league = await h.league(org);
      const golfer = await h.user();
      const answers = await Promise.all([
        postRegistration(h, org, league, { userId: golfer.id }),
        postRegistration(h, org, league, { userId: golfer.id }),
      ]);
      assert.deepEqual(statuses(answers), [201, 409]);
      assert.equal(await memberCount(h, org, league), 1);
    });

    void test('two new teams of the same name at once: one 201, one 409', async () => {
      const h = harness();
      const org = await h.org();
      const league = await h.league(org, { entrySize: 2 });
      const [a, b] = await users(h, 2);
      const name = unique('Team');
      const answers = await Promise.all([
        postRegistration(h, org, league, { userId: a.id, teamName: name }),
        postRegistration(h, org, league, { userId: b.id, teamName: name.toUpperCase() }),
      ]);
      assert.deepEqual(statuses(answers), [201, 409]);
      assert.equal(await memberCount(h, org, league), 1);
    });

    void test('the same golfer withdrawn twice at once: one 204, one 404, counted once', async () => {
      const h = harness();
      const { org, league, a } = await twoRegistered(h);
      const answers = await Promise.all([
        withdrawal(h, org, league, a.id),
        withdrawal(h, org, league, a.id),
      ]);
      assert.deepEqual(statuses(answers), [204, 404]);
      assert.equal(await memberCount(h, org, league), 1);
    });
  },
  NO_LIMITS,
);
