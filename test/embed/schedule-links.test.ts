import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { formatDateTimeRange } from '../../src/domain/display.js';
import { linkFor, linkTemplate } from '../../src/http/embed/options.js';
import { ADMIN, NO_LIMITS, describeOnDatabases, unique } from '../support/harness.js';

void describe('same-day ranges and link templates', () => {
  void test('a range on one day names the day once and the half of the day once', () => {
    const zone = 'America/Chicago';
    const now = new Date('2026-11-20T12:00:00Z');
    const cases: [string, string | null, string][] = [
      ['2026-11-26T00:00:00Z', '2026-11-26T04:00:00Z', 'Wed, Nov 25 · 6:00–10:00 pm'],
      ['2026-11-25T17:00:00Z', '2026-11-25T19:00:00Z', 'Wed, Nov 25 · 11:00 am–1:00 pm'],
      ['2026-11-26T00:00:00Z', null, 'Wed, Nov 25 · 6:00 pm'],
      [
        '2026-11-26T00:00:00Z',
        '2026-11-27T00:00:00Z',
        'Wed, Nov 25 · 6:00 pm – Thu, Nov 26 · 6:00 pm',
      ],
    ];
    for (const [start, end, expected] of cases) {
      const range = formatDateTimeRange(
        new Date(start),
        end === null ? null : new Date(end),
        zone,
        now,
      );
      assert.equal(range, expected);
    }
  });

  void test('link: http(s) URLs and root-relative paths with {slug}; anything else ignored', () => {
    const usable = [
      'https://club.example/event?id={slug}',
      'http://club.example/{slug}',
      '/news?post={slug}',
    ];
    for (const value of usable) assert.equal(linkTemplate(value), value);
    const ignored = [
      'javascript:alert(1)//{slug}',
      'JAVASCRIPT:alert(1)//{slug}',
      'data:text/html,{slug}',
      '//evil.example/{slug}',
      '/\\evil.example/{slug}',
      'https://club.example/no-slot',
      ' https://club.example/{slug}',
      'vbscript:{slug}',
      'club.example/{slug}',
    ];
    for (const value of ignored) assert.equal(linkTemplate(value), undefined, value);
    assert.equal(linkFor('/e?id={slug}', 'a b&c'), '/e?id=a%20b%26c');
  });
});

describeOnDatabases(
  'the schedule widget as clubs asked for it',
  (harness) => {
    void test('past nights quieter with their final board, tonight and next marked, one register per league, compact, calendar link', async () => {
      const h = harness();
      h.clock.now = new Date('2026-06-16T18:00:00Z');
      const org = await h.org({ timezone: 'America/Chicago' });
      const league = await h.league(org, {
        registrationOpensAt: '2026-05-01',
        registrationClosesAt: '2026-07-31',
      });
      const nights: Record<string, string> = {};
      for (const [name, start] of [
        ['past', '2026-06-09T23:00:00Z'],
        ['tonight', '2026-06-16T23:00:00Z'],
        ['next', '2026-06-23T23:00:00Z'],
        ['later', '2026-06-30T23:00:00Z'],
      ] as const) {
        nights[name] = unique(name);
        const response = await h.admin('POST', `${ADMIN}/orgs/${org.slug}/events`, {
          slug: nights[name],
          title: `Night ${name}`,
          eventType: 'league-night',
          status: 'published',
          startDate: start,
          endDate: new Date(Date.parse(start) + 4 * 3_600_000).toISOString(),
          eventSeriesId: league.id,
        });
        assert.equal(response.statusCode, 201, response.body);
      }
      const page = await h.inject({
        url: `/embed/schedule?org=${org.slug}&league=${league.slug}&actions=1&calendar=1&layout=compact`,
        headers: { host: 'widgets.example' },
      });
      assert.equal(page.statusCode, 200);
      const body = page.body;
      assert.equal(body.match(/<li class="past">/g)?.length, 1);
      assert.ok(
        body.includes(`href="/embed/leaderboard?org=${org.slug}&amp;event=${nights.past ?? ''}"`),
        'the past night links its final board',
      );
      assert.equal(body.match(/<li class="tonight">/g)?.length, 1);
      assert.equal(body.match(/<li class="next">/g)?.length, 1);
      assert.match(body, /Tonight<\/strong>/);
      assert.match(body, /Next<\/strong>/);
      assert.equal(body.match(/<form\s+class="register"/g)?.length, 1, 'one register per league');
      assert.match(body, /class="list compact"/);
      assert.match(body, /Tue, Jun 16 · 6:00–10:00 pm/);
      assert.ok(
        body.includes(
          `href="webcal://widgets.example/api/public/v1/orgs/${org.slug}/event-series/${league.slug}/calendar.ics"`,
        ),
      );
      assert.doesNotMatch(body, /<details>/, 'compact: one line per night');
    });
  },
  NO_LIMITS,
);
