import { localDate } from '../../domain/dates.js';
import { formatDay, formatToPar } from '../../domain/display.js';
import { NotFoundError } from '../../domain/errors.js';
import { html, type Html } from '../../http/embed/html.js';
import type { Widget } from '../../http/embed/parts.js';
import type { PlayerProfile } from './schema.js';
import { getPlayer } from './service.js';

/** The chart's drawing box, in SVG units; it scales to the frame's width. */
const CHART = { width: 300, height: 80, pad: 8 } as const;

/** What the handicap means, in plain words: never called a Handicap Index. */
function handicapWords(player: PlayerProfile): Html {
  const cards = player.recentResults.length;
  if (player.handicap === null) {
    return html`<p>No league handicap yet: it needs 3 complete cards (${cards} so far).</p>`;
  }
  const { value, rounds, provisional } = player.handicap;
  const words =
    `unofficial league handicap from ${rounds} cards` +
    (provisional ? ' (provisional until 20).' : '.');
  return html`<p><strong class="handicap">${value.toFixed(1)}</strong> ${words}</p>`;
}

/**
 * Strokes to par over the recent cards, oldest on the left, as a line drawn on the server;
 * the picture's label reads the same numbers out, so nothing is only in the picture.
 */
function toParChart(player: PlayerProfile): Html {
  const oldestFirst = [...player.recentResults].reverse();
  if (oldestFirst.length < 2) return html``;
  const values = oldestFirst.map((result) => result.toPar);
  const low = Math.min(0, ...values);
  const high = Math.max(0, ...values);
  const span = high - low || 1;
  const x = (index: number) =>
    CHART.pad + (index * (CHART.width - 2 * CHART.pad)) / (values.length - 1);
  const y = (toPar: number) => CHART.pad + ((high - toPar) * (CHART.height - 2 * CHART.pad)) / span;
  const points = values.map((toPar, index) => `${x(index).toFixed(1)},${y(toPar).toFixed(1)}`);
  const label =
    `Strokes to par over the last ${values.length} cards, oldest first: ` +
    values.map(formatToPar).join(', ');
  return html`<figure class="chart">
    <svg
      viewBox="0 0 ${CHART.width} ${CHART.height}"
      role="img"
      aria-label="${label}"
      preserveAspectRatio="none"
      focusable="false"
    >
      <line
        x1="${CHART.pad}"
        x2="${CHART.width - CHART.pad}"
        y1="${y(0).toFixed(1)}"
        y2="${y(0).toFixed(1)}"
        class="par"
        stroke="currentColor"
        stroke-dasharray="4 4"
        opacity="0.5"
      />
      <polyline points="${points.join(' ')}" fill="none" stroke="currentColor" stroke-width="2" />
    </svg>
    <figcaption class="muted">To par, oldest to newest (dashed line: par)</figcaption>
  </figure>`;
}

function resultsTable(player: PlayerProfile, timeZone: string): Html {
  if (player.recentResults.length === 0) return html`<p>No complete cards yet.</p>`;
  return html`<table>
    <caption>
      Recent results
    </caption>
    <thead>
      <tr>
        <th scope="col">Event</th>
        <th scope="col" class="hide-narrow">Date</th>
        <th scope="col">Pos</th>
        <th scope="col" class="num">Score</th>
        <th scope="col" class="num">To par</th>
      </tr>
    </thead>
    <tbody>
      ${player.recentResults.map(
        (result) =>
          html`<tr>
            <th scope="row">${result.event.title}</th>
            <td class="hide-narrow">
              ${formatDay(localDate(new Date(result.event.startDate), timeZone))}
            </td>
            <td>${result.position}</td>
            <td class="num">${result.strokes}</td>
            <td class="num">${formatToPar(result.toPar)}</td>
          </tr>`,
      )}
    </tbody>
  </table>`;
}

/**
 * A player's card: name, leagues, the league handicap explained, a chart of recent scores
 * and the results it is drawn from. `player` names the slug (the loader reads it from the
 * host page's query with `player="url"`); a missing or hidden player answers 404.
 */
export const playerWidget: Widget = {
  name: 'player',
  label: 'Player',
  gallery: (demo) => [
    {
      what: 'A player’s profile: league handicap explained, a chart and recent results.',
      data: { player: demo.player },
    },
  ],
  async render(context) {
    const slug = context.options.player;
    if (slug === undefined || slug === '') throw new NotFoundError();
    const player = await getPlayer(context.db, context.org.slug, slug);
    const leagues = player.leagues.map((league) =>
      league.teamName === null ? league.name : `${league.name} (${league.teamName})`,
    );
    return html`<h2>${player.name}</h2>
      ${leagues.length === 0 ? '' : html`<p class="muted">${leagues.join(' · ')}</p>`}
      ${handicapWords(player)} ${toParChart(player)} ${resultsTable(player, context.org.timezone)}`;
  },
};
