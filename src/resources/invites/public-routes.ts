import Type from 'typebox';
import type { App, AppContext } from '../../http/context.js';
import { publicRead } from '../../http/schemas/responses.js';
import { INVITE_EXAMPLE } from './examples.js';
import { presentInviteResolution } from './presenter.js';
import { InviteResolution } from './schema.js';
import { resolveInvite } from './service.js';

export function inviteRoutes(context: AppContext) {
  const db = context.database.db;
  return async function register(app: App): Promise<void> {
    app.get(
      '/event-series-invites/:token',
      {
        schema: {
          operationId: 'resolveInvite',
          tags: ['Invites'],
          summary: 'Resolve a partner invite',
          description:
            'Keeps resolving after the golfer registers (`accepted: true`) until the team is ' +
            'deleted. Answers are never cached (`no-store`) and send no referrer.',
          params: Type.Object({
            token: Type.String({
              pattern: '^[A-Za-z0-9_-]+$',
              minLength: 16,
              maxLength: 128,
              description: 'The `inviteToken` of the emailed link.',
            }),
          }),
          response: publicRead(
            InviteResolution,
            'The invite, its league and team.',
            INVITE_EXAMPLE,
          ),
        },
        // Before validation, so that every answer about a token, 404s included, carries them.
        onRequest: async (_request, reply) => {
          void reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
        },
      },
      async (request) => presentInviteResolution(await resolveInvite(db, request.params.token)),
    );
  };
}
