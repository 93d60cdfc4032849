import type { Executor } from '../../db/executor.js';
import type { Event } from '../../db/schema.js';
import type { LiveSource } from '../../live/hub.js';
import { boardVersions } from '../leaderboards/service.js';
import { oddsJson } from './presenter.js';
import type { OddsCache } from './service.js';

/**
 * An event's odds as the live hub streams them: events `odds`, one per board version (the
 * odds move only when the boards do).
 */
export function oddsSource(db: Executor, cache: OddsCache): LiveSource<Event> {
  return {
    event: 'odds',
    key: (event) => event.id,
    orgId: (event) => event.org_id,
    versions: (events) =>
      boardVersions(
        db,
        events.map((event) => event.id),
      ),
    async read(event) {
      const odds = await cache.odds(db, event);
      return { version: odds.version, data: oddsJson(odds) };
    },
  };
}
