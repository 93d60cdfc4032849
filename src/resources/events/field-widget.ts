import { getEventField } from './service.js';
import { presentEventField } from './presenter.js';
import { eventSlug } from '../../http/embed/event-slug.js';
import { html } from '../../http/embed/html.js';
import type { Widget } from '../../http/embed/parts.js';

/** An event's players, by name (a league night's field is the league roster). */
export const fieldWidget: Widget = {
  name: 'field',
  label: 'Field',
  gallery: (demo) => [{ what: 'An event’s players.', data: { event: demo.liveNight } }],
  async render(context) {
    const field = presentEventField(
      await getEventField(context.db, context.org.slug, eventSlug(context)),
    );
    if (field.count === 0) return html`<p>No players yet.</p>`;
    const teams = field.players.some((player) => player.teamName !== null);
    return html`<p class="muted">${field.count === 1 ? '1 player' : `${field.count} players`}</p>
      <table>
        <thead>
          <tr>
            <th scope="col">Player</th>
            ${teams ? html`<th scope="col">Team</th>` : ''}
          </tr>
        </thead>
        <tbody>
          ${field.players.map(
            (player) =>
              html`<tr>
                <td>${player.name}</td>
                ${teams ? html`<td>${player.teamName ?? ''}</td>` : ''}
              </tr>`,
          )}
        </tbody>
      </table>`;
  },
};
