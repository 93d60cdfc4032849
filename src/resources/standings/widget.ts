import { formatPoints } from '../../domain/display.js';
import { NotFoundError } from '../../domain/errors.js';
import { html, type Html } from '../../http/embed/html.js';
import { KEPT_OPTIONS, positiveInteger, type EmbedOptions } from '../../http/embed/options.js';
import type { Widget, WidgetContext } from '../../http/embed/parts.js';
import { MAX_ID } from '../../http/schemas/common.js';
import { presentStandings } from './presenter.js';
import type { Standings } from './schema.js';
import { getLeagueStandings, getStandings } from './service.js';

/** The standings the options name: a league's (`league`) or a series' (`series`), a season. */
async function standingsOf(context: WidgetContext): Promise<Standings> {
  const { db, org, options, now } = context;
  const seasonId = positiveInteger(options.season, MAX_ID);
  const seriesId = positiveInteger(options.series, MAX_ID);
  if (seriesId !== undefined) {
    return presentStandings(await getStandings(db, { orgSlug: org.slug, seriesId, seasonId, now }));
  }
  if (options.league === undefined || options.league === '') throw new NotFoundError();
  return presentStandings(await getLeagueStandings(db, org.slug, options.league, now, seasonId));
}

/**
 * A plain GET form: without script it reloads the frame on another season; the page's
 * script swaps only the table and keeps the focus on the picker.
 */
function seasonPicker(
  options: EmbedOptions,
  standings: Standings,
  shown: number | undefined,
): Html {
  const series = standings.standingSeries;
  if (series === null || series.scope !== 'season' || series.seasons.length < 2) return html``;
  const kept = KEPT_OPTIONS.map((name) => {
    const value = options[name];
    return value === undefined ? '' : html`<input type="hidden" name="${name}" value="${value}" />`;
  });
  return html`<form class="picker" method="get" action="/embed/standings" data-picker>
    ${kept}
    <input type="hidden" name="series" value="${series.id}" />
    <label for="season">Season</label>
    <select id="season" name="season">
      ${series.seasons.map(
        (season) =>
          html`<option value="${season.id}" ${season.id === shown ? html` selected` : ''}>
            ${season.name}
          </option>`,
      )}
    </select>
    <button type="submit">Show</button>
  </form>`;
}

/** A league's or a series' standings table, with a season picker for season series. */
export const standingsWidget: Widget = {
  name: 'standings',
  label: 'Standings',
  gallery: (demo) => [
    {
      what: 'A league’s standings (a season picker shows for series with several seasons).',
      data: { league: demo.league },
    },
  ],
  async render(context) {
    const standings = await standingsOf(context);
    const series = standings.standingSeries;
    const table = standings.table;
    if (series === null || table === null) return html`<p>No standings yet.</p>`;
    const requested = positiveInteger(context.options.season, MAX_ID);
    const shown = requested ?? series.seasons.find((season) => season.current)?.id;
    const seasonName = series.seasons.find((season) => season.id === shown)?.name;
    const caption =
      seasonName === undefined ? table.seriesName : `${table.seriesName} · ${seasonName}`;
    const body =
      table.rows.length === 0
        ? html`<p>No results yet.</p>`
        : html`<table>
            <caption>
              ${caption}
            </caption>
            <thead>
              <tr>
                <th scope="col">Rank</th>
                <th scope="col">Name</th>
                <th scope="col" class="num">Points</th>
                <th scope="col" class="num">Events</th>
              </tr>
            </thead>
            <tbody>
              ${table.rows.map(
                (row) =>
                  html`<tr>
                    <td>${row.tied ? `T${row.rank}` : row.rank}</td>
                    <th scope="row">${row.name}</th>
                    <td class="num">${formatPoints(row.points)}</td>
                    <td class="num">${row.events}</td>
                  </tr>`,
              )}
            </tbody>
          </table>`;
    return html`${seasonPicker(context.options, standings, shown)}
      <div data-region>${body}</div>`;
  },
};
