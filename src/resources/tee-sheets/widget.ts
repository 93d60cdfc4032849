import { formatTime } from '../../domain/display.js';
import { requirePublicEvent } from '../events/service.js';
import { getTeeSheet } from './service.js';
import { eventSlug } from '../../http/embed/event-slug.js';
import { html } from '../../http/embed/html.js';
import type { Widget } from '../../http/embed/parts.js';

/** An event's tee sheet: one box per group with its time or starting hole, names only. */
export const teeTimesWidget: Widget = {
  name: 'tee-times',
  label: 'Tee times',
  gallery: (demo) => [{ what: 'An event’s tee sheet.', data: { event: demo.liveNight } }],
  async render(context) {
    const { db, org } = context;
    const sheet = await getTeeSheet(db, await requirePublicEvent(db, org.slug, eventSlug(context)));
    if (sheet.format === null || sheet.groups.length === 0) {
      return html`<p>No tee times yet.</p>`;
    }
    const intro = sheet.format === 'shotgun' ? html`<p class="muted">Shotgun start</p>` : '';
    return html`${intro}
      <div class="groups">
        ${sheet.groups.map((group, index) => {
          const parts = [
            group.startTime === null ? null : formatTime(new Date(group.startTime), org.timezone),
            // Tee times all start on the first hole unless the sheet says otherwise.
            group.startingHole === null || (sheet.format !== 'shotgun' && group.startingHole === 1)
              ? null
              : `Hole ${group.startingHole}`,
          ].filter((part): part is string => part !== null);
          const name = parts.length === 0 ? `Group ${index + 1}` : parts.join(' · ');
          return html`<section class="group" aria-label="${name}">
            <h2>${name}</h2>
            <ul>
              ${group.players.map(
                (player) =>
                  html`<li>
                    ${player.name}${player.teamName === null ? '' : html` <span class="muted">(${player.teamName})</span>`}
                  </li>`,
              )}
            </ul>
          </section>`;
        })}
      </div>`;
  },
};
