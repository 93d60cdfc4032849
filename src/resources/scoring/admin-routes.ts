import type { App, AppContext } from '../../http/context.js';
import { resolveEventId } from '../events/service.js';
import { EventRefParams } from '../../http/schemas/common.js';
import { ADMIN_FAILURES, json } from '../../http/schemas/responses.js';
import { SCORING_SHEET_EXAMPLE } from './examples.js';
import { ScoringSheet } from './schema.js';
import { getScoringSheet } from './service.js';

/** The scorer's read (decisions §21): the field to pick a golfer from, with their cards. */
export function adminScoringRoutes(context: AppContext) {
  const db = context.database.db;
  return async function register(app: App): Promise<void> {
    app.get(
      '/orgs/:orgSlug/events/:id/score-cards',
      {
        config: { access: 'event-scores' },
        schema: {
          operationId: 'getScoringSheet',
          tags: ['Scoring'],
          summary: 'An event’s course, field and score cards, for its scorers',
          params: EventRefParams,
          response: {
            200: json(
              ScoringSheet,
              'The course, and each golfer with their card.',
              SCORING_SHEET_EXAMPLE,
            ),
            ...ADMIN_FAILURES,
          },
        },
      },
      async (request) =>
        getScoringSheet(
          db,
          request.params.orgSlug,
          await resolveEventId(db, request.params.orgSlug, request.params.id),
        ),
    );
  };
}
