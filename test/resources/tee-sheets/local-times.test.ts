import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { AdminEvent } from '../../../src/resources/events/schema.js';
import type { AdminTeeSheet, PublicTeeSheet } from '../../../src/resources/tee-sheets/schema.js';
import { assertInvalid } from '../../support/assertions.js';
import { ADMIN, PUBLIC, describeOnDatabases } from '../../support/harness.js';
import { golferNamed, leagueNight, type NightSetup } from '../../support/score-cards.js';

/**
 * Tee times in admin bodies and answers (decisions §23): a local date-time is read on the
 * club's clock, an offset or Z is taken as given, and answers carry the club's offset. The
 * nights are in Chicago, at −05:00 in June.
 */

const sheetUrl = (night: NightSetup) =>
  `${ADMIN}/orgs/${night.org.slug}/events/${night.event.id}/tee-sheet`;

async function publicSheet(h: Parameters<typeof leagueNight>[0], night: NightSetup) {
  const response = await h.inject({
    method: 'GET',
    url: `${PUBLIC}/orgs/${night.org.slug}/events/${night.event.slug}/tee-sheet`,
  });
  assert.equal(response.statusCode, 200, response.body);
  return response.json<PublicTeeSheet>();
}

describeOnDatabases('tee sheets: times on the club’s clock', (harness) => {
  void test('a bare local time lands at the club’s instant; an offset or Z is honoured; answers carry the offset', async () => {
    const h = harness();
    const night = await leagueNight(h, { golfers: ['Al', 'Bo', 'Cy', 'Di'] });
    const [al, bo, cy, di] = ['Al', 'Bo', 'Cy', 'Di'].map((name) => golferNamed(night, name).id);
    const response = await h.admin('PUT', sheetUrl(night), {
      format: 'tee-times',
      groups: [
        { startTime: '2026-06-16T17:30', startingHole: 1, userIds: [al] },
        { startTime: '2026-06-16T17:40:00-04:00', startingHole: 1, userIds: [bo] },
        { startTime: '2026-06-16T23:00Z', startingHole: 9, userIds: [cy] },
        { startTime: '18:15', startingHole: 9, userIds: [di] },
      ],
    });
    assert.equal(response.statusCode, 200, response.body);
    assert.deepEqual(
      response.json<AdminTeeSheet>().groups.map((group) => group.startTime),
      [
        '2026-06-16T17:30:00-05:00',
        '2026-06-16T16:40:00-05:00',
        '2026-06-16T18:00:00-05:00',
        '2026-06-16T18:15:00-05:00',
      ],
    );
    assert.deepEqual(
      (await publicSheet(h, night)).groups.map((group) => group.startTime),
      [
        '2026-06-16T22:30:00.000Z',
        '2026-06-16T21:40:00.000Z',
        '2026-06-16T23:00:00.000Z',
        '2026-06-16T23:15:00.000Z',
      ],
      'the public read is unchanged: instants in UTC',
    );
    const event = await h.admin('GET', `${ADMIN}/orgs/${night.org.slug}/events/${night.event.id}`);
    assert.equal(event.statusCode, 200, event.body);
    assert.equal(
      event.json<AdminEvent & { teeSheet: AdminTeeSheet }>().teeSheet.groups[0]?.startTime,
      '2026-06-16T17:30:00-05:00',
      'the admin event read gives the sheet on the club’s clock too',
    );
  });

  void test('a generated sheet’s first start may be a bare local time', async () => {
    const h = harness();
    const night = await leagueNight(h, { golfers: ['Al', 'Bo'] });
    const response = await h.admin('POST', `${sheetUrl(night)}/generate`, {
      format: 'tee-times',
      firstStart: '2026-06-16T18:00',
      intervalMinutes: 8,
      groupSize: 1,
    });
    assert.equal(response.statusCode, 200, response.body);
    assert.deepEqual(
      response.json<AdminTeeSheet>().groups.map((group) => group.startTime),
      ['2026-06-16T18:00:00-05:00', '2026-06-16T18:08:00-05:00'],
    );
    assert.equal((await publicSheet(h, night)).groups[0]?.startTime, '2026-06-16T23:00:00.000Z');
  });

  void test('a time that is none is refused with the rule in words, and nothing is stored', async () => {
    const h = harness();
    const night = await leagueNight(h, { golfers: ['Al'] });
    const al = golferNamed(night, 'Al').id;
    for (const startTime of [
      '5:30pm',
      '2026-06-16',
      '2026-06-16 17:30',
      '2026-06-16T24:00',
      '2026-02-30T17:30',
      '1899-12-31T17:30',
      '',
    ]) {
      const response = await h.admin('PUT', sheetUrl(night), {
        format: 'tee-times',
        groups: [{ startTime, userIds: [al] }],
      });
      const rule = assertInvalid(response, ['groups.0.startTime'])['groups.0.startTime'] ?? '';
      assert.equal(
        rule,
        'must be a time of day on the event’s day, HH:MM (e.g. 17:30), or a date and time, ' +
          'YYYY-MM-DDTHH:MM, read on the organization’s clock (e.g. 2027-04-06T17:30), or one ' +
          'with an offset or Z (e.g. 2027-04-06T17:30:00-05:00)',
        `${JSON.stringify(startTime)}: ${response.body}`,
      );
    }
    const generated = await h.admin('POST', `${sheetUrl(night)}/generate`, {
      format: 'shotgun',
      firstStart: '2026-06-16T17:30+5',
      groupSize: 1,
    });
    assert.match(
      assertInvalid(generated, ['firstStart']).firstStart ?? '',
      /^must be a time of day on the event’s day, HH:MM/,
    );
    assert.deepEqual(await publicSheet(h, night), { format: null, groups: [] });
  });
});
