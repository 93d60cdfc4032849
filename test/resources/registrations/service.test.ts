import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { League, Org } from '../../../src/db/schema.js';
import { ConflictError, ValidationError } from '../../../src/domain/errors.js';
import { findLeagueById } from '../../../src/resources/leagues/store.js';
import { describeOnDatabases, unique, type Harness } from '../../support/harness.js';
import { rejectsWith } from '../../support/score-cards.js';
import { foundTeam } from '../../support/teams.js';

// The registration and seat rules, called on the service the admin route and the hosted
// page's report both use; the HTTP suites keep one test per status these rules map to.

async function seatsReserved(h: Harness, league: League): Promise<number> {
  const row = await findLeagueById(h.database.db, league.org_id, league.id);
  assert.ok(row !== undefined);
  return row.seats_reserved;
}

async function teamLeague(
  h: Harness,
  org: Org,
  overrides: Partial<Parameters<Harness['league']>[1]>,
) {
  return h.league(org, { entrySize: 2, ...overrides });
}

describeOnDatabases('registration service: seats and rules', (harness) => {
  void test('a golfer already registered in the league is a conflict; the first entry stays', async () => {
    const h = harness();
    const org = await h.org();
    const league = await h.league(org);
    const golfer = await h.user();
    await h.register(org, league, { userId: golfer.id });
    const conflict = await rejectsWith(h.register(org, league, { userId: golfer.id }), 409);
    assert.ok(conflict instanceof ConflictError);
    assert.match(conflict.message, /already registered/);
    assert.equal(await seatsReserved(h, league), 1);
  });

  void test('joining a complete team is a conflict', async () => {
    const h = harness();
    const org = await h.org();
    const league = await teamLeague(h, org, {});
    const [founder, second, third] = [await h.user(), await h.user(), await h.user()];
    const { teamId } = await foundTeam(h, org, league, founder);
    assert.ok(teamId !== null);
    await h.register(org, league, { userId: second.id, teamId });
    const conflict = await rejectsWith(h.register(org, league, { userId: third.id, teamId }), 409);
    assert.ok(conflict instanceof ConflictError);
    assert.match(conflict.message, /complete/);
  });

  void test('a founder may name one partner fewer than the seats; more is invalid', async () => {
    const h = harness();
    const org = await h.org();
    const league = await teamLeague(h, org, { entrySize: 3 });
    const founder = await h.user();
    const emails = [1, 2, 3].map((n) => `${unique(`p${n}`)}@example.com`);
    const invalid = await rejectsWith(
      h.register(org, league, { userId: founder.id, teamName: unique('T'), partnerEmails: emails }),
      422,
    );
    assert.ok(invalid instanceof ValidationError);
    assert.match(invalid.errors.partnerEmails ?? '', /at most 2 partners/);
    const fits = await h.register(org, league, {
      userId: founder.id,
      teamName: unique('T'),
      partnerEmails: emails.slice(0, 2),
    });
    assert.equal(fits.invites.length, 2);
  });

  void test('a golfer joining a team may name one partner fewer than its open seats', async () => {
    const h = harness();
    const org = await h.org();
    const league = await teamLeague(h, org, { entrySize: 4 });
    const [founder, second, third] = [await h.user(), await h.user(), await h.user()];
    const { teamId } = await foundTeam(h, org, league, founder);
    assert.ok(teamId !== null);
    await h.register(org, league, { userId: second.id, teamId });
    const emails = [1, 2].map((n) => `${unique(`p${n}`)}@example.com`);
    const invalid = await rejectsWith(
      h.register(org, league, { userId: third.id, teamId, partnerEmails: emails }),
      422,
    );
    assert.ok(invalid instanceof ValidationError);
    assert.match(invalid.errors.partnerEmails ?? '', /at most 1 partner can/);
    const joined = await h.register(org, league, {
      userId: third.id,
      teamId,
      partnerEmails: emails.slice(0, 1),
    });
    assert.equal(joined.invites.length, 1);
  });

  void test('maxEntries caps golfers of an individual league', async () => {
    const h = harness();
    const org = await h.org();
    const league = await h.league(org, { maxEntries: 1 });
    const [first, second] = [await h.user(), await h.user()];
    await h.register(org, league, { userId: first.id });
    const conflict = await rejectsWith(h.register(org, league, { userId: second.id }), 409);
    assert.ok(conflict instanceof ConflictError);
    assert.match(conflict.message, /full/);
    assert.equal(await seatsReserved(h, league), 1);
  });

  void test('a new team reserves all its seats under maxEntries; joining it takes none', async () => {
    const h = harness();
    const org = await h.org();
    const league = await teamLeague(h, org, { maxEntries: 2 });
    const [founder, partner, other] = [await h.user(), await h.user(), await h.user()];
    const { teamId } = await foundTeam(h, org, league, founder);
    assert.ok(teamId !== null);
    assert.equal(await seatsReserved(h, league), 2);
    assert.ok((await rejectsWith(foundTeam(h, org, league, other), 409)) instanceof ConflictError);
    await h.register(org, league, { userId: partner.id, teamId });
    assert.equal(await seatsReserved(h, league), 2);
  });

  void test("racing for a team's last seat: exactly one golfer wins it", async () => {
    const h = harness();
    const org = await h.org();
    const league = await teamLeague(h, org, {});
    const founder = await h.user();
    const { teamId } = await foundTeam(h, org, league, founder);
    assert.ok(teamId !== null);
    const racers = [await h.user(), await h.user(), await h.user()];
    const outcomes = await Promise.allSettled(
      racers.map((racer) => h.register(org, league, { userId: racer.id, teamId })),
    );
    const won = outcomes.filter((outcome) => outcome.status === 'fulfilled');
    const lost = outcomes.filter((outcome) => outcome.status === 'rejected');
    assert.equal(won.length, 1);
    for (const outcome of lost) assert.ok(outcome.reason instanceof ConflictError);
    const members = await h.database.db
      .selectFrom('roster_entries')
      .select('id')
      .where('team_id', '=', teamId)
      .where('status', '=', 'active')
      .execute();
    assert.equal(members.length, 2);
  });

  void test('with feePerEntry the first registrant buys the entry; teammates owe nothing', async () => {
    const h = harness();
    const org = await h.org();
    const league = await teamLeague(h, org, { feePerEntry: true, feeMembersCents: 30000 });
    const [founder, partner] = [await h.user(), await h.user()];
    const first = await foundTeam(h, org, league, founder);
    assert.ok(first.teamId !== null);
    const second = await h.register(org, league, { userId: partner.id, teamId: first.teamId });
    assert.deepEqual(
      [
        first.entry.paid_entry,
        first.entry.fee_cents,
        second.entry.paid_entry,
        second.entry.fee_cents,
      ],
      [true, 30000, false, 0],
    );
  });

  void test('without feePerEntry every golfer of a team pays the member fee', async () => {
    const h = harness();
    const org = await h.org();
    const league = await teamLeague(h, org, { feeMembersCents: 12000 });
    const [founder, partner] = [await h.user(), await h.user()];
    const first = await foundTeam(h, org, league, founder);
    assert.ok(first.teamId !== null);
    const second = await h.register(org, league, { userId: partner.id, teamId: first.teamId });
    assert.deepEqual([first.entry.fee_cents, second.entry.fee_cents], [12000, 12000]);
    assert.deepEqual([first.entry.paid_entry, second.entry.paid_entry], [false, false]);
  });
});
