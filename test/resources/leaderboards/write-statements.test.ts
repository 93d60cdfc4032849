import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { sql } from 'kysely';
import { StatementCounter } from '../../../src/db/statement-count.js';
import { patchEvent } from '../../../src/resources/events/service.js';
import { TARGETS } from '../../support/databases.js';
import {
  describeUnlessSkipped,
  harnessOn,
  stopHarness,
  type Harness,
} from '../../support/harness.js';
import {
  card,
  createNight,
  fullCard,
  leagueNight,
  NINE_PARS,
  score,
  type NightSetup,
} from '../../support/score-cards.js';

/**
 * What a live night's score write costs the database (docs/benchmarks.md, "Tenants"): every
 * statement of it runs while other clubs' reads wait for the same cores. A change that reads
 * something twice, or reads back what the write just stored, fails here.
 */
for (const target of TARGETS) {
  describeUnlessSkipped(`statements per score write [${target.name}]`, target.skip, () => {
    const counter = new StatementCounter();
    let harness: Harness | undefined;
    let night: NightSetup | undefined;

    before(async () => {
      const database = await target.open();
      harness = await harnessOn({ ...database, db: database.db.withPlugin(counter) });
      night = await leagueNight(harness, { golfers: ['Al', 'Bo', 'Cy'] });
      await patchEvent(harness.database.db, night.org.slug, night.event.id, {
        netScoring: true,
        strokeIndex: [3, 5, 9, 1, 7, 4, 8, 2, 6],
      });
      await score(harness, night, 'Al', card(4, 4));
    });

    after(async () => {
      if (harness !== undefined) await stopHarness(harness);
    });

    void test('a card in play rewritten on a net night: 12 statements', async () => {
      assert.ok(harness !== undefined && night !== undefined);
      const [h, setup] = [harness, night];
      const counted = async (holes: (number | null)[]) => {
        const before = counter.read().statements;
        const written = await score(h, setup, 'Al', holes);
        return { statements: counter.read().statements - before, ...written };
      };
      const first = await counted(card(4, 4, 3));
      const second = await counted(card(4, 4, 2));
      // The event locked with its org (1), the golfer checked in its field (2), the card (3);
      // the marked event locked (4) and its mark cleared (5); its field (6), league (7),
      // cards (8), set handicaps (9) and earlier cards (10); the boards stored with their new
      // version (11); the players' marks taken (12).
      assert.deepEqual([first.statements, second.statements], [12, 12]);
      assert.equal(second.leaderboardVersion, first.leaderboardVersion + 1);
    });

    void test('a card rewritten marks through the update’s triggers only, not the upsert’s empty insert', async () => {
      assert.ok(harness !== undefined && night !== undefined);
      const [event, golfer] = [night.event, night.golfers[0]];
      assert.ok(golfer !== undefined);
      const calls = await harness.database.db
        .withoutPlugins()
        .transaction()
        .execute(async (trx) => {
          await sql`set local track_functions = 'all'`.execute(trx);
          await sql`
            insert into score_cards (event_id, user_id, holes)
            values (${event.id}, ${golfer.id}, ${card(3, 4, 5)})
            on conflict (event_id, user_id) do update set holes = excluded.holes`.execute(trx);
          const { rows } = await sql<{ boards: number; players: number }>`
            select pg_stat_get_xact_function_calls('mark_leaderboards_stale'::regproc) as boards,
                   pg_stat_get_xact_function_calls('mark_players_stale'::regproc) as players
          `.execute(trx);
          return rows[0];
        });
      // The update's triggers mark from its new and its old rows; the insert's found no rows.
      assert.deepEqual(calls, { boards: 2, players: 2 });
    });

    void test("each later night a complete card reaches adds its own reads only: the league's roster and entry size are read once", async () => {
      assert.ok(harness !== undefined);
      const h = harness;
      /** Statements of a change to a complete card on a league's first of `nights` net nights. */
      const completeCardChanged = async (nights: number) => {
        const setup = await leagueNight(h, { golfers: ['Al', 'Bo'] });
        const net = { netScoring: true, strokeIndex: [3, 5, 9, 1, 7, 4, 8, 2, 6] };
        await patchEvent(h.database.db, setup.org.slug, setup.event.id, net);
        for (let night = 1; night < nights; night += 1) {
          const later = await createNight(
            h,
            setup.org,
            setup.league,
            new Date(Date.UTC(2026, 5, 16 + 7 * night, 22)).toISOString().replace('.000Z', 'Z'),
          );
          await patchEvent(h.database.db, setup.org.slug, later.id, { pars: NINE_PARS, ...net });
        }
        await score(h, setup, 'Al', fullCard(5));
        const before = counter.read().statements;
        await score(h, setup, 'Al', fullCard(6));
        return counter.read().statements - before;
      };
      const [one, two, four] = [
        await completeCardChanged(1),
        await completeCardChanged(2),
        await completeCardChanged(4),
      ];
      // A later night's own: its cards, set handicaps and earlier cards, its boards stored.
      assert.equal(two - one, 4);
      assert.equal(four - two, 8);
    });
  });
}
