import { formatToPar } from '../../domain/display.js';
import { isTeamScoring } from '../../domain/leaderboards.js';
import { requirePublicEvent } from '../events/service.js';
import { getLeaderboards } from './service.js';
import { presentLeaderboards } from './presenter.js';
import { eventSlug } from '../../http/embed/event-slug.js';
import { html } from '../../http/embed/html.js';
import { PUBLIC_BASE_PATH } from '../../http/base-paths.js';
import type { Widget } from '../../http/embed/parts.js';

/**
 * An event's boards, one table each (a net board shows each golfer's playing handicap).
 * The page's script listens to the leaderboard stream and, on a new
 * version, reloads this page's boards: one renderer for the first view and every update.
 */
export const leaderboardWidget: Widget = {
  name: 'leaderboard',
  label: 'Leaderboard',
  gallery: (demo) => [
    {
      what: 'An event’s leaderboards, live while scores come in.',
      data: { event: demo.liveNight },
    },
  ],
  async render(context) {
    const { db, org } = context;
    const slug = eventSlug(context);
    const boards = presentLeaderboards(
      await getLeaderboards(db, await requirePublicEvent(db, org.slug, slug)),
    );
    const stream = `${PUBLIC_BASE_PATH}/orgs/${encodeURIComponent(org.slug)}/events/${encodeURIComponent(slug)}/leaderboard/stream`;
    const shown = boards.leaderboards.filter((board) => board.rows.length > 0);
    const body =
      shown.length === 0
        ? html`<p>No scores yet.</p>`
        : shown.map(
            (board) =>
              html`<table>
                <caption>
                  ${board.name}${board.par === null ? '' : html` <span class="muted">· par ${board.par}</span>`}
                </caption>
                <thead>
                  <tr>
                    <th scope="col">Pos</th>
                    <th scope="col">${isTeamScoring(board.scoring) ? 'Team' : 'Player'}</th>
                    ${board.scoring === 'net' ? html`<th scope="col" class="num"><abbr title="Playing handicap">Hcp</abbr></th>` : ''}
                    <th scope="col" class="num">To par</th>
                    <th scope="col" class="num">Thru</th>
                    <th scope="col" class="num hide-narrow">Total</th>
                  </tr>
                </thead>
                <tbody>
                  ${board.rows.map(
                    (row) =>
                      html`<tr>
                        <td>${row.position ?? '–'}</td>
                        <th scope="row">
                          ${row.name}${!isTeamScoring(board.scoring) && row.teamName !== null ? html` <span class="muted">(${row.teamName})</span>` : ''}
                        </th>
                        ${row.handicap === undefined ? '' : html`<td class="num">${row.handicap}</td>`}
                        <td class="num">${row.position === null ? '–' : formatToPar(row.toPar)}</td>
                        <td class="num">${row.thru}</td>
                        <td class="num hide-narrow">${row.position === null ? '–' : row.total}</td>
                      </tr>`,
                  )}
                </tbody>
              </table>`,
          );
    return html`<div data-live="${stream}">
      <div data-region data-version="${boards.version}">${body}</div>
    </div>`;
  },
};
