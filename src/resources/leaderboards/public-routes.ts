import type { App, AppContext } from '../../http/context.js';
import type { Edge } from '../../http/edge/edge.js';
import { EventSlugParams } from '../../http/schemas/common.js';
import { eventStream, publicRead } from '../../http/schemas/responses.js';
import { LeaderboardHub } from '../../live/hub.js';
import { requirePublicEvent } from '../events/service.js';
import { LEADERBOARD_STREAM_EXAMPLE, LEADERBOARDS_EXAMPLE } from './examples.js';
import { leaderboardJson } from './presenter.js';
import { LastEventIdHeader, Leaderboards } from './schema.js';
import { getLeaderboards, rebuildStaleLeaderboardsOnChange } from './service.js';

/** An event's leaderboards, read and live (decisions §12). */
export function leaderboardRoutes(context: AppContext, edge: Edge) {
  const { database, config } = context;
  const db = database.db;
  return async function register(app: App): Promise<void> {
    const hub = new LeaderboardHub({
      db,
      version: database.version,
      maxStreams: config.maxStreams,
      streamsPerIp: config.streamsPerIp,
      registry: edge.metrics.registry,
      log: app.log,
      timing: context.streamTiming,
    });
    const stopRebuilding = rebuildStaleLeaderboardsOnChange(db, database.version, (error) => {
      app.log.error({ err: error }, 'stale leaderboards were not rebuilt; the next change retries');
    });
    // Before the server stops taking connections and waits for the open ones.
    app.addHook('preClose', async () => {
      stopRebuilding();
      hub.close();
    });

    app.get(
      '/orgs/:orgSlug/events/:eventSlug/leaderboard',
      {
        schema: {
          operationId: 'getEventLeaderboard',
          tags: ['League nights'],
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
          tags: ['League nights'],
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
        await hub.open(request, reply, () => requirePublicEvent(db, orgSlug, eventSlug));
      },
    );
  };
}
