import { listPublicLeagues } from '../../services/leagues.js';
import { presentPublicLeague } from '../presenters/leagues.js';
import { html } from './html.js';
import { leagueCard, type Widget } from './parts.js';

/** The org's public leagues: stage, spots left, dates and register buttons. */
export const leaguesWidget: Widget = {
  label: 'Leagues',
  async render(context) {
    const leagues = (await listPublicLeagues(context.db, context.org.slug)).map(
      presentPublicLeague,
    );
    if (leagues.length === 0) return html`<p>No leagues to show yet.</p>`;
    return html`${leagues.map((league) => leagueCard(league, context))}`;
  },
};
