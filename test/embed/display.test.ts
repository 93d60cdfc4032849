import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  AA_TEXT_CONTRAST,
  BLACK,
  WHITE,
  accentPalette,
  contrastRatio,
  hexColour,
  parseHexColour,
  readableOn,
  textOn,
} from '../../src/domain/colours.js';
import {
  formatDateTime,
  formatDay,
  formatDayRange,
  formatMoney,
  formatTime,
  formatToPar,
  leagueStage,
  spotsLeftWords,
  type LeagueStageInput,
} from '../../src/domain/display.js';
import { escapeHtml, html } from '../../src/http/embed/html.js';

void describe('colours', () => {
  void test('parses #rrggbb in either case and nothing else', () => {
    const cases: [string, string | null][] = [
      ['#1f6f43', '#1f6f43'],
      ['#FFAA00', '#ffaa00'],
      ['#fff', null],
      ['1f6f43', null],
      ['#1f6f4', null],
      ['#1f6f43 ', null],
      ['#gg0000', null],
      ['red', null],
    ];
    for (const [input, expected] of cases) {
      const parsed = parseHexColour(input);
      assert.equal(parsed === null ? null : hexColour(parsed), expected, input);
    }
  });

  void test('contrast ratios match the WCAG figures', () => {
    assert.equal(contrastRatio(WHITE, BLACK), 21);
    assert.equal(contrastRatio(WHITE, WHITE), 1);
    // #767676 on white is the well-known lightest grey that passes AA (4.54:1).
    const grey = parseHexColour('#767676');
    assert.ok(grey !== null);
    assert.equal(contrastRatio(grey, WHITE).toFixed(2), '4.54');
  });

  void test('text on an accent is white or black, whichever reads at AA', () => {
    const cases: [string, string][] = [
      ['#000000', '#ffffff'],
      ['#ffffff', '#000000'],
      ['#1f6f43', '#ffffff'],
      ['#ffd700', '#000000'],
      ['#777777', '#000000'],
      ['#0000ff', '#ffffff'],
      ['#ff0000', '#000000'],
    ];
    for (const [background, expected] of cases) {
      const parsed = parseHexColour(background);
      assert.ok(parsed !== null);
      assert.equal(hexColour(textOn(parsed)), expected, background);
    }
  });

  void test('every accent gets AA pairs: text on it, and it as text on white', () => {
    // Every 17th step of each channel: 4,096 colours, pure and mixed.
    for (let r = 0; r <= 255; r += 17) {
      for (let g = 0; g <= 255; g += 17) {
        for (let b = 0; b <= 255; b += 17) {
          const accent = { r, g, b };
          const palette = accentPalette(accent);
          const on = parseHexColour(palette.onAccent);
          const text = parseHexColour(palette.accentText);
          assert.ok(on !== null && text !== null);
          const name = hexColour(accent);
          assert.ok(contrastRatio(on, accent) >= AA_TEXT_CONTRAST, `${name} text`);
          assert.ok(contrastRatio(text, WHITE) >= AA_TEXT_CONTRAST, `${name} on white`);
        }
      }
    }
  });

  void test('a readable accent is kept as is; a light one is darkened only as far as needed', () => {
    const green = parseHexColour('#1f6f43');
    const yellow = parseHexColour('#ffd700');
    assert.ok(green !== null && yellow !== null);
    assert.equal(hexColour(readableOn(green, WHITE)), '#1f6f43');
    const darker = readableOn(yellow, WHITE);
    assert.ok(contrastRatio(darker, WHITE) >= AA_TEXT_CONTRAST);
    assert.ok(contrastRatio(darker, WHITE) < AA_TEXT_CONTRAST + 0.2, 'not darker than needed');
    assert.ok(darker.r > darker.b, 'still a yellow-brown, not black');
  });
});

void describe('display words', () => {
  void test('money in dollars and cents', () => {
    const cases: [number, string][] = [
      [20000, '$200.00'],
      [0, '$0.00'],
      [15050, '$150.50'],
      [123456789, '$1,234,567.89'],
    ];
    for (const [cents, expected] of cases) assert.equal(formatMoney(cents), expected);
  });

  void test('instants in the org’s time zone, in plain words', () => {
    const cases: [string, string, string][] = [
      ['2026-11-24T23:30:00Z', 'America/Chicago', 'Tue, Nov 24 · 5:30 pm'],
      ['2026-11-24T23:30:00Z', 'Europe/Paris', 'Wed, Nov 25 · 12:30 am'],
      ['2026-06-16T14:00:00Z', 'America/New_York', 'Tue, Jun 16 · 10:00 am'],
      ['2026-06-16T12:00:00Z', 'UTC', 'Tue, Jun 16 · 12:00 pm'],
    ];
    for (const [instant, zone, expected] of cases) {
      assert.equal(formatDateTime(new Date(instant), zone), expected, `${instant} ${zone}`);
    }
    assert.equal(formatTime(new Date('2026-06-16T22:05:00Z'), 'America/Chicago'), '5:05 pm');
    const now = new Date('2026-06-16T18:00:00Z');
    const lastYear = new Date('2025-06-17T22:00:00Z');
    assert.equal(formatDateTime(lastYear, 'America/Chicago', now), 'Tue, Jun 17, 2025 · 5:00 pm');
    // New Year's Eve evening in Chicago is already the next year in UTC.
    const eve = new Date('2027-01-01T03:00:00Z');
    assert.equal(formatDateTime(eve, 'America/Chicago', now), 'Thu, Dec 31 · 9:00 pm');
  });

  void test('calendar days and ranges', () => {
    assert.equal(formatDay('2026-11-24'), 'Tue, Nov 24');
    assert.equal(formatDayRange('2026-06-02', '2026-08-18'), 'Tue, Jun 2 – Tue, Aug 18');
    assert.equal(formatDayRange('2026-06-02', '2026-06-02'), 'Tue, Jun 2');
  });

  void test('strokes against par', () => {
    const cases: [number, string][] = [
      [0, 'E'],
      [3, '+3'],
      [-2, '-2'],
    ];
    for (const [toPar, expected] of cases) assert.equal(formatToPar(toPar), expected);
    assert.equal(spotsLeftWords(1), '1 spot left');
    assert.equal(spotsLeftWords(12), '12 spots left');
  });
});

void describe('league stage', () => {
  const base: LeagueStageInput = {
    status: 'open',
    registrationOpensAt: '2026-05-01',
    registrationClosesAt: '2026-06-30',
    spotsRemaining: 12,
    entrySize: 1,
    today: '2026-06-16',
  };
  const cases: [string, Partial<LeagueStageInput>, string, boolean][] = [
    ['open with spots', {}, 'Registration open · 12 spots left', true],
    ['open without a cap', { spotsRemaining: null }, 'Registration open', true],
    ['one spot left', { spotsRemaining: 1 }, 'Registration open · 1 spot left', true],
    ['full', { spotsRemaining: 0 }, 'Registration open · League full', false],
    [
      'a team needs more than is left',
      { spotsRemaining: 1, entrySize: 2 },
      'Registration open · League full',
      false,
    ],
    ['not open yet', { today: '2026-04-30' }, 'Registration opens Fri, May 1', false],
    ['closed', { today: '2026-07-01' }, 'Registration closed', false],
    ['last day is open', { today: '2026-06-30' }, 'Registration open · 12 spots left', true],
    ['underway', { status: 'active', today: '2026-07-01' }, 'Season underway', false],
    [
      'underway, still taking golfers',
      { status: 'active' },
      'Season underway · Registration open',
      true,
    ],
    ['complete', { status: 'completed' }, 'Season complete', false],
  ];
  for (const [name, overrides, words, registrable] of cases) {
    void test(name, () => {
      assert.deepEqual(leagueStage({ ...base, ...overrides }), { words, registrable });
    });
  }
});

void describe('html', () => {
  void test('interpolated text is escaped, markup is kept, lists join, absent values vanish', () => {
    const name = `Pine & <script>alert("x")</script> 'Club'`;
    const inner = html`<b>${name}</b>`;
    assert.equal(
      html`<p title="${name}">${inner}${[html`<i>1</i>`, '<2>']}${null}${undefined}${false}${0}</p>`
        .value,
      '<p title="Pine &amp; &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &#39;Club&#39;">' +
        '<b>Pine &amp; &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &#39;Club&#39;</b>' +
        '<i>1</i>&lt;2&gt;0</p>',
    );
    assert.equal(escapeHtml('a&b'), 'a&amp;b');
  });
});
