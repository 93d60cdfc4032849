import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { TeamSummary } from '../../../src/resources/teams/schema.js';
import { deleteTeam, golferName, withdraw } from '../../support/admin.js';
import { assertEachNotFound, assertPlainText, comparable } from '../../support/assertions.js';
import { describeOnDatabases, unique } from '../../support/harness.js';
import {
  assertTeamShape,
  foundTeam,
  publicGet,
  setLeagueStatus,
  teamResponse,
} from '../../support/teams.js';

describeOnDatabases('public teams: summary', (harness) => {
  void test('a team summary has exactly the documented fields with their values', async () => {
    const h = harness();
    const org = await h.org();
    const league = await h.league(org, { entrySize: 3 });
    const founder = await h.user({ firstName: 'Ada', lastName: 'Lovelace' });
    const name = unique('The Bogey Men');
    const { teamId } = await h.register(org, league, { userId: founder.id, teamName: name });

    const response = await teamResponse(harness(), org, league.id, teamId ?? 0);

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
    const { teamId } = await foundTeam(h, org, league, first);
    await h.register(org, league, { userId: second.id, teamId: teamId ?? 0 });

    let team = (await teamResponse(harness(), org, league.id, teamId ?? 0)).json<TeamSummary>();
    assert.deepEqual(team.memberNames, ['Zed Alpha', 'Amy Zulu']);
    assert.equal(team.seatsFilled, 2);
    assert.equal(team.seatsRemaining, 1);
    assert.equal(team.complete, false);

    await h.register(org, league, { userId: third.id, teamId: teamId ?? 0 });
    team = (await teamResponse(harness(), org, league.id, teamId ?? 0)).json<TeamSummary>();
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
    const { teamId } = await foundTeam(h, org, league, a);
    await h.register(org, league, { userId: b.id, teamId: teamId ?? 0 });
    await h.register(org, league, { userId: c.id, teamId: teamId ?? 0 });

    await withdraw(harness(), org, league, a.id);
    let team = (await teamResponse(harness(), org, league.id, teamId ?? 0)).json<TeamSummary>();
    assert.deepEqual(team.memberNames, [golferName(b), golferName(c)]);
    assert.equal(team.seatsFilled, 2);
    assert.equal(team.seatsRemaining, 1);
    assert.equal(team.complete, false);

    await h.register(org, league, { userId: a.id, teamId: teamId ?? 0 });
    team = (await teamResponse(harness(), org, league.id, teamId ?? 0)).json<TeamSummary>();
    assert.deepEqual(team.memberNames, [golferName(b), golferName(c), golferName(a)]);
    assert.equal(team.complete, true);
  });

  void test('a team whose members all withdrew is empty, not gone', async () => {
    const h = harness();
    const org = await h.org();
    const league = await h.league(org, { entrySize: 2 });
    const golfer = await h.user();
    const { teamId } = await foundTeam(h, org, league, golfer);
    await withdraw(harness(), org, league, golfer.id);

    const response = await teamResponse(harness(), org, league.id, teamId ?? 0);
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
    const { teamId } = await foundTeam(h, org, league, founder, [invited.email, noAccount]);
    await h.register(org, league, { userId: joiner.id, teamId: teamId ?? 0 });

    const response = await teamResponse(harness(), org, league.id, teamId ?? 0);

    assert.equal(response.statusCode, 200);
    assertTeamShape(response.json());
    assert.ok(!response.body.includes('@'), 'no e-mail address');
    for (const key of ['userId', 'userIds', 'user_id', 'email', 'emails', 'members', 'invites']) {
      assert.ok(!response.body.includes(`"${key}"`), `no ${key}`);
    }
    assert.deepEqual(response.json<TeamSummary>().memberNames, [
      golferName(founder),
      golferName(joiner),
    ]);
  });

  void test('a team of a completed league is still shown; of a hidden league it is the unknown 404', async () => {
    const h = harness();
    const org = await h.org();
    const league = await h.league(org, { entrySize: 2 });
    const golfer = await h.user();
    const { teamId } = await foundTeam(h, org, league, golfer);

    await setLeagueStatus(harness(), org, league, 'completed');
    assert.equal((await teamResponse(harness(), org, league.id, teamId ?? 0)).statusCode, 200);

    const unknown = await teamResponse(harness(), org, league.id, 2_000_000_000);
    assertPlainText(unknown, 404, 'unknown team');
    for (const status of ['draft', 'private']) {
      await setLeagueStatus(harness(), org, league, status);
      const hidden = await teamResponse(harness(), org, league.id, teamId ?? 0);
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
    const own = await foundTeam(h, org, league, a);
    const siblings = await foundTeam(h, org, sibling, b);
    const foreigners = await foundTeam(h, other, foreign, c);

    assert.equal((await teamResponse(harness(), org, league.id, own.teamId ?? 0)).statusCode, 200);
    const unknown = await teamResponse(harness(), org, league.id, 2_000_000_000);
    for (const response of [
      await teamResponse(harness(), org, league.id, siblings.teamId ?? 0),
      await teamResponse(harness(), org, league.id, foreigners.teamId ?? 0),
      await teamResponse(harness(), org, foreign.id, foreigners.teamId ?? 0),
      await teamResponse(harness(), other, league.id, own.teamId ?? 0),
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
    const { teamId } = await foundTeam(h, org, league, golfer);
    const response = await publicGet(
      harness(),
      `/orgs/${unique('no-org')}/event-series/${league.id}/teams/${teamId ?? 0}`,
    );
    assertPlainText(response, 404);
  });

  void test('malformed league and team ids are plain-text 404s', async () => {
    const h = harness();
    const org = await h.org();
    const league = await h.league(org, { entrySize: 2 });
    const golfer = await h.user();
    const { teamId } = await foundTeam(h, org, league, golfer);
    const bad = ['abc', '0', '-1', '1.5', '99999999999', '1e3', '%20'];
    for (const id of bad) {
      assertPlainText(await teamResponse(harness(), org, id, teamId ?? 0), 404, `league ${id}`);
      assertPlainText(await teamResponse(harness(), org, league.id, id), 404, `team ${id}`);
    }
    assertPlainText(
      await teamResponse(harness(), org, league.slug, teamId ?? 0),
      404,
      'league slug',
    );
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
    await assertEachNotFound(urls, (url) => publicGet(harness(), url));
  });

  void test('a deleted team is 404', async () => {
    const h = harness();
    const org = await h.org();
    const league = await h.league(org, { entrySize: 2 });
    const golfer = await h.user();
    const { teamId } = await foundTeam(h, org, league, golfer);
    await deleteTeam(harness(), org, league, teamId ?? 0);
    assertPlainText(await teamResponse(harness(), org, league.id, teamId ?? 0), 404);
  });
});
