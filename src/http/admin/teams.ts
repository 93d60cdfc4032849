import Type from 'typebox';
import { deleteTeam } from '../../services/registration.js';
import type { App, AppContext } from '../context.js';
import { TeamParams } from '../schemas/common.js';
import { adminFailures } from './failures.js';

export function adminTeamRoutes(context: AppContext) {
  const db = context.database.db;
  return async function register(app: App): Promise<void> {
    app.delete(
      '/orgs/:orgSlug/event-series/:id/teams/:teamId',
      { schema: { params: TeamParams, response: { 204: Type.Null(), ...adminFailures } } },
      async (request, reply) => {
        const { orgSlug, id, teamId } = request.params;
        await deleteTeam(db, { orgSlug, leagueId: id, teamId });
        return reply.code(204).send(null);
      },
    );
  };
}
