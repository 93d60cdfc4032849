import { deleteTeam } from '../registrations/service.js';
import type { App, AppContext } from '../../http/context.js';
import { TeamParams } from '../../http/schemas/common.js';
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
          params: TeamParams,
          response: { ...NO_CONTENT, ...ADMIN_FAILURES },
        },
      },
      async (request, reply) => {
        const { orgSlug, id, teamId } = request.params;
        await deleteTeam(db, { orgSlug, leagueId: id, teamId });
        return reply.code(204).send(null);
      },
    );
  };
}
