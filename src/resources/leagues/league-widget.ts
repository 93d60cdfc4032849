import { getPublicLeague } from './service.js';
import { NotFoundError } from '../../domain/errors.js';
import { presentPublicLeague } from './presenter.js';
import { leagueCard, type Widget } from '../../http/embed/parts.js';

/** One league's card (`league`: its slug). */
export const leagueWidget: Widget = {
  name: 'league',
  label: 'League',
  gallery: (demo) => [{ what: 'One league’s card.', data: { league: demo.league } }],
  async render(context) {
    const slug = context.options.league;
    if (slug === undefined || slug === '') throw new NotFoundError();
    return leagueCard(
      presentPublicLeague(await getPublicLeague(context.db, context.org.slug, slug)),
      context,
    );
  },
};
