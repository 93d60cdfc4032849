import type { App, AppContext } from '../../http/context.js';
import { TeamParams } from '../../http/schemas/common.js';
import { publicRead } from '../../http/schemas/responses.js';
import { TEAM_EXAMPLE } from './examples.js';
import { presentTeamSummary } from './presenter.js';
import { TeamSummary } from './schema.js';
import { getPublicTeam } from './service.js';

export function teamRoutes(context: AppContext) {
  const db = context.database.db;
  return async function register(app: App): Promise<void> {
    app.get(
      '/orgs/:orgSlug/event-series/:id/teams/:teamId',
      {
        schema: {
          operationId: 'getTeam',
          tags: ['Teams'],
          summary: 'A team’s public summary (names and seat counts)',
          params: TeamParams,
          response: publicRead(TeamSummary, 'The team’s names and seats.', TEAM_EXAMPLE),
        },
      },
      async (request) =>
        presentTeamSummary(
          await getPublicTeam(db, {
            orgSlug: request.params.orgSlug,
            leagueId: request.params.id,
            teamId: request.params.teamId,
          }),
        ),
    );
  };
}
