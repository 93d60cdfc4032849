import type { Executor } from '../../db/executor.js';
import { MAX_EVENT_LIMIT } from '../../domain/events.js';
import { listSchedule } from '../events/service.js';
import { getPublicLeague } from '../leagues/service.js';
import { requireOrg } from '../orgs/service.js';
import { icsCalendar } from './ics.js';

/** A public league's nights, past and coming; a hidden or unknown league is a 404. */
export async function leagueCalendar(
  db: Executor,
  orgSlug: string,
  leagueSlug: string,
  now: Date,
): Promise<string> {
  const [league, schedule] = await Promise.all([
    getPublicLeague(db, orgSlug, leagueSlug),
    listSchedule(db, {
      orgSlug,
      leagueSlug,
      filter: 'all',
      revisions: true,
      limit: MAX_EVENT_LIMIT,
      now,
    }),
  ]);
  return icsCalendar({ name: league.name, orgSlug, events: schedule.events });
}

/** The org's public events, of one tag when given (an unknown tag: an empty calendar). */
export async function orgCalendar(
  db: Executor,
  orgSlug: string,
  tag: string | undefined,
  now: Date,
): Promise<string> {
  const [org, schedule] = await Promise.all([
    requireOrg(db, orgSlug),
    listSchedule(db, {
      orgSlug,
      tags: tag === undefined ? undefined : [tag],
      filter: 'all',
      revisions: true,
      limit: MAX_EVENT_LIMIT,
      now,
    }),
  ]);
  return icsCalendar({ name: `${org.name} events`, orgSlug, events: schedule.events });
}
