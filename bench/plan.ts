import type { Insertable } from 'kysely';
import type { LeagueStatus, UsersTable } from '../src/db/schema.js';
import type { BulkTeam } from '../src/resources/registrations/service.js';
import type { Sizes } from './options.js';

export const BENCH_ORG = { slug: 'bench-golf-club', name: 'Bench Golf Club', timezone: 'UTC' };

/** One league of the bench org and how many golfers it seats. */
export interface LeaguePlan {
  slug: string;
  name: string;
  status: LeagueStatus;
  entrySize: number;
  feePerEntry: boolean;
  golfers: number;
}

/** Every fourth league, from the second on, is a team league. */
function isTeamLeague(index: number): boolean {
  return index % 4 === 1;
}

/** Mostly open and active leagues, some completed, every tenth a draft (hidden from the list). */
function statusOf(index: number): LeagueStatus {
  if (index % 10 === 9) return 'draft';
  if (index % 5 === 4) return 'completed';
  return index % 2 === 0 ? 'open' : 'active';
}

/**
 * The leagues, the first an open individual league and the second an active team league
 * (the ones the endpoints read). A team league seats its share of golfers up to `teams` full
 * teams; the individual leagues share everyone else evenly.
 */
export function planLeagues(sizes: Sizes): LeaguePlan[] {
  const share = Math.floor(sizes.golfers / sizes.leagues);
  const plans: LeaguePlan[] = [];
  for (let index = 0; index < sizes.leagues; index += 1) {
    const team = isTeamLeague(index);
    const teamOrdinal = Math.floor(index / 4);
    const entrySize = team ? (teamOrdinal % 2 === 0 ? 2 : 4) : 1;
    const number = String(index + 1).padStart(3, '0');
    plans.push({
      slug: `league-${number}`,
      name: `${team ? 'Team' : 'Individual'} League ${number}`,
      status: statusOf(index),
      entrySize,
      feePerEntry: team && teamOrdinal % 2 === 0,
      golfers: team ? Math.min(share, sizes.teams * entrySize) : 0,
    });
  }
  const individual = plans.filter((plan) => plan.entrySize === 1);
  const seatedInTeams = plans.reduce((sum, plan) => sum + plan.golfers, 0);
  const rest = sizes.golfers - seatedInTeams;
  for (const [position, plan] of individual.entries()) {
    plan.golfers =
      Math.floor(rest / individual.length) + (position < rest % individual.length ? 1 : 0);
  }
  return plans;
}

const FIRST_NAMES = [
  'Ava', 'Ben', 'Carla', 'Dev', 'Elena', 'Finn', 'Grace', 'Hiro', 'Isla', 'Jonah',
  'Kira', 'Liam', 'Maya', 'Noah', 'Olga', 'Pavel', 'Quinn', 'Rosa', 'Sami', 'Tara',
]; // prettier-ignore
const LAST_NAMES = [
  'Palmer', 'Hogan', 'Nicklaus', 'Sarazen', 'Vardon', 'Snead', 'Jones', 'Matsuda',
  'Ouimet', 'Hagen', 'Player', 'Watson', 'Faldo', 'Norman', 'Els', 'Sorenstam',
]; // prettier-ignore

/** Golfers `from` to `from + count - 1`, with unique addresses and a mix of names. */
export function golferRows(from: number, count: number): Insertable<UsersTable>[] {
  const rows: Insertable<UsersTable>[] = [];
  for (let number = from; number < from + count; number += 1) {
    rows.push({
      email: `golfer${number}@bench.example.com`,
      first_name: FIRST_NAMES[number % FIRST_NAMES.length] ?? 'Golfer',
      last_name: LAST_NAMES[Math.floor(number / FIRST_NAMES.length) % LAST_NAMES.length] ?? '',
    });
  }
  return rows;
}

/** Splits a team league's golfers into teams of the entry size (the last may be partial). */
export function teamsOf(userIds: number[], entrySize: number): BulkTeam[] {
  const teams: BulkTeam[] = [];
  for (let start = 0; start < userIds.length; start += entrySize) {
    const number = String(teams.length + 1).padStart(6, '0');
    teams.push({ name: `Team ${number}`, userIds: userIds.slice(start, start + entrySize) });
  }
  return teams;
}
