import Type from 'typebox';
import { postLeaderboardResults } from '../../services/leaderboards.js';
import { putScoreCard, removeScoreCard } from '../../services/scores.js';
import { generateEventTeeSheet, putTeeSheet, removeTeeSheet } from '../../services/tee-sheets.js';
import type { App, AppContext } from '../context.js';
import { presentStoredResults } from '../presenters/standings.js';
import { StoredResults } from '../schemas/admin.js';
import { EventEntryParams, EventIdParams } from '../schemas/common.js';
import {
  AdminTeeSheet,
  GenerateTeeSheetBody,
  LeaderboardResultsBody,
  ScoreCardBody,
  StoredScoreCard,
  TeeSheetBody,
} from '../schemas/league-nights.js';
import { adminFailures } from './failures.js';

/**
 * Admin writes of a league night (decisions §12): its tee sheet, its golfers' score cards,
 * and the final board posted into standings. The course is set with the event itself.
 */
export function adminLeagueNightRoutes(context: AppContext) {
  const db = context.database.db;
  return async function register(app: App): Promise<void> {
    app.put(
      '/orgs/:orgSlug/events/:id/tee-sheet',
      {
        schema: {
          params: EventIdParams,
          body: TeeSheetBody,
          response: { 200: AdminTeeSheet, ...adminFailures },
        },
      },
      async (request) =>
        putTeeSheet(db, {
          orgSlug: request.params.orgSlug,
          eventId: request.params.id,
          sheet: request.body,
        }),
    );

    app.post(
      '/orgs/:orgSlug/events/:id/tee-sheet/generate',
      {
        schema: {
          params: EventIdParams,
          body: GenerateTeeSheetBody,
          response: { 200: AdminTeeSheet, ...adminFailures },
        },
      },
      async (request) =>
        generateEventTeeSheet(db, {
          orgSlug: request.params.orgSlug,
          eventId: request.params.id,
          generate: request.body,
        }),
    );

    app.delete(
      '/orgs/:orgSlug/events/:id/tee-sheet',
      { schema: { params: EventIdParams, response: { 204: Type.Null(), ...adminFailures } } },
      async (request, reply) => {
        await removeTeeSheet(db, { orgSlug: request.params.orgSlug, eventId: request.params.id });
        return reply.code(204).send(null);
      },
    );

    app.put(
      '/orgs/:orgSlug/events/:id/scores/:userId',
      {
        schema: {
          params: EventEntryParams,
          body: ScoreCardBody,
          response: { 200: StoredScoreCard, ...adminFailures },
        },
      },
      async (request) => {
        const { orgSlug, id, userId } = request.params;
        const { holes } = request.body;
        const { leaderboardVersion } = await putScoreCard(db, {
          orgSlug,
          eventId: id,
          userId,
          holes,
        });
        return { userId, holes, leaderboardVersion };
      },
    );

    app.delete(
      '/orgs/:orgSlug/events/:id/scores/:userId',
      { schema: { params: EventEntryParams, response: { 204: Type.Null(), ...adminFailures } } },
      async (request, reply) => {
        const { orgSlug, id, userId } = request.params;
        await removeScoreCard(db, { orgSlug, eventId: id, userId });
        return reply.code(204).send(null);
      },
    );

    app.post(
      '/orgs/:orgSlug/events/:id/results/from-leaderboard',
      {
        schema: {
          params: EventIdParams,
          body: LeaderboardResultsBody,
          response: { 200: StoredResults, ...adminFailures },
        },
      },
      async (request) =>
        presentStoredResults(
          await postLeaderboardResults(db, {
            orgSlug: request.params.orgSlug,
            eventId: request.params.id,
            ...request.body,
          }),
        ),
    );
  };
}
