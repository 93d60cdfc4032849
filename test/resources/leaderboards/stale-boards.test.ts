import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { after, before, test } from 'node:test';
import { sql, type KyselyPlugin, type RootOperationNode } from 'kysely';
import pg from 'pg';
import type { DatabaseHandle } from '../../../src/db/connection.js';
import type { Executor } from '../../../src/db/executor.js';
import type { Event } from '../../../src/db/schema.js';
import {
  addEventEntry,
  createEvent,
  patchEvent,
  removeEventEntry,
} from '../../../src/resources/events/service.js';
import {
  getLeaderboards,
  postLeaderboardResults,
  putPlayingHandicaps,
  putScoreCard,
  rebuildStaleLeaderboards,
  removeScoreCard,
} from '../../../src/resources/leaderboards/service.js';
import { patchLeague } from '../../../src/resources/leagues/service.js';
import { createOrg } from '../../../src/resources/orgs/service.js';
import {
  completeRegistration,
  deleteTeam,
  withdrawRegistration,
} from '../../../src/resources/registrations/service.js';
import { createSeries } from '../../../src/resources/standings/service.js';
import { putTeeSheet } from '../../../src/resources/tee-sheets/service.js';
import { createUser } from '../../../src/resources/users/service.js';
import { writeTransaction } from '../../../src/resources/transaction.js';
import { TARGETS } from '../../support/databases.js';
import {
  describeOnDatabases,
  describeUnlessSkipped,
  newLeague,
  unique,
} from '../../support/harness.js';
import { NINE_PARS, card, fullCard, leagueNight } from '../../support/score-cards.js';

// Stored boards are derived state: triggers mark the boards a change reaches, and every
// service write rebuilds what is marked before it commits (migration 006, `writeTransaction`).

async function staleMarks(db: Executor): Promise<number> {
  const { rows } = await sql<{ count: number }>`
    select count(*)::integer as count from stale_leaderboards
  `.execute(db);
  return rows[0]?.count ?? 0;
}

class Rollback extends Error {}

/** The event's boards as they would be built now from the data, without keeping them. */
async function freshBoards(db: Executor, event: Event) {
  let boards: Awaited<ReturnType<typeof getLeaderboards>>['leaderboards'] = [];
  await db
    .transaction()
    .execute(async (trx) => {
      await sql`insert into stale_leaderboards (event_id) values (${event.id})
        on conflict do nothing`.execute(trx);
      await rebuildStaleLeaderboards(trx);
      boards = (await getLeaderboards(trx, event)).leaderboards;
      throw new Rollback();
    })
    .catch((error: unknown) => {
      if (!(error instanceof Rollback)) throw error;
    });
  return boards;
}

/** The tables a Kysely query names, wherever in the query they appear. */
function tablesIn(node: unknown, found: Set<string>): void {
  if (typeof node !== 'object' || node === null) return;
  const record = node as Record<string, unknown>;
  if (record.kind === 'TableNode') {
    const table = record.table as { identifier: { name: string } };
    found.add(table.identifier.name);
  }
  for (const value of Object.values(record)) tablesIn(value, found);
}

/** Notes every table the queries of a Kysely instance name. */
class TablesRead implements KyselyPlugin {
  readonly tables = new Set<string>();

  transformQuery({ node }: { node: RootOperationNode }): RootOperationNode {
    tablesIn(node, this.tables);
    return node;
  }

  async transformResult<R>({ result }: { result: R }): Promise<R> {
    return Promise.resolve(result);
  }
}

/** The schema's tables, and those carrying a trigger that marks boards stale. */
async function schemaTables(database: DatabaseHandle) {
  const { rows } = await sql<{ name: string; marks: boolean }>`
    select c.relname as name, exists (
      select from pg_trigger t
      where t.tgrelid = c.oid and t.tgname like 'leaderboards_stale_on_%'
    ) as marks
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = ${database.schema} and c.relkind = 'r'
  `.execute(database.db);
  return {
    all: new Set(rows.map((row) => row.name)),
    marked: new Set(rows.filter((row) => row.marks).map((row) => row.name)),
  };
}

for (const target of TARGETS) {
  describeUnlessSkipped(`stored boards: every write rebuilds [${target.name}]`, target.skip, () => {
    // No app runs here: nothing rebuilds after the fact, so a write that skipped the
    // rebuild leaves its marks and a stale board behind.
    let database: DatabaseHandle | undefined;
    before(async () => {
      database = await target.open();
    });
    after(async () => {
      await database?.close();
    });

    void test('every table a board is built from carries the marking triggers', async () => {
      assert.ok(database !== undefined);
      const db = database.db;
      const org = await createOrg(db, { slug: unique('org'), name: 'Club', timezone: 'UTC' });
      const users = [];
      for (const firstName of ['Al', 'Bo']) {
        users.push(
          await createUser(db, {
            email: `${unique(firstName)}@example.com`,
            firstName,
            lastName: 'G',
          }),
        );
      }
      const [al, bo] = users;
      assert.ok(al !== undefined && bo !== undefined);
      const league = await newLeague(db, org, { name: 'Pairs', feeMembersCents: 0, entrySize: 2 });
      await completeRegistration(db, {
        orgSlug: org.slug,
        leagueId: league.id,
        userId: al.id,
        teamName: 'Eagles',
      });
      const night = {
        slug: unique('night'),
        title: 'Night',
        eventType: 'league-night',
        status: 'published' as const,
        startDate: '2026-06-16T22:00:00Z',
        pars: NINE_PARS,
        netScoring: true,
      };
      const { event: leagueNight } = await createEvent(db, org.slug, {
        ...night,
        eventSeriesId: league.id,
      });
      const { event: ownEvent } = await createEvent(db, org.slug, {
        ...night,
        slug: unique('open'),
      });
      await addEventEntry(db, { orgSlug: org.slug, eventId: ownEvent.id, userId: bo.id });
      await putScoreCard(db, {
        orgSlug: org.slug,
        eventId: leagueNight.id,
        userId: al.id,
        holes: card(4),
      });

      const reader = new TablesRead();
      const reading = db.withPlugin(reader);
      await reading.transaction().execute(async (trx) => {
        for (const event of [leagueNight, ownEvent]) {
          await sql`insert into stale_leaderboards (event_id) values (${event.id})`.execute(trx);
        }
        await rebuildStaleLeaderboards(trx);
      });
      // Column references name aliases as tables too; only the schema's tables count.
      const tables = await schemaTables(database);
      const built = [...reader.tables].filter(
        (table) =>
          tables.all.has(table) && table !== 'event_leaderboards' && table !== 'stale_leaderboards',
      );
      for (const table of [
        'score_cards',
        'roster_entries',
        'event_entries',
        'users',
        'teams',
        'event_handicaps',
      ]) {
        assert.ok(built.includes(table), `the board builder reads ${table}: ${built.join(', ')}`);
      }
      assert.deepEqual(
        built.filter((table) => !tables.marked.has(table)),
        [],
        'tables a board is built from without a trigger marking it stale',
      );
    });

    void test('a write through each service leaves no mark and no stale board', async () => {
      assert.ok(database !== undefined);
      const db = database.db;
      const org = await createOrg(db, { slug: unique('org'), name: 'Club', timezone: 'UTC' });
      const golfer = (firstName: string) =>
        createUser(db, { email: `${unique(firstName)}@example.com`, firstName, lastName: 'G' });
      const [al, bo, cy] = [await golfer('Al'), await golfer('Bo'), await golfer('Cy')];
      const league = await newLeague(db, org, { name: 'Pairs', feeMembersCents: 0, entrySize: 2 });
      const base = {
        title: 'Night',
        eventType: 'league-night',
        status: 'published' as const,
        startDate: '2026-06-16T22:00:00Z',
        pars: NINE_PARS,
        netScoring: true,
      };
      const { event: night } = await createEvent(db, org.slug, {
        ...base,
        slug: unique('night'),
        eventSeriesId: league.id,
      });
      const { event: open } = await createEvent(db, org.slug, { ...base, slug: unique('open') });
      const series = await createSeries(db, org.slug, { name: 'Merit', scope: 'overall' });
      const at = { orgSlug: org.slug, eventId: night.id };
      const { teamId } = await completeRegistration(db, {
        orgSlug: org.slug,
        leagueId: league.id,
        userId: al.id,
        teamName: 'Eagles',
      });
      assert.ok(teamId !== null);

      const writes: [string, () => Promise<unknown>][] = [
        [
          'a registration joining a team',
          () =>
            completeRegistration(db, {
              orgSlug: org.slug,
              leagueId: league.id,
              userId: bo.id,
              teamId,
            }),
        ],
        ['a score card', () => putScoreCard(db, { ...at, userId: al.id, holes: card(3, 4) })],
        [
          'a tee sheet',
          () =>
            putTeeSheet(db, {
              ...at,
              sheet: { format: 'shotgun', groups: [{ startingHole: 1, userIds: [al.id, bo.id] }] },
            }),
        ],
        ['new pars', () => patchEvent(db, org.slug, night.id, { pars: [...NINE_PARS].reverse() })],
        [
          'a stroke index',
          () => patchEvent(db, org.slug, night.id, { strokeIndex: [9, 8, 7, 6, 5, 4, 3, 2, 1] }),
        ],
        [
          'playing handicaps',
          () => putPlayingHandicaps(db, { ...at, handicaps: { [String(al.id)]: 7 } }),
        ],
        ['a league renamed', () => patchLeague(db, org.slug, league.id, { name: 'Pairs Cup' })],
        [
          'results posted',
          () => postLeaderboardResults(db, { ...at, seriesId: series.id, points: [10, 5] }),
        ],
        [
          'a withdrawal',
          () => withdrawRegistration(db, { orgSlug: org.slug, leagueId: league.id, userId: bo.id }),
        ],
        ['a card removed', () => removeScoreCard(db, { ...at, userId: al.id })],
        [
          'a team deleted',
          () => deleteTeam(db, { orgSlug: org.slug, leagueId: league.id, teamId }),
        ],
        [
          'an own entry',
          () => addEventEntry(db, { orgSlug: org.slug, eventId: open.id, userId: cy.id }),
        ],
        [
          'an own entry removed',
          () => removeEventEntry(db, { orgSlug: org.slug, eventId: open.id, userId: cy.id }),
        ],
        [
          'a league night unlinked',
          () => patchEvent(db, org.slug, night.id, { eventSeriesId: null }),
        ],
      ];
      for (const [what, write] of writes) {
        const before = await getLeaderboards(db, night);
        await write();
        assert.equal(await staleMarks(db), 0, `${what}: marks left after commit`);
        for (const event of [night, open]) {
          const current = await db
            .selectFrom('events')
            .selectAll()
            .where('id', '=', event.id)
            .executeTakeFirstOrThrow();
          assert.deepEqual(
            (await getLeaderboards(db, current)).leaderboards,
            await freshBoards(db, current),
            `${what}: the stored board of ${event.slug} is stale`,
          );
        }
        assert.ok((await getLeaderboards(db, night)).version >= before.version);
      }
    });

    void test('a card marks later net nights and the night’s other golfers only when complete', async () => {
      assert.ok(database !== undefined);
      const db = database.db;
      const org = await createOrg(db, { slug: unique('org'), name: 'Club', timezone: 'UTC' });
      const golfer = (firstName: string) =>
        createUser(db, { email: `${unique(firstName)}@example.com`, firstName, lastName: 'G' });
      const [al, bo] = [await golfer('Al'), await golfer('Bo')];
      const league = await newLeague(db, org, { feeMembersCents: 0 });
      for (const user of [al, bo]) {
        await completeRegistration(db, { orgSlug: org.slug, leagueId: league.id, userId: user.id });
      }
      const nightAt = async (startDate: string) =>
        (
          await createEvent(db, org.slug, {
            slug: unique('night'),
            title: 'Night',
            eventType: 'league-night',
            status: 'published',
            startDate,
            pars: NINE_PARS,
            netScoring: true,
            eventSeriesId: league.id,
          })
        ).event;
      const tonight = await nightAt('2026-06-16T22:00:00Z');
      const nextWeek = await nightAt('2026-06-23T22:00:00Z');
      await putScoreCard(db, {
        orgSlug: org.slug,
        eventId: tonight.id,
        userId: bo.id,
        holes: fullCard(),
      });

      const cy = await golfer('Cy');
      const write = (userId: number, holes: (number | null)[]) => sql`
        insert into score_cards (event_id, user_id, holes) values (${tonight.id}, ${userId}, ${holes})
        on conflict (event_id, user_id) do update set holes = excluded.holes`;
      /** What a statement run as in psql marks, before anything rebuilds it. */
      const marksOf = async (statement: ReturnType<typeof sql>) => {
        let marks = { boards: [] as number[], golfers: [] as number[] };
        await db
          .transaction()
          .execute(async (trx) => {
            await statement.execute(trx);
            const boards = await sql<{ event_id: number }>`
              select event_id from stale_leaderboards order by event_id`.execute(trx);
            const golfers = await sql<{ user_id: number }>`
              select user_id from stale_players order by user_id`.execute(trx);
            marks = {
              boards: boards.rows.map((row) => row.event_id),
              golfers: golfers.rows.map((row) => row.user_id),
            };
            throw new Rollback();
          })
          .catch((error: unknown) => {
            if (!(error instanceof Rollback)) throw error;
          });
        return marks;
      };
      const everyone = [al.id, bo.id].sort((a, b) => a - b);

      assert.deepEqual(await marksOf(write(al.id, card(3, 4))), {
        boards: [tonight.id],
        golfers: [],
      });
      assert.deepEqual(
        await marksOf(write(cy.id, card(3, 4))),
        { boards: [tonight.id], golfers: [cy.id] },
        'a first card links a golfer without a profile to the org',
      );
      assert.deepEqual(await marksOf(write(al.id, fullCard(3))), {
        boards: [tonight.id, nextWeek.id],
        golfers: everyone,
      });
      await putScoreCard(db, {
        orgSlug: org.slug,
        eventId: tonight.id,
        userId: al.id,
        holes: card(3),
      });
      assert.deepEqual(await marksOf(write(al.id, card(3, 3))), {
        boards: [tonight.id],
        golfers: [],
      });
      assert.deepEqual(
        await marksOf(
          sql`delete from score_cards where event_id = ${tonight.id} and user_id = ${al.id}`,
        ),
        { boards: [tonight.id], golfers: [al.id] },
        'a card gone may end a link',
      );
      // A complete card made incomplete again changes what it counted for.
      await putScoreCard(db, {
        orgSlug: org.slug,
        eventId: tonight.id,
        userId: al.id,
        holes: fullCard(3),
      });
      assert.deepEqual(await marksOf(write(al.id, card(3))), {
        boards: [tonight.id, nextWeek.id],
        golfers: everyone,
      });
      // Whatever was marked or not, the stored boards are what the data gives.
      for (const holes of [card(3, 4), fullCard(5), card(5, 5)]) {
        await putScoreCard(db, { orgSlug: org.slug, eventId: tonight.id, userId: al.id, holes });
        for (const event of [tonight, nextWeek]) {
          assert.deepEqual(
            (await getLeaderboards(db, event)).leaderboards,
            await freshBoards(db, event),
            `after ${JSON.stringify(holes)}: the stored board of ${event.slug} is stale`,
          );
        }
      }
    });
  });
}

/** Runs a statement as an operator would in psql: on a connection of its own, tables by schema. */
async function outsideTheApp(database: DatabaseHandle, statement: string): Promise<void> {
  const url = process.env.DATABASE_URL;
  if (database.kind === 'pglite' || url === undefined) {
    await sql.raw(statement).execute(database.db);
    return;
  }
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

describeOnDatabases('stored boards: changes made outside the app', (harness) => {
  void test('a golfer renamed in the database is renamed on the stored boards', async () => {
    const h = harness();
    const night = await leagueNight(h, { teams: { Eagles: ['Al', 'Bo'] } });
    const al = night.golfers[0];
    assert.ok(al !== undefined);
    const before = await getLeaderboards(h.database.db, night.event);
    assert.ok(before.version > 0);
    const schema = h.database.schema;
    await outsideTheApp(
      h.database,
      `update "${schema}".users set first_name = 'Alfred' where id = ${al.id}`,
    );
    const deadline = Date.now() + 5000;
    let names: string[] = [];
    while (Date.now() < deadline) {
      const boards = await getLeaderboards(h.database.db, night.event);
      names = boards.leaderboards[0]?.rows.map((row) => row.name) ?? [];
      if (names.includes('Alfred Golfer')) {
        assert.ok(boards.version > before.version, 'the boards’ version moves');
        assert.equal(await staleMarks(h.database.db), 0);
        return;
      }
      await sleep(20);
    }
    assert.fail(`the stored board still names ${names.join(', ')}`);
  });

  void test('any write also rebuilds the marks that changes made elsewhere left', async () => {
    const h = harness();
    const night = await leagueNight(h, { golfers: ['Al'] });
    const before = await getLeaderboards(h.database.db, night.event);
    // An event's mark left behind, as by a change made while no app was running.
    await sql`insert into stale_leaderboards (event_id) values (${night.event.id})`.execute(
      h.database.db,
    );
    await writeTransaction(h.database.db, async () => undefined);
    assert.equal(await staleMarks(h.database.db), 0);
    assert.equal((await getLeaderboards(h.database.db, night.event)).version, before.version + 1);
  });
});
