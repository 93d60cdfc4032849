import type { App, AppContext } from '../../http/context.js';
import type { Platform } from '../resource.js';
import { EventSlugParams } from '../../http/schemas/common.js';
import { eventStream, publicRead } from '../../http/schemas/responses.js';
import { requirePublicEvent } from '../events/service.js';
import { LEADERBOARD_STREAM_EXAMPLE, LEADERBOARDS_EXAMPLE } from './examples.js';
import { leaderboardSource } from './live-source.js';
import { leaderboardJson } from './presenter.js';
import { LastEventIdHeader, Leaderboards } from './schema.js';
import { getLeaderboards } from './service.js';

/** An event's leaderboards, read and live (decisions §12). */
export function leaderboardRoutes(context: AppContext, { live }: Platform) {
  const db = context.database.db;
  const source = leaderboardSource(db);
  return async function register(app: App): Promise<void> {
    app.get(
      '/orgs/:orgSlug/events/:eventSlug/leaderboard',
      {
        schema: {
          operationId: 'getEventLeaderboard',
          tags: ['Leaderboards'],
          summary: 'An event’s leaderboards: individual stroke play, and best ball of teams',
          params: EventSlugParams,
          response: publicRead(Leaderboards, 'The boards and their version.', LEADERBOARDS_EXAMPLE),
        },
      },
      async (request, reply) => {
        const { orgSlug, eventSlug } = request.params;
        const boards = await getLeaderboards(db, await requirePublicEvent(db, orgSlug, eventSlug));
        // The very bytes the live stream sends as its events' data.
        return reply.type('application/json; charset=utf-8').send(leaderboardJson(boards));
      },
    );

    app.get(
      '/orgs/:orgSlug/events/:eventSlug/leaderboard/stream',
      {
        schema: {
          operationId: 'streamEventLeaderboard',
          tags: ['Leaderboards'],
          summary: 'The leaderboards live: server-sent events, one after every change',
          description:
            'Sends `: connected` and `retry: 2000`, then at once an event `leaderboard` whose ' +
            '`id` is the boards’ version and whose `data` is the document of ' +
            '`GET …/leaderboard`, then one such event after every change (changes within ' +
            '250 ms may come as one) and a `: keep-alive` comment every 15 s. A ' +
            '`Last-Event-ID` equal to the current version skips the first event. Opening ' +
            'counts once against the rate limit. A client that does not read its events ' +
            'is cut; a stream ended by a restarting server says when to reconnect.',
          params: EventSlugParams,
          headers: LastEventIdHeader,
          response: eventStream(LEADERBOARD_STREAM_EXAMPLE),
        },
      },
      async (request, reply) => {
        const { orgSlug, eventSlug } = request.params;
        await live.open(request, reply, source, () => requirePublicEvent(db, orgSlug, eventSlug));
      },
    );
  };
}
