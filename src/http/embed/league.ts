import { getPublicLeague } from '../../services/leagues.js';
import { NotFoundError } from '../../domain/errors.js';
import { presentPublicLeague } from '../presenters/leagues.js';
import { leagueCard, type Widget } from './parts.js';

/** One league's card (`league`: its slug). */
export const leagueWidget: Widget = {
  label: 'League',
  async render(context) {
    const slug = context.options.league;
    if (slug === undefined || slug === '') throw new NotFoundError();
    return leagueCard(
      presentPublicLeague(await getPublicLeague(context.db, context.org.slug, slug)),
      context,
    );
  },
};
