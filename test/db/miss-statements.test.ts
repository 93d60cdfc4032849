import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { StatementCounter } from '../../src/db/statement-count.js';
import { createSeason, createSeries } from '../../src/resources/standings/service.js';
import { patchLeague } from '../../src/resources/leagues/service.js';
import { createEvent } from '../support/events.js';
import { TARGETS } from '../support/databases.js';
import {
  PUBLIC,
  describeUnlessSkipped,
  harnessOn,
  stopHarness,
  type Harness,
} from '../support/harness.js';

/**
 * What a public read costs when nothing is kept (docs/benchmarks.md, "Misses"): the
 * statements it sends and the round trips it waits for, counted on the real database. A
 * change that adds a lookup or an N+1 to one of these reads fails here.
 */
for (const target of TARGETS) {
  describeUnlessSkipped(`statements per miss [${target.name}]`, target.skip, () => {
    const counter = new StatementCounter();
    let harness: Harness | undefined;
    let urls: Record<string, string> = {};

    before(async () => {
      const database = await target.open();
      harness = await harnessOn({ ...database, db: database.db.withPlugin(counter) });
      const h = harness;
      const org = await h.org();
      const league = await h.league(org);
      const series = await createSeries(h.database.db, org.slug, {
        name: 'Order of merit',
        scope: 'season',
      });
      await createSeason(h.database.db, {
        orgSlug: org.slug,
        seriesId: series.id,
        name: '2026',
        startDate: '2026-01-01',
        endDate: '2026-12-31',
      });
      await patchLeague(h.database.db, org.slug, league.id, { standingSeriesId: series.id });
      for (const day of ['2026-07-01', '2026-07-08', '2026-07-15']) {
        await createEvent(h, org, {
          startDate: `${day}T23:00:00Z`,
          eventSeriesId: league.id,
          tags: ['league-night', 'scramble'],
        });
      }
      const base = `${PUBLIC}/orgs/${org.slug}`;
      urls = {
        'league list': `${base}/event-series`,
        'one league': `${base}/event-series/${league.slug}`,
        schedule: `${base}/events?eventSeries=${league.slug}`,
        standings: `${base}/event-series/${league.slug}/standings`,
      };
    });

    after(async () => {
      if (harness !== undefined) await stopHarness(harness);
    });

    const expected = {
      'league list': { statements: 1, roundTrips: 1 },
      'one league': { statements: 1, roundTrips: 1 },
      schedule: { statements: 1, roundTrips: 1 },
      standings: { statements: 2, roundTrips: 2 },
    };

    for (const [read, cost] of Object.entries(expected)) {
      void test(`${read}: ${cost.statements} statement(s) in ${cost.roundTrips} round trip(s)`, async () => {
        const url = urls[read];
        assert.ok(harness !== undefined && url !== undefined);
        const before = counter.read();
        const response = await harness.inject({ url });
        const spent = counter.read();
        assert.equal(response.statusCode, 200, response.body);
        assert.deepEqual(
          {
            statements: spent.statements - before.statements,
            roundTrips: spent.roundTrips - before.roundTrips,
          },
          cost,
        );
      });
    }
  });
}
