import type { Executor } from '../../db/executor.js';

/** A score card of the org with its night's course: what the odds model learns from. */
export interface OrgCard {
  eventId: number;
  userId: number;
  holes: (number | null)[];
  pars: number[];
  courseName: string | null;
  startAt: Date;
}

/**
 * Every card of the org's nights that have a course, newest night first, in one fixed
 * order: every instance reads the same history in the same order.
 */
export async function orgCards(db: Executor, orgId: number): Promise<OrgCard[]> {
  const rows = await db
    .selectFrom('score_cards')
    .innerJoin('events', 'events.id', 'score_cards.event_id')
    .select([
      'score_cards.event_id as eventId',
      'score_cards.user_id as userId',
      'score_cards.holes',
      'events.pars',
      'events.course_name as courseName',
      'events.start_at as startAt',
    ])
    .where('events.org_id', '=', orgId)
    .where('events.pars', 'is not', null)
    .orderBy('events.start_at', 'desc')
    .orderBy('events.id', 'desc')
    .orderBy('score_cards.user_id')
    .execute();
  return rows.map((row) => ({ ...row, pars: row.pars ?? [] }));
}
