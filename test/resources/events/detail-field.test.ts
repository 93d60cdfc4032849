import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { League } from '../../../src/db/schema.js';
import { ADMIN, NO_LIMITS, describeOnDatabases, unique } from '../../support/harness.js';
import { assertPlainText } from '../../support/assertions.js';
import { golferName, publicLeague, withdraw } from '../../support/admin.js';
import {
  iso,
  createEvent,
  patchEvent,
  patchEventOk,
  list,
  slugsOf,
  detailResponse,
  detail,
  fieldResponse,
  field,
  byName,
  addEntry,
  type Query,
} from '../../support/events.js';

// ---------------------------------------------------------------------------------------------
// Drafts, linkedEventCount and totalPlayers
// ---------------------------------------------------------------------------------------------

describeOnDatabases(
  'public events: drafts, linked counts and field sizes',
  (harness) => {
    void test('a draft event appears nowhere public', async () => {
      const h = harness();
      const org = await h.org();
      const league = await h.league(org);
      const published = await createEvent(h, org, {
        startDate: '2026-07-07T22:00:00Z',
        eventSeriesId: league.id,
        tags: ['twilight'],
      });
      const draft = await createEvent(h, org, {
        startDate: '2020-07-07T22:00:00Z',
        eventSeriesId: league.id,
        tags: ['twilight'],
        status: 'draft',
      });
      const lateDraft = await createEvent(h, org, {
        startDate: '2026-09-07T22:00:00Z',
        status: 'draft',
        eventSeriesId: league.id,
      });

      for (const query of [
        {},
        { filter: 'upcoming' },
        { filter: 'completed' },
        { eventSeries: league.slug },
        { tag: 'twilight' },
        { year: 2020 },
      ] as Query[]) {
        const body = await list(h, org.slug, query);
        assert.ok(!slugsOf(body).includes(draft.slug), `${JSON.stringify(query)}: no draft`);
        assert.ok(!slugsOf(body).includes(lateDraft.slug), `${JSON.stringify(query)}: no draft`);
      }
      const schedule = await list(h, org.slug, { eventSeries: league.slug });
      assert.deepEqual(slugsOf(schedule), [published.slug]);
      assert.equal(schedule.oldestYear, 2026, 'a draft does not set oldestYear');

      assertPlainText(await detailResponse(h, org.slug, draft.slug), 404);
      assertPlainText(await fieldResponse(h, org.slug, draft.slug), 404);

      const shown = await publicLeague(h, org, league.slug);
      assert.equal(shown.linkedEventCount, 1);
      assert.equal(shown.startDate, '2026-07-07');
      assert.equal(shown.endDate, '2026-07-07');
    });

    void test('linkedEventCount equals the schedule count through creates, drafting, unlinking and re-linking', async () => {
      const h = harness();
      const org = await h.org();
      const first = await h.league(org);
      const second = await h.league(org);

      async function assertCount(league: League, expected: number, expectedSlugs?: string[]) {
        const shown = await publicLeague(h, org, league.slug);
        const schedule = await list(h, org.slug, { eventSeries: league.slug, filter: 'all' });
        assert.equal(shown.linkedEventCount, expected, `${league.slug} linkedEventCount`);
        assert.equal(schedule.count, expected, `${league.slug} schedule count`);
        if (expectedSlugs !== undefined) assert.deepEqual(slugsOf(schedule), expectedSlugs);
        return shown;
      }

      await assertCount(first, 0);
      /** An event of the first league, on the first of `month`, published unless `status`. */
      const linked = (month: string, status?: string) =>
        createEvent(h, org, {
          startDate: `2026-${month}-01T18:00:00Z`,
          ...(status === undefined ? {} : { status }),
          eventSeriesId: first.id,
        });
      const april = await linked('04', 'completed');
      const may = await linked('05');
      const june = await linked('06', 'canceled');
      const july = await linked('07', 'draft');
      let shown = await assertCount(first, 3, [april.slug, may.slug, june.slug]);
      assert.equal(shown.endDate, '2026-06-01', 'the canceled event counts');

      await patchEventOk(h, org, june.id, { status: 'draft' });
      shown = await assertCount(first, 2, [april.slug, may.slug]);
      assert.equal(shown.endDate, '2026-05-01');

      const unlinked = await patchEventOk(h, org, may.id, { eventSeriesId: null });
      assert.equal(unlinked.eventSeriesId, null);
      shown = await assertCount(first, 1, [april.slug]);
      assert.equal(shown.endDate, '2026-04-01');
      assert.ok(slugsOf(await list(h, org.slug)).includes(may.slug), 'still a public event');

      await patchEventOk(h, org, may.id, { eventSeriesId: second.id });
      const secondShown = await assertCount(second, 1, [may.slug]);
      assert.equal(secondShown.startDate, '2026-05-01');
      await assertCount(first, 1, [april.slug]);

      await patchEventOk(h, org, april.id, { eventSeriesId: second.id });
      await assertCount(second, 2, [april.slug, may.slug]);
      shown = await assertCount(first, 0, []);
      assert.equal(shown.startDate, undefined, 'no linked events: no derived dates');

      await patchEventOk(h, org, july.id, { status: 'published' });
      await assertCount(first, 1, [july.slug]);
    });

    void test('a league night’s totalPlayers is the league’s live memberCount', async () => {
      const h = harness();
      const org = await h.org();
      const league = await h.league(org);
      const [ann, ben, cat] = [await h.user(), await h.user(), await h.user()];
      await h.register(org, league, { userId: ann.id });
      await h.register(org, league, { userId: ben.id });
      const night = await createEvent(h, org, { eventSeriesId: league.id });

      async function assertPlayers(expected: number, names: string[]) {
        const schedule = await list(h, org.slug, { eventSeries: league.slug });
        assert.equal(schedule.events[0]?.totalPlayers, expected, 'schedule totalPlayers');
        assert.equal((await list(h, org.slug)).events[0]?.totalPlayers, expected);
        assert.equal((await detail(h, org.slug, night.slug)).totalPlayers, expected);
        assert.equal((await publicLeague(h, org, league.slug)).memberCount, expected);
        const players = await field(h, org.slug, night.slug);
        assert.equal(players.count, expected);
        assert.deepEqual(players.players.map((player) => player.name).sort(), [...names].sort());
      }

      await assertPlayers(2, [golferName(ann), golferName(ben)]);
      await h.register(org, league, { userId: cat.id });
      await assertPlayers(3, [golferName(ann), golferName(ben), golferName(cat)]);
      await withdraw(h, org, league, ann.id);
      await assertPlayers(2, [golferName(ben), golferName(cat)]);
    });

    void test('an unlinked event’s totalPlayers and field are its own entries', async () => {
      const h = harness();
      const org = await h.org();
      const [ann, ben] = [await h.user(), await h.user()];
      const open = await createEvent(h, org, { title: 'Member-Guest' });
      assert.equal((await detail(h, org.slug, open.slug)).totalPlayers, 0);
      assert.deepEqual(await field(h, org.slug, open.slug), { count: 0, players: [] });

      const added = await addEntry(h, org, open.id, { userId: ann.id, teamName: 'Pin Seekers' });
      assert.equal(added.statusCode, 201, added.body);
      assert.equal((await addEntry(h, org, open.id, { userId: ben.id })).statusCode, 201);
      assertPlainText(await addEntry(h, org, open.id, { userId: ann.id }), 409);

      assert.equal((await list(h, org.slug)).events[0]?.totalPlayers, 2);
      assert.equal((await detail(h, org.slug, open.slug)).totalPlayers, 2);
      const players = await field(h, org.slug, open.slug);
      assert.deepEqual(
        [...players.players].sort(byName),
        [
          { name: golferName(ann), teamName: 'Pin Seekers' },
          { name: golferName(ben), teamName: null },
        ].sort(byName),
      );

      const removed = await h.admin(
        'DELETE',
        `${ADMIN}/orgs/${org.slug}/events/${open.id}/entries/${ben.id}`,
      );
      assert.equal(removed.statusCode, 204, removed.body);
      const again = await h.admin(
        'DELETE',
        `${ADMIN}/orgs/${org.slug}/events/${open.id}/entries/${ben.id}`,
      );
      assertPlainText(again, 404);
      assert.equal((await detail(h, org.slug, open.slug)).totalPlayers, 1);
      assert.deepEqual((await field(h, org.slug, open.slug)).players, [
        { name: golferName(ann), teamName: 'Pin Seekers' },
      ]);
    });

    void test('own entries and league links exclude each other (409)', async () => {
      const h = harness();
      const org = await h.org();
      const league = await h.league(org);
      const golfer = await h.user();
      const night = await createEvent(h, org, { eventSeriesId: league.id });
      assertPlainText(await addEntry(h, org, night.id, { userId: golfer.id }), 409);
      assert.equal((await field(h, org.slug, night.slug)).count, 0);

      const open = await createEvent(h, org);
      assert.equal((await addEntry(h, org, open.id, { userId: golfer.id })).statusCode, 201);
      assertPlainText(await patchEvent(h, org, open.id, { eventSeriesId: league.id }), 409);
      const unchanged = await detail(h, org.slug, open.slug);
      assert.equal(unchanged.eventSeries, undefined, 'the refused link was not made');
      assert.equal(unchanged.totalPlayers, 1);
      assert.equal((await publicLeague(h, org, league.slug)).linkedEventCount, 1);
    });
  },
  NO_LIMITS,
);

// ---------------------------------------------------------------------------------------------
// Event detail and field
// ---------------------------------------------------------------------------------------------

describeOnDatabases(
  'public event detail and field',
  (harness) => {
    void test('detail is the event item plus eventSeries {id, slug, name} when linked to a public league', async () => {
      const h = harness();
      const org = await h.org();
      const league = await h.league(org, { name: 'Tuesday Twilight' });
      const golfer = await h.user();
      await h.register(org, league, { userId: golfer.id });
      const night = await createEvent(h, org, {
        title: 'Week 3',
        eventType: 'league-night',
        startDate: '2026-07-21T22:00:00Z',
        endDate: '2026-07-22T01:00:00Z',
        tags: ['twilight'],
        eventSeriesId: league.id,
      });

      const shown = await detail(h, org.slug, night.slug);
      assert.deepEqual(shown, {
        id: night.id,
        slug: night.slug,
        title: 'Week 3',
        eventType: 'league-night',
        status: 'published',
        startDate: iso('2026-07-21T22:00:00Z'),
        endDate: iso('2026-07-22T01:00:00Z'),
        tags: ['twilight'],
        totalPlayers: 1,
        courseListSummary: null,
        eventSeries: { id: league.id, slug: league.slug, name: 'Tuesday Twilight' },
      });
    });

    void test('detail has no eventSeries when unlinked; a night of a league turned hidden is 404', async () => {
      const h = harness();
      const org = await h.org();
      const open = await createEvent(h, org);
      assert.ok(!('eventSeries' in (await detail(h, org.slug, open.slug))));

      const league = await h.league(org);
      const night = await createEvent(h, org, { eventSeriesId: league.id });
      assert.equal((await detail(h, org.slug, night.slug)).eventSeries?.id, league.id);
      const hidden = await h.admin('PATCH', `${ADMIN}/orgs/${org.slug}/event-series/${league.id}`, {
        status: 'draft',
      });
      assert.equal(hidden.statusCode, 200, hidden.body);
      assertPlainText(await detailResponse(h, org.slug, night.slug), 404);
      assertPlainText(await fieldResponse(h, org.slug, night.slug), 404);
    });

    void test('detail and field are 404 for draft, unknown and other-org events and an unknown org', async () => {
      const h = harness();
      const org = await h.org();
      const otherOrg = await h.org();
      const draft = await createEvent(h, org, { status: 'draft' });
      const foreign = await createEvent(h, otherOrg);
      const canceled = await createEvent(h, org, { status: 'canceled' });

      const missing: [string, string][] = [
        [org.slug, draft.slug],
        [org.slug, 'no-such-event'],
        [org.slug, foreign.slug],
        [unique('no-org'), canceled.slug],
      ];
      for (const [orgSlug, eventSlug] of missing) {
        assertPlainText(await detailResponse(h, orgSlug, eventSlug), 404);
        assertPlainText(await fieldResponse(h, orgSlug, eventSlug), 404);
      }
      assert.equal((await detail(h, org.slug, canceled.slug)).status, 'canceled');
      assert.equal((await field(h, org.slug, canceled.slug)).count, 0);
    });

    void test('a team league night’s field names players and their teams, never ids or e-mails', async () => {
      const h = harness();
      const org = await h.org();
      const league = await h.league(org, { entrySize: 2 });
      const [ann, ben, cat] = [await h.user(), await h.user(), await h.user()];
      const founded = await h.register(org, league, { userId: ann.id, teamName: 'Birdie Hunters' });
      await h.register(org, league, { userId: ben.id, teamId: founded.teamId ?? undefined });
      await h.register(org, league, { userId: cat.id, teamName: 'Sand Savers' });
      const night = await createEvent(h, org, { eventSeriesId: league.id });

      const response = await fieldResponse(h, org.slug, night.slug);
      assert.equal(response.statusCode, 200);
      const body = await field(h, org.slug, night.slug);
      assert.equal(body.count, 3);
      assert.deepEqual(
        [...body.players].sort(byName),
        [
          { name: golferName(ann), teamName: 'Birdie Hunters' },
          { name: golferName(ben), teamName: 'Birdie Hunters' },
          { name: golferName(cat), teamName: 'Sand Savers' },
        ].sort(byName),
      );
      for (const user of [ann, ben, cat]) {
        assert.ok(!response.body.includes(user.email), 'no e-mail addresses');
      }
      assert.ok(!/"(id|userId|email|teamId)"/.test(response.body), 'no id or e-mail fields');
    });
  },
  NO_LIMITS,
);
