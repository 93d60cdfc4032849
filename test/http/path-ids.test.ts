import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { AdminEvent } from '../../src/resources/events/schema.js';
import type { PublicLeague } from '../../src/resources/leagues/schema.js';
import type {
  AdminStandingSeries,
  Standings,
  StoredResults,
} from '../../src/resources/standings/schema.js';
import type { TeamSummary } from '../../src/resources/teams/schema.js';
import { assertPlainText } from '../support/assertions.js';
import { ADMIN, NO_LIMITS, PUBLIC, describeOnDatabases, unique } from '../support/harness.js';
import type { Harness } from '../support/harness.js';
import { foundTeam } from '../support/teams.js';

/** Ways of writing `id` that read as the same number but are not its canonical decimal. */
function variants(id: number): string[] {
  return [`0${id}`, `+${id}`, `${id}.0`, `0x${id.toString(16)}`, `${id}e0`, `00${id}`, `${id}.`];
}

/** An org with a team league, a team, a golfer on it, an event with an entry and a series. */
async function world(h: Harness) {
  const org = await h.org();
  const league = await h.league(org, { entrySize: 2 });
  const golfer = await h.user();
  const { teamId } = await foundTeam(h, org, league, golfer);
  const event = await h.admin('POST', `${ADMIN}/orgs/${org.slug}/events`, {
    slug: unique('event'),
    title: 'Club Night',
    eventType: 'tournament',
    status: 'published',
    startDate: '2026-07-01T23:00:00Z',
  });
  assert.equal(event.statusCode, 201, event.body);
  const eventId = event.json<AdminEvent>().id;
  const entered = await h.user();
  const entry = await h.admin('POST', `${ADMIN}/orgs/${org.slug}/events/${eventId}/entries`, {
    userId: entered.id,
  });
  assert.equal(entry.statusCode, 201, entry.body);
  const series = await h.admin('POST', `${ADMIN}/orgs/${org.slug}/standing-series`, {
    name: 'Points Race',
    scope: 'overall',
  });
  assert.equal(series.statusCode, 201, series.body);
  const seriesId = series.json<AdminStandingSeries>().id;
  const results = await h.admin(
    'POST',
    `${ADMIN}/orgs/${org.slug}/standing-series/${seriesId}/results`,
    {
      eventId,
      results: [{ userId: entered.id, points: 10 }],
    },
  );
  assert.equal(results.statusCode, 200, results.body);
  const competitorId = results.json<StoredResults>().results[0]?.competitorId;
  assert.ok(teamId !== null && competitorId !== undefined);
  return { org, league, golfer, teamId, eventId, entered, seriesId, competitorId };
}

type World = Awaited<ReturnType<typeof world>>;

/** Reads that change nothing, so each can be sent with every variant of every id. */
function reads(w: World): [string, number[], (ids: string[]) => string, ('GET' | 'POST')?][] {
  const org = w.org.slug;
  return [
    [
      'public team',
      [w.league.id, w.teamId],
      ([l, t]) => `${PUBLIC}/orgs/${org}/event-series/${l}/teams/${t}`,
    ],
    ['public standings', [w.seriesId], ([s]) => `${PUBLIC}/orgs/${org}/standings/${s}`],
    [
      'public competitor',
      [w.seriesId, w.competitorId],
      ([s, c]) => `${PUBLIC}/orgs/${org}/standings/${s}/competitors/${c}`,
    ],
    [
      'register/start',
      [w.league.id],
      ([l]) => `${PUBLIC}/orgs/${org}/event-series/${l}/register/start`,
      'POST',
    ],
  ];
}

/** Every way of writing one of `ids` wrongly, the others kept canonical. */
function miswritten(ids: number[]): string[][] {
  return ids.flatMap((_, index) =>
    variants(ids[index] ?? 0).map((variant) =>
      ids.map((id, other) => (other === index ? variant : String(id))),
    ),
  );
}

describeOnDatabases(
  'path ids are canonical decimal integers',
  (harness) => {
    void test('public routes: a miswritten id is the usual 404, the canonical one answers', async () => {
      const h = harness();
      const w = await world(h);
      const unknown = await h.inject({
        method: 'GET',
        url: `${PUBLIC}/orgs/${w.org.slug}/standings/2147483647`,
      });
      assertPlainText(unknown, 404);
      for (const [name, ids, url, method = 'GET'] of reads(w)) {
        const canonical = await h.inject({ method, url: url(ids.map(String)) });
        assert.equal(canonical.statusCode, 200, `${name}: ${canonical.body}`);
        for (const written of miswritten(ids)) {
          const response = await h.inject({ method, url: url(written) });
          assertPlainText(response, 404, `${name} ${written.join('/')}`);
          assert.equal(response.body, unknown.body);
          assert.equal(response.headers['access-control-allow-origin'], '*');
        }
      }
    });

    void test('admin routes: a miswritten id is 404 and changes nothing', async () => {
      const h = harness();
      const w = await world(h);
      const org = w.org.slug;
      const league = `${ADMIN}/orgs/${org}/event-series`;
      const writes: [
        'PATCH' | 'DELETE' | 'POST',
        number[],
        (ids: string[]) => string,
        Record<string, unknown>?,
      ][] = [
        ['PATCH', [w.league.id], ([l]) => `${league}/${l}`, { name: 'Renamed' }],
        ['DELETE', [w.league.id, w.golfer.id], ([l, u]) => `${league}/${l}/registrations/${u}`],
        ['DELETE', [w.league.id, w.teamId], ([l, t]) => `${league}/${l}/teams/${t}`],
        ['PATCH', [w.eventId], ([e]) => `${ADMIN}/orgs/${org}/events/${e}`, { title: 'Renamed' }],
        [
          'DELETE',
          [w.eventId, w.entered.id],
          ([e, u]) => `${ADMIN}/orgs/${org}/events/${e}/entries/${u}`,
        ],
        [
          'POST',
          [w.seriesId],
          ([s]) => `${ADMIN}/orgs/${org}/standing-series/${s}/results`,
          { eventId: w.eventId, results: [] },
        ],
      ];
      for (const [method, ids, url, body] of writes) {
        for (const written of miswritten(ids)) {
          const response = await h.admin(method, url(written), body);
          assertPlainText(response, 404, `${method} ${url(written)}`);
        }
      }
      const team = await h.inject({
        method: 'GET',
        url: `${PUBLIC}/orgs/${org}/event-series/${w.league.id}/teams/${w.teamId}`,
      });
      assert.equal(team.statusCode, 200, 'the team was not deleted');
      assert.equal(team.json<TeamSummary>().seatsFilled, 1, 'nor its golfer withdrawn');
      const shown = await h.inject({
        method: 'GET',
        url: `${PUBLIC}/orgs/${org}/event-series/${w.league.slug}`,
      });
      assert.equal(shown.json<PublicLeague>().name, w.league.name, 'the league was not renamed');
      const table = await h.inject({
        method: 'GET',
        url: `${PUBLIC}/orgs/${org}/standings/${w.seriesId}`,
      });
      assert.equal(table.json<Standings>().table?.rows.length, 1, 'results kept');
      for (const [method, ids, url, body] of writes) {
        const response = await h.admin(method, url(ids.map(String)), body);
        assert.ok(response.statusCode < 300, `${method} ${url(ids.map(String))}: ${response.body}`);
      }
    });
  },
  NO_LIMITS,
);
