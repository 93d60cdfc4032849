import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { League, Org } from '../../../src/db/schema.js';
import { ConflictError } from '../../../src/domain/errors.js';
import {
  registerIndividualsBulk,
  registerTeamsBulk,
} from '../../../src/resources/registrations/service.js';
import { describeOnDatabases, type Harness } from '../../support/harness.js';
import { rejectsWith } from '../../support/score-cards.js';

// Bulk loading and one registration at a time apply the same fee and seat rules: the same
// golfers registered either way leave the same rows and counters behind.

/** What registrations leave in a league: its counters, its teams', and each entry's fee. */
async function footprint(h: Harness, league: League) {
  const db = h.database.db;
  const [counters, teams, entries] = await Promise.all([
    db
      .selectFrom('event_series')
      .select(['member_count', 'seats_reserved'])
      .where('id', '=', league.id)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('teams')
      .select(['name', 'member_count', 'entry_paid'])
      .where('event_series_id', '=', league.id)
      .orderBy('name')
      .execute(),
    db
      .selectFrom('roster_entries')
      .innerJoin('users', 'users.id', 'roster_entries.user_id')
      .select(['users.first_name', 'roster_entries.paid_entry', 'roster_entries.fee_cents'])
      .where('roster_entries.event_series_id', '=', league.id)
      .orderBy('users.first_name')
      .execute(),
  ]);
  return { counters, teams, entries };
}

/** Golfers named after `names`, unique to this call. */
async function golfers(h: Harness, names: string[]): Promise<number[]> {
  const ids: number[] = [];
  for (const firstName of names) ids.push((await h.user({ firstName })).id);
  return ids;
}

const TEAMS = { Eagles: ['Al', 'Bo'], Hawks: ['Cy'] };

async function teamLeague(h: Harness, org: Org, feePerEntry: boolean) {
  return h.league(org, { entrySize: 2, feeMembersCents: 9000, feePerEntry, maxEntries: 6 });
}

describeOnDatabases('bulk registration: the rules of one registration at a time', (harness) => {
  for (const feePerEntry of [true, false]) {
    void test(`teams, ${feePerEntry ? 'a fee per entry' : 'a fee per golfer'}`, async () => {
      const h = harness();
      const org = await h.org();
      const one = await teamLeague(h, org, feePerEntry);
      const bulk = await teamLeague(h, org, feePerEntry);
      for (const [teamName, members] of Object.entries(TEAMS)) {
        let teamId: number | undefined;
        for (const userId of await golfers(h, members)) {
          const done = await h.register(
            org,
            one,
            teamId === undefined ? { userId, teamName } : { userId, teamId },
          );
          teamId = done.teamId ?? undefined;
        }
      }
      const teams = [];
      for (const [name, members] of Object.entries(TEAMS)) {
        teams.push({ name, userIds: await golfers(h, members) });
      }
      await registerTeamsBulk(h.database.db, { orgSlug: org.slug, leagueId: bulk.id, teams });
      assert.deepEqual(await footprint(h, bulk), await footprint(h, one));
    });
  }

  void test('individuals pay the league fee and take a seat each', async () => {
    const h = harness();
    const org = await h.org();
    const one = await h.league(org, { feeMembersCents: 7000 });
    const bulk = await h.league(org, { feeMembersCents: 7000 });
    for (const userId of await golfers(h, ['Al', 'Bo'])) await h.register(org, one, { userId });
    const userIds = await golfers(h, ['Al', 'Bo']);
    await registerIndividualsBulk(h.database.db, { orgSlug: org.slug, leagueId: bulk.id, userIds });
    assert.deepEqual(await footprint(h, bulk), await footprint(h, one));
  });

  void test('past the cap nothing is written: 409, as for one registration', async () => {
    const h = harness();
    const org = await h.org();
    const league = await teamLeague(h, org, true);
    const teams = [];
    for (const name of ['A', 'B', 'C', 'D']) {
      teams.push({ name, userIds: await golfers(h, [`${name}1`]) });
    }
    const request = { orgSlug: org.slug, leagueId: league.id, teams };
    const error = await rejectsWith(registerTeamsBulk(h.database.db, request), 409);
    assert.ok(error instanceof ConflictError);
    assert.match(error.message, /full/);
    assert.deepEqual((await footprint(h, league)).counters, { member_count: 0, seats_reserved: 0 });
  });
});
