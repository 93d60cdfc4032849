import type { League, Org } from '../db/schema.js';
import { NotFoundError } from '../domain/errors.js';
import { isPublicLeagueStatus } from '../domain/visibility.js';
import type { Executor } from '../db/executor.js';
import { findLeagueById, lockLeague } from '../resources/leagues/store.js';
import { findOrgBySlug } from '../resources/orgs/store.js';

export async function requireOrg(db: Executor, orgSlug: string): Promise<Org> {
  const org = await findOrgBySlug(db, orgSlug);
  if (org === undefined) throw new NotFoundError();
  return org;
}

/** Where a league is looked up from: the public sees only public leagues, admins see all. */
export type Audience = 'public' | 'admin';

function visibleTo(league: League | undefined, audience: Audience): League {
  if (league === undefined) throw new NotFoundError();
  if (audience === 'public' && !isPublicLeagueStatus(league.status)) throw new NotFoundError();
  return league;
}

export async function requireLeagueById(
  db: Executor,
  orgSlug: string,
  id: number,
  audience: Audience,
): Promise<{ org: Org; league: League }> {
  const org = await requireOrg(db, orgSlug);
  return { org, league: visibleTo(await findLeagueById(db, org.id, id), audience) };
}

/** An org's league, any status, locked until the transaction ends. */
export async function requireLockedLeague(
  trx: Executor,
  orgSlug: string,
  id: number,
): Promise<{ org: Org; league: League }> {
  const org = await requireOrg(trx, orgSlug);
  const league = await lockLeague(trx, id, org.id);
  if (league === undefined) throw new NotFoundError();
  return { org, league };
}
