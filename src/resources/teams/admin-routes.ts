import { deleteTeam } from '../registrations/service.js';
import type { App, AppContext } from '../../http/context.js';
import { LeagueTeamParams } from '../../http/schemas/common.js';
import { resolveLeagueId } from '../leagues/service.js';
import { ADMIN_FAILURES, NO_CONTENT } from '../../http/schemas/responses.js';

export function adminTeamRoutes(context: AppContext) {
  const db = context.database.db;
  return async function register(app: App): Promise<void> {
    app.delete(
      '/orgs/:orgSlug/event-series/:id/teams/:teamId',
      {
        config: { access: 'org' },
        schema: {
          operationId: 'deleteTeam',
          tags: ['Teams'],
          summary: 'Delete a team and its invites',
          params: LeagueTeamParams,
          response: { ...NO_CONTENT, ...ADMIN_FAILURES },
        },
      },
      async (request, reply) => {
        const { orgSlug, teamId } = request.params;
        const leagueId = await resolveLeagueId(db, orgSlug, request.params.id);
        await deleteTeam(db, { orgSlug, leagueId, teamId });
        return reply.code(204).send(null);
      },
    );
  };
}
