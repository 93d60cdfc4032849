import type { App, AppContext } from '../../http/context.js';
import { resolveEventId } from '../events/service.js';
import { EventEntryParams, EventRefParams } from '../../http/schemas/common.js';
import { ADMIN_FAILURES, NO_CONTENT, json } from '../../http/schemas/responses.js';
import { RESULTS_EXAMPLE } from '../standings/examples.js';
import { presentStoredResults } from '../standings/presenter.js';
import { StoredResults } from '../standings/schema.js';
import {
  PATCHED_SCORE_CARD_EXAMPLE,
  PLAYING_HANDICAPS_EXAMPLE,
  SCORE_CARD_EXAMPLE,
  STORED_PLAYING_HANDICAPS_EXAMPLE,
} from './examples.js';
import {
  LeaderboardResultsBody,
  PatchScoreCardBody,
  PlayingHandicapsAnswer,
  PlayingHandicapsBody,
  ScoreCardBody,
  StoredPlayingHandicaps,
  StoredScoreCard,
} from './schema.js';
import {
  getPlayingHandicaps,
  patchScoreCard,
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
        const { orgSlug, userId } = request.params;
        const id = await resolveEventId(db, orgSlug, request.params.id);
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

    app.patch(
      '/orgs/:orgSlug/events/:id/scores/:userId',
      {
        config: { access: 'event-scores' },
        schema: {
          operationId: 'patchScoreCard',
          tags: ['Leaderboards'],
          summary: 'Set or clear single holes of a golfer’s score card',
          description:
            'Holes are numbered from 1 (`{ "holes": { "4": 5, "5": null } }` sets hole 4 to 5 ' +
            'strokes and clears hole 5); holes not named keep their strokes, and a golfer ' +
            'without a card gets one. Patches of different holes of one card, sent at once, ' +
            'all land. A key that is not a hole of the course, or strokes out of range, is a ' +
            '422 naming the hole (`holes.4`).',
          params: EventEntryParams,
          body: PatchScoreCardBody,
          response: {
            200: json(
              StoredScoreCard,
              'The whole card as stored and the leaderboards’ new version.',
              PATCHED_SCORE_CARD_EXAMPLE,
            ),
            ...ADMIN_FAILURES,
          },
        },
      },
      async (request) => {
        const { orgSlug, userId } = request.params;
        const eventId = await resolveEventId(db, orgSlug, request.params.id);
        const { holes, leaderboardVersion } = await patchScoreCard(db, {
          orgSlug,
          eventId,
          userId,
          holes: request.body.holes,
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
        const { orgSlug, userId } = request.params;
        const id = await resolveEventId(db, orgSlug, request.params.id);
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
          params: EventRefParams,
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
      async (request) => {
        const { orgSlug } = request.params;
        const eventId = await resolveEventId(db, orgSlug, request.params.id);
        return { handicaps: await getPlayingHandicaps(db, orgSlug, eventId) };
      },
    );

    app.put(
      '/orgs/:orgSlug/events/:id/handicaps',
      {
        config: { access: 'org' },
        schema: {
          operationId: 'putPlayingHandicaps',
          tags: ['Leaderboards'],
          summary: 'Set the playing handicaps of an event’s golfers; its net boards move at once',
          params: EventRefParams,
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
      async (request) => {
        const { orgSlug } = request.params;
        const eventId = await resolveEventId(db, orgSlug, request.params.id);
        return putPlayingHandicaps(db, { orgSlug, eventId, handicaps: request.body });
      },
    );

    app.post(
      '/orgs/:orgSlug/events/:id/results/from-leaderboard',
      {
        config: { access: 'org' },
        schema: {
          operationId: 'postResultsFromLeaderboard',
          tags: ['Leaderboards'],
          summary: 'Post an event’s final board into a standings series',
          params: EventRefParams,
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
            eventId: await resolveEventId(db, request.params.orgSlug, request.params.id),
            ...request.body,
          }),
        ),
    );
  };
}
