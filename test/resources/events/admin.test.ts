import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { AdminEvent } from '../../../src/resources/events/schema.js';
import { publicLeague } from '../../support/admin.js';
import { assertInvalid, assertPlainText } from '../../support/assertions.js';
import {
  createEvent,
  createEventResponse,
  detail,
  iso,
  list,
  patchEvent,
} from '../../support/events.js';
import { NO_LIMITS, describeOnDatabases, unique } from '../../support/harness.js';

describeOnDatabases(
  'admin event create and patch validation',
  (harness) => {
    void test('create answers 201 with the event, its org-local day and its league link', async () => {
      const h = harness();
      const org = await h.org({ timezone: 'America/Chicago' });
      const league = await h.league(org);
      const slug = unique('event');
      const response = await createEventResponse(h, org, {
        slug,
        title: 'Opening Night',
        eventType: 'league-night',
        status: 'published',
        startDate: '2026-04-07T03:30:00Z',
        endDate: '2026-04-07T00:00',
        tags: ['twilight', 'twilight'],
        eventSeriesId: league.id,
      });
      assert.equal(response.statusCode, 201, response.body);
      const created = response.json<AdminEvent>();
      assert.ok(Number.isInteger(created.id));
      assert.equal(created.slug, slug);
      assert.equal(created.localDate, '2026-04-06', 'the Chicago day of the start');
      assert.equal(created.startDate, '2026-04-06T22:30:00-05:00', 'on the Chicago clock');
      assert.equal(created.endDate, '2026-04-07T00:00:00-05:00', 'read on the Chicago clock');
      assert.deepEqual(created.tags, ['twilight']);
      assert.equal(created.eventSeriesId, league.id);
    });

    void test('endDate before startDate is 422 on create and on patch', async () => {
      const h = harness();
      const org = await h.org();
      const response = await createEventResponse(h, org, {
        slug: unique('event'),
        title: 'Backwards',
        eventType: 'tournament',
        status: 'published',
        startDate: '2026-07-02T18:00:00Z',
        endDate: '2026-07-01T18:00:00Z',
      });
      assertInvalid(response, ['endDate']);

      const event = await createEvent(h, org, { startDate: '2026-07-02T18:00:00Z' });
      assertInvalid(await patchEvent(h, org, event.id, { endDate: '2026-07-01T18:00:00Z' }), [
        'endDate',
      ]);
      const moved = await patchEvent(h, org, event.id, {
        endDate: '2026-07-03T18:00:00Z',
      });
      assert.equal(moved.statusCode, 200, moved.body);
      assertInvalid(await patchEvent(h, org, event.id, { startDate: '2026-07-04T18:00:00Z' }), [
        'endDate',
      ]);
      const same = await createEvent(h, org, {
        startDate: '2026-07-05T18:00:00Z',
        endDate: '2026-07-05T18:00:00Z',
      });
      assert.equal(
        iso(same.endDate ?? ''),
        iso('2026-07-05T18:00:00Z'),
        'ending as it starts is allowed',
      );
    });

    void test('a startDate or endDate that is not a date-time is 422', async () => {
      const h = harness();
      const org = await h.org();
      const base = {
        slug: unique('event'),
        title: 'Bad Date',
        eventType: 'tournament',
        status: 'published',
      };
      for (const startDate of [
        'tomorrow',
        '2026-07-01',
        '2026-13-01T18:00:00Z',
        '2026-02-30T18:00',
        '2026-07-01T24:00',
      ]) {
        assertInvalid(await createEventResponse(h, org, { ...base, startDate }), ['startDate']);
      }
      for (const startDate of ['2026-02-30T18:00', 'July 1st']) {
        const refused = await createEventResponse(h, org, { ...base, startDate });
        assert.match(refused.body, /YYYY-MM-DDTHH:MM, read on the organization’s clock/);
      }
      assertInvalid(
        await createEventResponse(h, org, {
          ...base,
          startDate: '2026-07-01T18:00:00Z',
          endDate: 'later',
        }),
        ['endDate'],
      );
      const event = await createEvent(h, org);
      assertInvalid(await patchEvent(h, org, event.id, { startDate: 'soon' }), ['startDate']);
      assert.equal((await list(h, org.slug)).count, 1, 'no bad event was stored');
    });

    void test('an unknown eventSeriesId or another org’s league is 422, and nothing is stored', async () => {
      const h = harness();
      const org = await h.org();
      const otherOrg = await h.org();
      const foreign = await h.league(otherOrg);
      const slug = unique('event');
      const body = {
        slug,
        title: 'Misfiled',
        eventType: 'tournament',
        status: 'published',
        startDate: '2026-07-01T18:00:00Z',
      };
      assertInvalid(await createEventResponse(h, org, { ...body, eventSeriesId: 2_000_000_000 }), [
        'eventSeriesId',
      ]);
      assertInvalid(await createEventResponse(h, org, { ...body, eventSeriesId: foreign.id }), [
        'eventSeriesId',
      ]);
      assert.equal((await publicLeague(h, otherOrg, foreign.slug)).linkedEventCount, 0);

      const created = await createEventResponse(h, org, body);
      assert.equal(created.statusCode, 201, 'the slug was not taken by a refused create');
      const event = created.json<AdminEvent>();
      assertInvalid(await patchEvent(h, org, event.id, { eventSeriesId: foreign.id }), [
        'eventSeriesId',
      ]);
      assertInvalid(await patchEvent(h, org, event.id, { eventSeriesId: 2_000_000_000 }), [
        'eventSeriesId',
      ]);
      assert.equal((await publicLeague(h, otherOrg, foreign.slug)).linkedEventCount, 0);
      assert.ok(!('eventSeries' in (await detail(h, org.slug, slug))));
    });

    void test('a duplicate slug in the same org is 409 on create and on patch; another org may reuse it', async () => {
      const h = harness();
      const org = await h.org();
      const otherOrg = await h.org();
      const taken = await createEvent(h, org, { title: 'First' });
      const duplicate = await createEventResponse(h, org, {
        slug: taken.slug,
        title: 'Second',
        eventType: 'tournament',
        status: 'published',
        startDate: '2026-08-01T18:00:00Z',
      });
      assertPlainText(duplicate, 409);
      assert.equal((await detail(h, org.slug, taken.slug)).title, 'First');

      const elsewhere = await createEvent(h, otherOrg, { slug: taken.slug });
      assert.equal(elsewhere.slug, taken.slug);

      const other = await createEvent(h, org);
      assertPlainText(await patchEvent(h, org, other.id, { slug: taken.slug }), 409);
      assert.equal((await detail(h, org.slug, other.slug)).id, other.id);
    });

    void test('patching an unknown event or another org’s event is 404', async () => {
      const h = harness();
      const org = await h.org();
      const otherOrg = await h.org();
      const foreign = await createEvent(h, otherOrg);
      assertPlainText(await patchEvent(h, org, 2_000_000_000, { title: 'Nope' }), 404);
      assertPlainText(await patchEvent(h, org, foreign.id, { title: 'Nope' }), 404);
      assert.equal((await detail(h, otherOrg.slug, foreign.slug)).title, 'Club Night');
    });
  },
  NO_LIMITS,
);
