import { sql } from 'kysely';
import type { Event } from '../../db/schema.js';
import type { Executor } from '../../db/executor.js';

/** A golfer of an event's field, with the ids that tee sheets and score cards refer to. */
export interface FieldGolfer {
  userId: number;
  name: string;
  /** The golfer's team in a league; own entries of an event carry a team name only. */
  teamId: number | null;
  teamName: string | null;
}

/**
 * An event's field in registration order: the league's active roster for a league night
 * (drawn live, so late joiners are in it), else the event's own entries.
 */
export async function fieldGolfers(db: Executor, event: Event): Promise<FieldGolfer[]> {
  const fullName = sql<string>`users.first_name || ' ' || users.last_name`;
  if (event.event_series_id === null) {
    return db
      .selectFrom('event_entries as entry')
      .innerJoin('users', 'users.id', 'entry.user_id')
      .select([
        'entry.user_id as userId',
        fullName.as('name'),
        sql<null>`null`.as('teamId'),
        'entry.team_name as teamName',
      ])
      .where('entry.event_id', '=', event.id)
      .orderBy('entry.created_at')
      .orderBy('entry.id')
      .execute();
  }
  return db
    .selectFrom('roster_entries as entry')
    .innerJoin('users', 'users.id', 'entry.user_id')
    .leftJoin('teams', 'teams.id', 'entry.team_id')
    .select([
      'entry.user_id as userId',
      fullName.as('name'),
      'teams.id as teamId',
      'teams.name as teamName',
    ])
    .where('entry.event_series_id', '=', event.event_series_id)
    .where('entry.status', '=', 'active')
    .orderBy('entry.registered_at')
    .orderBy('entry.id')
    .execute();
}
