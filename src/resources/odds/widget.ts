import { formatToPar } from '../../domain/display.js';
import { isTeamScoring } from '../../domain/leaderboards.js';
import { eventSlug } from '../../http/embed/event-slug.js';
import { html, type Html } from '../../http/embed/html.js';
import type { GalleryExample, Widget } from '../../http/embed/parts.js';
import { PUBLIC_BASE_PATH } from '../../http/base-paths.js';
import { requirePublicEvent } from '../events/service.js';
import { presentOdds } from './presenter.js';
import type { EventOdds, OddsBoard, OddsRow } from './schema.js';
import { oddsCache } from './service.js';

/** The leaders whose win chance the chart follows. */
const CHARTED = 5;
/**
 * Okabe–Ito colours, told apart with every common colour-vision deficiency; each line
 * also has its own dash pattern, so that colour is never the only cue.
 */
const LINES = [
  { colour: '#0072B2', dash: '' },
  { colour: '#D55E00', dash: '6 3' },
  { colour: '#009E73', dash: '2 2' },
  { colour: '#CC79A7', dash: '8 3 2 3' },
  { colour: '#E69F00', dash: '1 3' },
];

/** A win chance in words: one decimal, `<0.1%` for a tiny one, `–` for none. */
export function formatChance(win: number): string {
  if (win <= 0) return '–';
  if (win < 0.0005) return '<0.1%';
  return `${(win * 100).toFixed(1)}%`;
}

function formatOdds(row: OddsRow, american: boolean): string {
  if (american) return row.odds.american ?? '–';
  return row.odds.decimal === null ? '–' : row.odds.decimal.toFixed(2);
}

/** Each charted leader's win chance at every version computed so far, oldest first. */
function series(board: OddsBoard, history: readonly EventOdds[]) {
  return board.rows.slice(0, CHARTED).map((row) => ({
    name: row.name,
    points: history.map(
      (odds) =>
        odds.boards
          .find((candidate) => candidate.name === board.name)
          ?.rows.find((candidate) => candidate.name === row.name)?.win ?? 0,
    ),
  }));
}

const WIDTH = 300;
const HEIGHT = 120;
const PAD = 6;

/**
 * The leaders' win chance through the night, drawn on the server (no script needed),
 * scaled to its frame, with a legend and a sentence per leader as its text alternative.
 */
function chart(board: OddsBoard, history: readonly EventOdds[], id: string): Html {
  const lines = series(board, history);
  const count = history.length;
  const x = (index: number) =>
    count <= 1 ? WIDTH / 2 : PAD + (index * (WIDTH - 2 * PAD)) / (count - 1);
  const y = (win: number) => HEIGHT - PAD - win * (HEIGHT - 2 * PAD);
  const words = lines.map(({ name, points }) => {
    const first = points[0] ?? 0;
    const last = points[points.length - 1] ?? 0;
    return count <= 1
      ? `${name}: ${formatChance(last)}.`
      : `${name}: from ${formatChance(first)} to ${formatChance(last)}.`;
  });
  return html`<figure class="odds-chart">
    <svg
      viewBox="0 0 ${WIDTH} ${HEIGHT}"
      width="100%"
      role="img"
      aria-labelledby="${id}-title ${id}-desc"
      focusable="false"
    >
      <title id="${id}-title">
        ${board.name}: the leaders’ win chance across ${count} board
        ${count === 1 ? 'version' : 'versions'}
      </title>
      <desc id="${id}-desc">${words.join(' ')}</desc>
      <line x1="${PAD}" y1="${y(0)}" x2="${WIDTH - PAD}" y2="${y(0)}" stroke="#767676" />
      <line x1="${PAD}" y1="${y(0.5)}" x2="${WIDTH - PAD}" y2="${y(0.5)}" stroke="#dddddd" />
      <line x1="${PAD}" y1="${y(1)}" x2="${WIDTH - PAD}" y2="${y(1)}" stroke="#dddddd" />
      ${lines.map(({ points }, index) => {
        const style = LINES[index] ?? LINES[0];
        const path = points.map((win, at) => `${x(at).toFixed(1)},${y(win).toFixed(1)}`);
        const last = points.length - 1;
        return html`<polyline
            points="${path.join(' ')}"
            fill="none"
            stroke="${style?.colour}"
            stroke-width="2.5"
            stroke-dasharray="${style?.dash}"
          /><circle
            cx="${x(last).toFixed(1)}"
            cy="${y(points[last] ?? 0).toFixed(1)}"
            r="3.5"
            fill="${style?.colour}"
          />`;
      })}
    </svg>
    <figcaption>
      <ul class="odds-legend">
        ${lines.map(
          (_line, index) =>
            html`<li>
              <svg viewBox="0 0 24 8" width="24" height="8" aria-hidden="true" focusable="false">
                <line
                  x1="0"
                  y1="4"
                  x2="24"
                  y2="4"
                  stroke="${LINES[index]?.colour}"
                  stroke-width="2.5"
                  stroke-dasharray="${LINES[index]?.dash}"
                /></svg
              >${words[index]}
            </li>`,
        )}
      </ul>
    </figcaption>
  </figure>`;
}

function table(board: OddsBoard, american: boolean): Html {
  return html`<table>
    <caption>
      ${board.name}
      <span class="muted"
        >· win chances,
        ${board.phase === 'final' ? 'final' : board.phase === 'pre' ? 'before the first hole' : 'live'}</span
      >
    </caption>
    <thead>
      <tr>
        <th scope="col">Pos</th>
        <th scope="col">${isTeamScoring(board.scoring) ? 'Team' : 'Player'}</th>
        <th scope="col" class="num">To par</th>
        <th scope="col" class="num hide-narrow">Thru</th>
        <th scope="col" class="num">Win</th>
        <th scope="col" class="num">Odds</th>
      </tr>
    </thead>
    <tbody>
      ${board.rows.map(
        (row) =>
          html`<tr>
            <td>${row.position ?? '–'}</td>
            <th scope="row">${row.name}</th>
            <td class="num">${row.position === null ? '–' : formatToPar(row.toPar)}</td>
            <td class="num hide-narrow">${row.thru}</td>
            <td class="num">${formatChance(row.win)}</td>
            <td class="num">${formatOdds(row, american)}</td>
          </tr>`,
      )}
    </tbody>
  </table>`;
}

/**
 * An event's odds (decisions §15), live from the odds stream: the page's script reloads
 * the boards on every new version, so one renderer serves the first view and each update.
 */
export const oddsWidget: Widget = {
  name: 'odds',
  label: 'Odds',
  gallery: (demo): GalleryExample[] => [
    {
      what: 'Each golfer’s chance to win tonight, live, with the leaders’ chances through the night.',
      data: { event: demo.liveNight },
    },
    {
      what: 'The same with American odds.',
      data: { event: demo.liveNight, format: 'american' },
    },
  ],
  async render(context) {
    const { db, org, options } = context;
    const slug = eventSlug(context);
    const event = await requirePublicEvent(db, org.slug, slug);
    if (!org.odds_enabled) return html`<p>Odds are not offered for this club’s events.</p>`;
    const cache = oddsCache(db);
    const odds = presentOdds(await cache.odds(db, event));
    const history = (await cache.history(event.id)).map(presentOdds);
    const american = options.format === 'american';
    const stream = `${PUBLIC_BASE_PATH}/orgs/${encodeURIComponent(org.slug)}/events/${encodeURIComponent(slug)}/odds/stream`;
    const shown = odds.boards.filter((board) => board.rows.length > 0);
    const version = odds.boards[0]?.version ?? 0;
    const body =
      shown.length === 0
        ? html`<p>No odds yet: the night has no course or no field.</p>`
        : shown.map(
            (board, index) =>
              html`<section>
                ${table(board, american)}${chart(board, history, `odds-chart-${index}`)}
              </section>`,
          );
    return html`<div data-live="${stream}" data-live-event="odds">
      <div data-region data-version="${version}">${body}</div>
    </div>`;
  },
};
