import type { Executor } from '../../db/executor.js';
import type { Event } from '../../db/schema.js';
import type { LiveSource } from '../../live/hub.js';
import { leaderboardJson } from './presenter.js';
import { getLeaderboards } from './service.js';
import { leaderboardVersions } from './store.js';

/** An event's boards as the live hub streams them: events `leaderboard`, one per version. */
export function leaderboardSource(db: Executor): LiveSource<Event> {
  return {
    event: 'leaderboard',
    key: (event) => event.id,
    orgId: (event) => event.org_id,
    versions: (events) =>
      leaderboardVersions(
        db,
        events.map((event) => event.id),
      ),
    async read(event) {
      const boards = await getLeaderboards(db, event);
      return { version: boards.version, data: leaderboardJson(boards) };
    },
  };
}
