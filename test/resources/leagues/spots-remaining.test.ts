import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { League, Org } from '../../../src/db/schema.js';
import type { PublicLeague } from '../../../src/resources/leagues/schema.js';
import { withdraw } from '../../support/admin.js';
import { ADMIN, NO_LIMITS, PUBLIC, describeOnDatabases, unique } from '../../support/harness.js';
import type { Harness } from '../../support/harness.js';
import { foundTeam } from '../../support/teams.js';

type Spots = Pick<PublicLeague, 'spotsRemaining' | 'memberCount'>;

/** `spotsRemaining` as the single league and the list both show it; they must agree. */
async function spots(h: Harness, org: Org, league: League): Promise<Spots> {
  const single = await h.inject({
    method: 'GET',
    url: `${PUBLIC}/orgs/${org.slug}/event-series/${league.slug}`,
  });
  assert.equal(single.statusCode, 200, single.body);
  const list = await h.inject({ method: 'GET', url: `${PUBLIC}/orgs/${org.slug}/event-series` });
  const listed = list.json<PublicLeague[]>().find((item) => item.id === league.id);
  const { spotsRemaining, memberCount } = single.json<PublicLeague>();
  assert.equal(listed?.spotsRemaining, spotsRemaining, 'list and detail agree');
  return { spotsRemaining, memberCount };
}

/** The status of register/start for a new entry (no team named). */
async function startNew(h: Harness, org: Org, league: League): Promise<number> {
  const response = await h.inject({
    method: 'POST',
    url: `${PUBLIC}/orgs/${org.slug}/event-series/${league.id}/register/start`,
  });
  assert.ok([200, 409].includes(response.statusCode), response.body);
  return response.statusCode;
}

/** register/start refuses a new entry as full exactly when it needs more places than are left. */
async function assertAgrees(h: Harness, org: Org, league: League): Promise<Spots> {
  const shown = await spots(h, org, league);
  const full = shown.spotsRemaining !== null && shown.spotsRemaining < league.entry_size;
  assert.equal(await startNew(h, org, league), full ? 409 : 200, JSON.stringify(shown));
  return shown;
}

describeOnDatabases(
  'spotsRemaining',
  (harness) => {
    void test('is null without maxEntries, and registration never fills', async () => {
      const h = harness();
      const org = await h.org();
      const league = await h.league(org);
      await h.register(org, league, { userId: (await h.user()).id });
      assert.deepEqual(await assertAgrees(h, org, league), {
        spotsRemaining: null,
        memberCount: 1,
      });
    });

    void test('individual league: counts down with registrations and up with withdrawals', async () => {
      const h = harness();
      const org = await h.org();
      const league = await h.league(org, { maxEntries: 2 });
      assert.equal((await assertAgrees(h, org, league)).spotsRemaining, 2);
      const first = await h.user();
      await h.register(org, league, { userId: first.id });
      assert.equal((await assertAgrees(h, org, league)).spotsRemaining, 1);
      await h.register(org, league, { userId: (await h.user()).id });
      assert.equal((await assertAgrees(h, org, league)).spotsRemaining, 0);
      await withdraw(h, org, league, first.id);
      assert.equal((await assertAgrees(h, org, league)).spotsRemaining, 1);
    });

    void test('team league: a team holds all its seats from its first member on', async () => {
      const h = harness();
      const org = await h.org();
      const league = await h.league(org, { entrySize: 2, maxEntries: 5 });
      const lead = await h.user();
      const { teamId } = await foundTeam(h, org, league, lead);
      assert.deepEqual(await assertAgrees(h, org, league), { spotsRemaining: 3, memberCount: 1 });
      await h.register(org, league, { userId: (await h.user()).id, teamName: unique('T') });
      assert.deepEqual(await assertAgrees(h, org, league), { spotsRemaining: 1, memberCount: 2 });

      const join = await h.inject({
        method: 'POST',
        url: `${PUBLIC}/orgs/${org.slug}/event-series/${league.id}/register/start?eventSeriesTeam=${teamId}`,
      });
      assert.equal(join.statusCode, 200, 'a partner takes a seat the team already holds');
      await h.register(org, league, { userId: (await h.user()).id, teamId: teamId ?? 0 });
      assert.deepEqual(await assertAgrees(h, org, league), { spotsRemaining: 1, memberCount: 3 });

      const deleted = await h.admin(
        'DELETE',
        `${ADMIN}/orgs/${org.slug}/event-series/${league.id}/teams/${teamId}`,
      );
      assert.equal(deleted.statusCode, 204);
      assert.deepEqual(await assertAgrees(h, org, league), { spotsRemaining: 3, memberCount: 1 });
    });

    void test('a cap lowered below the seats taken leaves 0, never a negative number', async () => {
      const h = harness();
      const org = await h.org();
      const league = await h.league(org, { maxEntries: 3 });
      for (let golfer = 0; golfer < 3; golfer += 1) {
        await h.register(org, league, { userId: (await h.user()).id });
      }
      const lowered = await h.admin(
        'PATCH',
        `${ADMIN}/orgs/${org.slug}/event-series/${league.id}`,
        {
          maxEntries: 1,
        },
      );
      assert.equal(lowered.statusCode, 200, lowered.body);
      assert.equal((await assertAgrees(h, org, { ...league, max_entries: 1 })).spotsRemaining, 0);
      const lifted = await h.admin('PATCH', `${ADMIN}/orgs/${org.slug}/event-series/${league.id}`, {
        maxEntries: null,
      });
      assert.equal(lifted.statusCode, 200, lifted.body);
      assert.equal((await assertAgrees(h, org, league)).spotsRemaining, null);
    });
  },
  NO_LIMITS,
);
