import type { LeagueStatus } from '../db/schema.js';

/** Statuses a visitor may see; every other league is indistinguishable from an unknown one. */
export const PUBLIC_LEAGUE_STATUSES = [
  'open',
  'active',
  'completed',
] as const satisfies readonly LeagueStatus[];

export type PublicLeagueStatus = (typeof PUBLIC_LEAGUE_STATUSES)[number];

export const LEAGUE_STATUSES = [
  ...PUBLIC_LEAGUE_STATUSES,
  'draft',
  'private',
] as const satisfies readonly LeagueStatus[];

export function isPublicLeagueStatus(status: LeagueStatus): boolean {
  return (PUBLIC_LEAGUE_STATUSES as readonly LeagueStatus[]).includes(status);
}
