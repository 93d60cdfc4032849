import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ValidationError } from '../../../src/domain/errors.js';
import { addEventEntry } from '../../../src/resources/events/service.js';
import { withdrawRegistration } from '../../../src/resources/registrations/service.js';
import {
  generateEventTeeSheet,
  getTeeSheet,
  putTeeSheet,
  removeTeeSheet,
} from '../../../src/resources/tee-sheets/service.js';
import { describeOnDatabases } from '../../support/harness.js';
import {
  createNight,
  golferNamed,
  leagueNight,
  rejectsInvalid,
  rejectsWith,
  type NightSetup,
} from '../../support/score-cards.js';

function ids(setup: NightSetup, ...firstNames: string[]): number[] {
  return firstNames.map((name) => golferNamed(setup, name).id);
}

describeOnDatabases('league nights: tee sheets', (harness) => {
  const at = (setup: NightSetup) => ({ orgSlug: setup.org.slug, eventId: setup.event.id });

  void test('a valid sheet is stored and read back with names, times in the org zone', async () => {
    const h = harness();
    const db = h.database.db;
    const night = await leagueNight(h, { teams: { Eagles: ['Al', 'Bo'], Hawks: ['Cy', 'Di'] } });
    const stored = await putTeeSheet(db, {
      ...at(night),
      sheet: {
        format: 'tee-times',
        groups: [
          { startTime: '17:30', startingHole: 1, userIds: ids(night, 'Cy', 'Di') },
          { startTime: '2026-06-16T17:40:00-05:00', userIds: ids(night, 'Bo', 'Al') },
        ],
      },
    });
    assert.deepEqual(stored, {
      format: 'tee-times',
      groups: [
        {
          startTime: '2026-06-16T17:30:00-05:00',
          startingHole: 1,
          userIds: ids(night, 'Cy', 'Di'),
        },
        {
          startTime: '2026-06-16T17:40:00-05:00',
          startingHole: null,
          userIds: ids(night, 'Bo', 'Al'),
        },
      ],
    });
    assert.deepEqual(await getTeeSheet(db, night.event), {
      format: 'tee-times',
      groups: [
        {
          startTime: '2026-06-16T22:30:00.000Z',
          startingHole: 1,
          players: [
            { name: 'Cy Golfer', teamName: 'Hawks' },
            { name: 'Di Golfer', teamName: 'Hawks' },
          ],
        },
        {
          startTime: '2026-06-16T22:40:00.000Z',
          startingHole: null,
          players: [
            { name: 'Bo Golfer', teamName: 'Eagles' },
            { name: 'Al Golfer', teamName: 'Eagles' },
          ],
        },
      ],
    });
  });

  void test('an event without a sheet reads as no format and no groups', async () => {
    const h = harness();
    const night = await leagueNight(h, { golfers: ['Al'] });
    assert.deepEqual(await getTeeSheet(h.database.db, night.event), { format: null, groups: [] });
  });

  void test('a golfer outside the field, twice, or apart from their team: 422 naming the group', async () => {
    const h = harness();
    const db = h.database.db;
    const night = await leagueNight(h, { teams: { Eagles: ['Al', 'Bo'], Hawks: ['Cy', 'Di'] } });
    const stranger = await h.user();
    const other = await leagueNight(h, { golfers: ['Ed'] });
    const put = (groups: number[][]) =>
      putTeeSheet(db, {
        ...at(night),
        sheet: { format: 'shotgun', groups: groups.map((userIds) => ({ userIds })) },
      });

    await rejectsInvalid(put([ids(night, 'Al', 'Bo'), [stranger.id]]), {
      'groups.1.userIds': new RegExp(`golfer ${stranger.id} is not in the event's field`),
    });
    await rejectsInvalid(put([ids(other, 'Ed')]), {
      'groups.0.userIds': /not in the event's field/,
    });
    await rejectsInvalid(put([ids(night, 'Al', 'Bo'), ids(night, 'Cy', 'Di', 'Al')]), {
      'groups.1.userIds': /already in groups\.0/,
    });
    await rejectsInvalid(put([ids(night, 'Al', 'Cy'), ids(night, 'Bo', 'Di')]), {
      'groups.1.userIds': /team plays in groups\.0/,
    });
    assert.deepEqual(await getTeeSheet(db, night.event), { format: null, groups: [] });
  });

  void test('a withdrawn golfer is out of the field: refused, and dropped from a stored sheet', async () => {
    const h = harness();
    const db = h.database.db;
    const night = await leagueNight(h, { golfers: ['Al', 'Bo', 'Cy'] });
    await putTeeSheet(db, {
      ...at(night),
      sheet: {
        format: 'tee-times',
        groups: [{ startTime: '17:00', userIds: ids(night, 'Al', 'Bo', 'Cy') }],
      },
    });
    await withdrawRegistration(db, {
      orgSlug: night.org.slug,
      leagueId: night.league.id,
      userId: golferNamed(night, 'Bo').id,
    });
    const sheet = await getTeeSheet(db, night.event);
    assert.deepEqual(
      sheet.groups.map((group) => group.players.map((player) => player.name)),
      [['Al Golfer', 'Cy Golfer']],
    );
    await rejectsInvalid(
      putTeeSheet(db, {
        ...at(night),
        sheet: { format: 'tee-times', groups: [{ userIds: ids(night, 'Bo') }] },
      }),
      { 'groups.0.userIds': /not in the event's field/ },
    );
  });

  void test('generation keeps teams together in registration order', async () => {
    const h = harness();
    const db = h.database.db;
    const night = await leagueNight(h, {
      teams: {
        Eagles: ['Al', 'Bo'],
        Hawks: ['Cy', 'Di', 'Ed'],
        Owls: ['Fi'],
        Rooks: ['Gus', 'Hal'],
      },
    });
    const sheet = await generateEventTeeSheet(db, {
      ...at(night),
      generate: { format: 'tee-times', firstStart: '17:00', intervalMinutes: 10, groupSize: 4 },
    });
    assert.deepEqual(sheet, {
      format: 'tee-times',
      groups: [
        {
          startTime: '2026-06-16T17:00:00-05:00',
          startingHole: 1,
          userIds: ids(night, 'Al', 'Bo', 'Fi'),
        },
        {
          startTime: '2026-06-16T17:10:00-05:00',
          startingHole: 1,
          userIds: ids(night, 'Cy', 'Di', 'Ed'),
        },
        {
          startTime: '2026-06-16T17:20:00-05:00',
          startingHole: 1,
          userIds: ids(night, 'Gus', 'Hal'),
        },
      ],
    });
    const read = await getTeeSheet(db, night.event);
    assert.deepEqual(
      read.groups.map((group) => group.players.map((player) => player.teamName)),
      [
        ['Eagles', 'Eagles', 'Owls'],
        ['Hawks', 'Hawks', 'Hawks'],
        ['Rooks', 'Rooks'],
      ],
    );
  });

  void test('a shotgun starts groups on holes 1, 2, 3 and fits the course', async () => {
    const h = harness();
    const db = h.database.db;
    const night = await leagueNight(h, { golfers: ['Al', 'Bo', 'Cy', 'Di', 'Ed'] });
    const generate = (groupSize: number) =>
      generateEventTeeSheet(db, {
        ...at(night),
        generate: { format: 'shotgun', firstStart: '18:00', groupSize },
      });
    const sheet = await generate(2);
    assert.deepEqual(
      sheet.groups.map((group) => [group.startTime, group.startingHole, group.userIds.length]),
      [
        ['2026-06-16T18:00:00-05:00', 1, 2],
        ['2026-06-16T18:00:00-05:00', 2, 2],
        ['2026-06-16T18:00:00-05:00', 3, 1],
      ],
    );
    // The course has 9 holes: a group each for five golfers fits; a starting hole 10 does not.
    assert.equal((await generate(1)).groups.length, 5);
    await rejectsInvalid(
      putTeeSheet(db, {
        ...at(night),
        sheet: { format: 'shotgun', groups: [{ startingHole: 10, userIds: ids(night, 'Al') }] },
      }),
      { 'groups.0.startingHole': /1 to 9/ },
    );
  });

  void test('generation refuses a team larger than a group, and bad settings', async () => {
    const h = harness();
    const db = h.database.db;
    const night = await leagueNight(h, { teams: { Eagles: ['Al', 'Bo', 'Cy'] } });
    const generate = (groupSize: number, firstStart = '17:00') =>
      generateEventTeeSheet(db, {
        ...at(night),
        generate: { format: 'tee-times', firstStart, intervalMinutes: 8, groupSize },
      });
    await rejectsInvalid(generate(2), { groupSize: /at least 3/ });
    await rejectsInvalid(generate(4, '5pm'), { firstStart: /HH:MM/ });
    assert.equal((await generate(3)).groups.length, 1);
  });

  void test('a new sheet replaces the old; delete removes it, then 404', async () => {
    const h = harness();
    const db = h.database.db;
    const night = await leagueNight(h, { golfers: ['Al', 'Bo'] });
    const put = (groups: number[][]) =>
      putTeeSheet(db, {
        ...at(night),
        sheet: { format: 'tee-times', groups: groups.map((userIds) => ({ userIds })) },
      });
    await put([ids(night, 'Al', 'Bo')]);
    await put([ids(night, 'Bo'), ids(night, 'Al')]);
    assert.deepEqual(
      (await getTeeSheet(db, night.event)).groups.map((group) => group.players.map((p) => p.name)),
      [['Bo Golfer'], ['Al Golfer']],
    );
    await removeTeeSheet(db, at(night));
    assert.deepEqual(await getTeeSheet(db, night.event), { format: null, groups: [] });
    await rejectsWith(removeTeeSheet(db, at(night)), 404);
  });

  void test('an event of its own: its entries are the field, team names only', async () => {
    const h = harness();
    const db = h.database.db;
    const org = await h.org();
    const event = await createNight(h, org, null);
    const [al, bo] = [await h.user({ firstName: 'Al' }), await h.user({ firstName: 'Bo' })];
    await addEventEntry(db, {
      orgSlug: org.slug,
      eventId: event.id,
      userId: al.id,
      teamName: 'Pair',
    });
    await addEventEntry(db, {
      orgSlug: org.slug,
      eventId: event.id,
      userId: bo.id,
      teamName: 'Pair',
    });
    // A team name is a label here, not a team that must play together.
    await putTeeSheet(db, {
      orgSlug: org.slug,
      eventId: event.id,
      sheet: { format: 'tee-times', groups: [{ userIds: [al.id] }, { userIds: [bo.id] }] },
    });
    const sheet = await getTeeSheet(db, event);
    assert.deepEqual(
      sheet.groups.map((group) => group.players.map((player) => player.teamName)),
      [['Pair'], ['Pair']],
    );
  });

  void test('an unknown event, or one of another org: 404', async () => {
    const h = harness();
    const db = h.database.db;
    const night = await leagueNight(h, { golfers: ['Al'] });
    const otherOrg = await h.org();
    const sheet = { format: 'tee-times', groups: [] };
    await rejectsWith(
      putTeeSheet(db, { orgSlug: otherOrg.slug, eventId: night.event.id, sheet }),
      404,
    );
    await rejectsWith(
      putTeeSheet(db, { orgSlug: night.org.slug, eventId: 2_000_000_000, sheet }),
      404,
    );
    const error = await putTeeSheet(db, { ...at(night), sheet: { format: 'x', groups: [] } }).catch(
      (caught: unknown) => caught,
    );
    assert.ok(error instanceof ValidationError);
    assert.deepEqual(Object.keys(error.errors), ['format']);
  });
});
