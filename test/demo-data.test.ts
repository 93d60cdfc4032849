import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import type { Static } from 'typebox';
import {
  DEMO_INVITE_TOKEN,
  DEMO_LIVE_NIGHT_SLUG,
  DEMO_ORG_SLUG,
  demoCalendar,
  seedDemo,
} from '../src/cli/seed-demo.js';
import { addDays, weekday } from '../src/domain/dates.js';
import type { InviteResolution } from '../src/resources/invites/schema.js';
import type { Leaderboards } from '../src/resources/leaderboards/schema.js';
import type { StandingSeason } from '../src/resources/standings/schema.js';
import type { PublicTeeSheet } from '../src/resources/tee-sheets/schema.js';
import { PUBLIC, describeOnDatabases, type Harness } from './support/harness.js';

/**
 * What the demo data says about itself is true on whatever day it is seeded: the Tuesday
 * league plays on Tuesdays at 5:30 pm in the club's time zone, registration opens before
 * the first night, the league and its standings name the same season, and the README's
 * invite link resolves.
 */

const TIME_ZONE = 'America/Chicago';
const ORG = `/orgs/${DEMO_ORG_SLUG}`;

/** `Tue 17:30`: the weekday and wall-clock time of `instant` in the demo club's zone. */
function localWeekdayAndTime(instant: string): string {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: TIME_ZONE,
    weekday: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date(instant));
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    parts.find((candidate) => candidate.type === type)?.value;
  return `${part('weekday')} ${part('hour')}:${part('minute')}`;
}

function localDay(instant: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE }).format(new Date(instant));
}

void describe('the demo calendar, for every seeding day of a year and over New Year', () => {
  const days: string[] = [];
  for (let day = '2025-12-01'; day <= '2027-01-31'; day = addDays(day, 1)) days.push(day);

  void test('Tuesday nights: twelve Tuesdays a week apart, five before this week’s', () => {
    for (const today of days) {
      const nights = demoCalendar(today).tuesdayNights;
      assert.equal(nights.length, 12, today);
      for (const night of nights) assert.equal(weekday(night), 2, `${today}: ${night}`);
      for (const [index, night] of nights.slice(1).entries()) {
        assert.equal(night, addDays(nights[index] ?? '', 7), `${today}: weekly`);
      }
      const thisWeek = nights[5] ?? '';
      assert.ok(thisWeek >= today && thisWeek <= addDays(today, 6), `${today}: ${thisWeek}`);
    }
  });

  void test('registration opens before the first night and is open on the seeding day', () => {
    for (const today of days) {
      const { tuesdayNights, thursdayRounds, registration } = demoCalendar(today);
      const first = [tuesdayNights[0] ?? '', thursdayRounds[0] ?? ''].sort()[0] ?? '';
      assert.ok(registration.registrationOpensAt < first, `${today}: opens before ${first}`);
      assert.ok(registration.registrationOpensAt <= today, `${today}: already open`);
      assert.ok(registration.registrationClosesAt >= today, `${today}: still open`);
      assert.ok(registration.registrationClosesAt < (tuesdayNights.at(-1) ?? ''), today);
    }
  });

  void test('the season covers the nights and today, and is named after its years', () => {
    for (const today of days) {
      const { tuesdayNights, season } = demoCalendar(today);
      assert.equal(season.startDate, tuesdayNights[0], today);
      assert.equal(season.endDate, tuesdayNights.at(-1), today);
      assert.ok(season.startDate <= today && today <= season.endDate, today);
      const [first, last] = [season.startDate.slice(0, 4), season.endDate.slice(0, 4)];
      assert.equal(
        season.label,
        first === last ? `${first} Season` : `${first}–${last} Season`,
        today,
      );
    }
  });

  void test('Thursday rounds are Thursdays from this week on; the championship a weekend away', () => {
    for (const today of days) {
      const { thursdayRounds, championship } = demoCalendar(today);
      assert.equal(thursdayRounds.length, 4, today);
      for (const round of thursdayRounds) assert.equal(weekday(round), 4, `${today}: ${round}`);
      const first = thursdayRounds[0] ?? '';
      assert.ok(first >= today && first <= addDays(today, 6), `${today}: ${first}`);
      assert.equal(weekday(championship.firstDay), 6, today);
      assert.equal(championship.lastDay, addDays(championship.firstDay, 1), today);
      assert.ok(championship.firstDay >= addDays(today, 7), today);
    }
  });
});

interface Event {
  slug: string;
  status: string;
  courseListSummary: string | null;
  startDate: string;
  endDate?: string;
}

interface League {
  id: number;
  seasonLabel: string;
  scheduleLabel?: string;
  registrationOpensAt?: string;
  registrationClosesAt?: string;
}

/**
 * The demo seeded at `now` on a fresh database, read back through the public API.
 * `today` is the club's local day at `now`.
 */
function describeDemoSeededAt(now: string, today: string): void {
  describeOnDatabases(`the demo seeded at ${now} (${today} in Chicago)`, (harness) => {
    let h: Harness;
    before(async () => {
      h = harness();
      h.clock.now = new Date(now);
      await seedDemo(h.database.db, h.clock.now);
    });

    const get = async <T>(url: string): Promise<T> => {
      const response = await h.inject({ method: 'GET', url: `${PUBLIC}${url}` });
      assert.equal(response.statusCode, 200, `${url}: ${response.body}`);
      return response.json<T>();
    };
    const tuesdayNights = async () =>
      (
        await get<{ events: Event[] }>(`${ORG}/events?filter=all&eventSeries=tuesday-night-league`)
      ).events.sort((a, b) => a.startDate.localeCompare(b.startDate));

    void test('Tuesday league nights are Tuesdays at 5:30 pm in Chicago, summer time or not', async () => {
      const nights = await tuesdayNights();
      assert.equal(nights.length, 12);
      for (const night of nights) {
        assert.equal(localWeekdayAndTime(night.startDate), 'Tue 17:30', night.startDate);
      }
      // The nights span a daylight-saving change: 5:30 pm is 22:30 UTC in summer time,
      // 23:30 UTC in winter time.
      const utcTimes = new Set(nights.map((night) => night.startDate.slice(11, 16)));
      assert.deepEqual([...utcTimes].sort(), ['22:30', '23:30']);
      const league = await get<League>(`${ORG}/event-series/tuesday-night-league`);
      assert.equal(league.scheduleLabel, 'Tuesdays at 5:30 pm, shotgun start');
    });

    void test('nights before today are completed; tonight’s and later ones are to come', async () => {
      const nights = await tuesdayNights();
      for (const night of nights) {
        const day = localDay(night.startDate);
        assert.equal(night.status, day < today ? 'completed' : 'published', day);
      }
      assert.ok(
        nights.some((night) => localDay(night.startDate) >= today),
        'a night to come this week',
      );
    });

    void test('registration opens before the first night and is open today', async () => {
      const league = await get<League>(`${ORG}/event-series/tuesday-night-league`);
      const [first] = await tuesdayNights();
      assert.ok(first !== undefined && league.registrationOpensAt !== undefined);
      assert.ok(league.registrationOpensAt < localDay(first.startDate));
      assert.ok(league.registrationOpensAt <= today);
      assert.ok((league.registrationClosesAt ?? '') >= today);
      const start = await h.inject({
        method: 'POST',
        url: `${PUBLIC}${ORG}/event-series/${league.id}/register/start`,
      });
      assert.equal(start.statusCode, 200, start.body);
    });

    void test('the league and its standings name the same, current season', async () => {
      const league = await get<League>(`${ORG}/event-series/tuesday-night-league`);
      const standings = await get<{ standingSeries: { seasons: StandingSeason[] } | null }>(
        `${ORG}/event-series/tuesday-night-league/standings`,
      );
      const current = standings.standingSeries?.seasons.filter((season) => season.current);
      assert.deepEqual(
        current?.map((season) => season.name),
        [league.seasonLabel],
      );
    });

    void test('the Thursday scramble plays Thursdays at 6 pm; the championship a Saturday at 8 am', async () => {
      const rounds = await get<{ events: Event[] }>(
        `${ORG}/events?filter=all&eventSeries=thursday-scramble-pairs`,
      );
      assert.equal(rounds.events.length, 4);
      for (const round of rounds.events) {
        assert.equal(localWeekdayAndTime(round.startDate), 'Thu 18:00', round.startDate);
      }
      const championship = await get<Event>(`${ORG}/events/club-championship`);
      assert.equal(localWeekdayAndTime(championship.startDate), 'Sat 08:00');
      assert.equal(localWeekdayAndTime(championship.endDate ?? ''), 'Sun 17:00');
    });

    void test('this week’s night is scored live: a course, a shotgun tee sheet, cards in progress', async () => {
      const nights = await tuesdayNights();
      const thisWeek = nights.find((night) => localDay(night.startDate) >= today);
      assert.equal(thisWeek?.slug, DEMO_LIVE_NIGHT_SLUG);
      for (const night of nights) {
        assert.equal(night.courseListSummary, 'Cedar Ridge, front nine');
      }
      const live = `${ORG}/events/${DEMO_LIVE_NIGHT_SLUG}`;
      const sheet = await get<Static<typeof PublicTeeSheet>>(`${live}/tee-sheet`);
      assert.equal(sheet.format, 'shotgun');
      assert.deepEqual(
        sheet.groups.map((group) => [group.startingHole, group.players.length]),
        [
          [1, 2],
          [2, 2],
          [3, 2],
        ],
      );
      for (const group of sheet.groups) {
        assert.equal(localWeekdayAndTime(group.startTime ?? ''), 'Tue 17:30');
      }
      const { version, leaderboards } = await get<Static<typeof Leaderboards>>(
        `${live}/leaderboard`,
      );
      assert.ok(version > 0);
      const [board] = leaderboards;
      assert.ok(board, 'an individual board');
      assert.equal(board.par, 36);
      const { rows } = board;
      assert.equal(rows.length, 6, 'the whole field');
      const started = rows.filter((row) => row.thru > 0);
      assert.equal(started.length, 5);
      assert.ok(
        started.every((row) => row.thru < 9 && row.position !== null),
        'under way',
      );
      assert.equal(rows.at(-1)?.position, null, 'one golfer has not started');
    });

    void test('the demo invite link resolves to an open invite', async () => {
      const invite = await get<InviteResolution>(`/event-series-invites/${DEMO_INVITE_TOKEN}`);
      assert.equal(invite.team.name, 'Bogey Free');
      assert.equal(invite.accepted, false);
    });
  });
}

// A Tuesday evening before the clocks spring forward (2026-03-08): tonight's night has
// just started, and later nights are in summer time.
describeDemoSeededAt('2026-03-03T23:45:00Z', '2026-03-03');
// A Wednesday before the clocks fall back (2026-11-01): last night was a league night, and
// this week's is next Tuesday, in winter time.
describeDemoSeededAt('2026-10-29T03:00:00Z', '2026-10-28');
