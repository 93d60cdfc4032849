import type { App, AppContext } from '../../http/context.js';
import { EventEntryParams, EventIdParams } from '../../http/schemas/common.js';
import { ADMIN_FAILURES, NO_CONTENT, json } from '../../http/schemas/responses.js';
import { RESULTS_EXAMPLE } from '../standings/examples.js';
import { presentStoredResults } from '../standings/presenter.js';
import { StoredResults } from '../standings/schema.js';
import {
  PLAYING_HANDICAPS_EXAMPLE,
  SCORE_CARD_EXAMPLE,
  STORED_PLAYING_HANDICAPS_EXAMPLE,
} from './examples.js';
import {
  LeaderboardResultsBody,
  PlayingHandicapsAnswer,
  PlayingHandicapsBody,
  ScoreCardBody,
  StoredPlayingHandicaps,
  StoredScoreCard,
} from './schema.js';
import {
  getPlayingHandicaps,
  postLeaderboardResults,
  putPlayingHandicaps,
  putScoreCard,
  removeScoreCard,
} from './service.js';

/**
 * Admin writes of a league night's scoring (decisions §12): its golfers' score cards and the
 * final board posted into standings. The course is set with the event, the tee sheet apart.
 */
export function adminLeaderboardRoutes(context: AppContext) {
  const db = context.database.db;
  return async function register(app: App): Promise<void> {
    app.put(
      '/orgs/:orgSlug/events/:id/scores/:userId',
      {
        config: { access: 'event-scores' },
        schema: {
          operationId: 'putScoreCard',
          tags: ['Leaderboards'],
          summary: 'Set a golfer’s score card; the leaderboards move at once',
          params: EventEntryParams,
          body: ScoreCardBody,
          response: {
            200: json(
              StoredScoreCard,
              'The card and the leaderboards’ new version.',
              SCORE_CARD_EXAMPLE,
            ),
            ...ADMIN_FAILURES,
          },
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
      {
        config: { access: 'event-scores' },
        schema: {
          operationId: 'deleteScoreCard',
          tags: ['Leaderboards'],
          summary: 'Remove a golfer’s score card',
          params: EventEntryParams,
          response: { ...NO_CONTENT, ...ADMIN_FAILURES },
        },
      },
      async (request, reply) => {
        const { orgSlug, id, userId } = request.params;
        await removeScoreCard(db, { orgSlug, eventId: id, userId });
        return reply.code(204).send(null);
      },
    );

    app.get(
      '/orgs/:orgSlug/events/:id/handicaps',
      {
        config: { access: 'org' },
        schema: {
          operationId: 'getPlayingHandicaps',
          tags: ['Leaderboards'],
          summary: 'Read the playing handicaps set for an event’s golfers',
          params: EventIdParams,
          response: {
            200: json(
              PlayingHandicapsAnswer,
              'Each golfer’s playing handicap by user id; golfers left out play off their league handicap.',
              PLAYING_HANDICAPS_EXAMPLE,
            ),
            ...ADMIN_FAILURES,
          },
        },
      },
      async (request) => ({
        handicaps: await getPlayingHandicaps(db, request.params.orgSlug, request.params.id),
      }),
    );

    app.put(
      '/orgs/:orgSlug/events/:id/handicaps',
      {
        config: { access: 'org' },
        schema: {
          operationId: 'putPlayingHandicaps',
          tags: ['Leaderboards'],
          summary: 'Set the playing handicaps of an event’s golfers; its net boards move at once',
          params: EventIdParams,
          body: PlayingHandicapsBody,
          response: {
            200: json(
              StoredPlayingHandicaps,
              'The handicaps as set and the leaderboards’ new version.',
              STORED_PLAYING_HANDICAPS_EXAMPLE,
            ),
            ...ADMIN_FAILURES,
          },
        },
      },
      async (request) =>
        putPlayingHandicaps(db, {
          orgSlug: request.params.orgSlug,
          eventId: request.params.id,
          handicaps: request.body,
        }),
    );

    app.post(
      '/orgs/:orgSlug/events/:id/results/from-leaderboard',
      {
        config: { access: 'org' },
        schema: {
          operationId: 'postResultsFromLeaderboard',
          tags: ['Leaderboards'],
          summary: 'Post an event’s final board into a standings series',
          params: EventIdParams,
          body: LeaderboardResultsBody,
          response: {
            200: json(StoredResults, 'The results as stored, by competitor.', RESULTS_EXAMPLE),
            ...ADMIN_FAILURES,
          },
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
