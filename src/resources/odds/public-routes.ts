import type { App, AppContext } from '../../http/context.js';
import type { Platform } from '../resource.js';
import { EventSlugParams } from '../../http/schemas/common.js';
import { eventStream, publicRead } from '../../http/schemas/responses.js';
import { LastEventIdHeader } from '../leaderboards/schema.js';
import { ODDS_EXAMPLE, ODDS_STREAM_EXAMPLE } from './examples.js';
import { oddsSource } from './live-source.js';
import { oddsJson } from './presenter.js';
import { EventOdds } from './schema.js';
import { oddsCache, requireOddsEvent } from './service.js';

/** An event's live odds, read and streamed (decisions §15). */
export function oddsRoutes(context: AppContext, { live }: Platform) {
  const db = context.database.db;
  const cache = oddsCache(db, context.config.oddsSimulations);
  const source = oddsSource(db, cache);
  return async function register(app: App): Promise<void> {
    app.get(
      '/orgs/:orgSlug/events/:eventSlug/odds',
      {
        schema: {
          operationId: 'getEventOdds',
          tags: ['Odds'],
          summary: 'An event’s live odds: each competitor’s chance to win and to finish top 3',
          description:
            'The boards of `GET …/leaderboard`, in its order, with each row’s win and top-3 ' +
            'chances and fair odds, from simulating the rest of the night (see the docs’ ' +
            '“Live odds”). 404 where the organization does not offer odds.',
          params: EventSlugParams,
          response: publicRead(EventOdds, 'The boards’ odds.', ODDS_EXAMPLE),
        },
      },
      async (request, reply) => {
        const { orgSlug, eventSlug } = request.params;
        const odds = await cache.odds(db, await requireOddsEvent(db, orgSlug, eventSlug));
        // The very bytes the live stream sends as its events' data.
        return reply.type('application/json; charset=utf-8').send(oddsJson(odds));
      },
    );

    app.get(
      '/orgs/:orgSlug/events/:eventSlug/odds/stream',
      {
        schema: {
          operationId: 'streamEventOdds',
          tags: ['Odds'],
          summary: 'The odds live: server-sent events, one after every change of the boards',
          description:
            'Exactly as `GET …/leaderboard/stream`, with events `odds` whose `id` is the ' +
            'boards’ version and whose `data` is the document of `GET …/odds`.',
          params: EventSlugParams,
          headers: LastEventIdHeader,
          response: eventStream(ODDS_STREAM_EXAMPLE),
        },
      },
      async (request, reply) => {
        const { orgSlug, eventSlug } = request.params;
        await live.open(request, reply, source, () => requireOddsEvent(db, orgSlug, eventSlug));
      },
    );
  };
}
