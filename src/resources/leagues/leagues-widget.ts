import { listPublicLeagues } from './service.js';
import { presentPublicLeague } from './presenter.js';
import { html } from '../../http/embed/html.js';
import { leagueCard, type Widget } from '../../http/embed/parts.js';

/** The org's public leagues: stage, spots left, dates and register buttons. */
export const leaguesWidget: Widget = {
  name: 'leagues',
  label: 'Leagues',
  gallery: () => [
    { what: 'Every public league: stage, spots left, dates, fee and a register button.', data: {} },
  ],
  async render(context) {
    const leagues = (await listPublicLeagues(context.db, context.org.slug)).map(
      presentPublicLeague,
    );
    if (leagues.length === 0) return html`<p>No leagues to show yet.</p>`;
    return html`${leagues.map((league) => leagueCard(league, context))}`;
  },
};
