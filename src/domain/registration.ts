import type { LeagueStatus } from '../db/schema.js';

export interface RegistrationWindow {
  status: LeagueStatus;
  registrationOpensAt: string | null;
  registrationClosesAt: string | null;
}

/**
 * Why a league takes no registrations on `today` (its org's calendar day), or null when it
 * does. The window is inclusive on both days.
 */
export function registrationClosedReason(league: RegistrationWindow, today: string): string | null {
  if (league.status === 'completed') return 'This league is completed and takes no registrations.';
  if (league.registrationOpensAt !== null && today < league.registrationOpensAt) {
    return `Registration opens on ${league.registrationOpensAt}.`;
  }
  if (league.registrationClosesAt !== null && today > league.registrationClosesAt) {
    return `Registration closed on ${league.registrationClosesAt}.`;
  }
  return null;
}
