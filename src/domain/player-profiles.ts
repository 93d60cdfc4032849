import { leagueHandicap, type LeagueHandicap } from './handicaps.js';
import { rankTotals, type Total } from './ranking.js';

/**
 * A player's public profile (decisions §19), from what the golfer did in one org's public
 * leagues, events and standings. Every number is worked out here from the rows given, so
 * that a profile can be checked by hand against the cards.
 */

/** Only the newest this many complete cards are listed. */
export const RECENT_RESULTS = 20;

export interface ProfileLeague {
  slug: string;
  name: string;
  teamName: string | null;
}

/** A complete card of a public event with pars, with its place among the event's cards. */
export interface ProfileCard {
  event: { slug: string; title: string; startDate: string };
  pars: readonly number[];
  holes: readonly number[];
  /** Competition rank among the event's complete cards by strokes. */
  place: number;
  /** Complete cards of the event on the same strokes, this one included. */
  same: number;
}

export interface RecentResult {
  event: { slug: string; title: string; startDate: string };
  /** "1", or "T2" when tied, as on boards. */
  position: string;
  holes: number;
  strokes: number;
  toPar: number;
}

/** One table of a standings series: every competitor's total, and which one is the golfer. */
export interface ProfileStandingsTable {
  seriesId: number;
  seriesName: string;
  totals: readonly Total[];
  competitorId: number;
}

export interface ProfileStanding {
  seriesId: number;
  seriesName: string;
  rank: number;
  points: number;
}

export interface PlayerProfile {
  slug: string;
  name: string;
  leagues: ProfileLeague[];
  handicap: LeagueHandicap | null;
  recentResults: RecentResult[];
  standings: ProfileStanding[];
}

function sum(values: readonly number[]): number {
  return values.reduce((total, value) => total + value, 0);
}

/** A card as a listed result: strokes, par difference and place. */
export function recentResult(card: ProfileCard): RecentResult {
  const strokes = sum(card.holes);
  return {
    event: card.event,
    position: `${card.same > 1 ? 'T' : ''}${card.place}`,
    holes: card.holes.length,
    strokes,
    toPar: strokes - sum(card.pars),
  };
}

/** The golfer's place in each table, in the order given. */
function standingsPlaces(tables: readonly ProfileStandingsTable[]): ProfileStanding[] {
  return tables.flatMap((table) => {
    const row = rankTotals(table.totals).find(
      (candidate) => candidate.competitorId === table.competitorId,
    );
    return row === undefined
      ? []
      : [
          {
            seriesId: table.seriesId,
            seriesName: table.seriesName,
            rank: row.rank,
            points: row.points,
          },
        ];
  });
}

/** The profile from the golfer's leagues, complete cards (newest first) and standings. */
export function playerProfile(input: {
  slug: string;
  name: string;
  leagues: readonly ProfileLeague[];
  cardsNewestFirst: readonly ProfileCard[];
  standings: readonly ProfileStandingsTable[];
}): PlayerProfile {
  const recent = input.cardsNewestFirst.slice(0, RECENT_RESULTS);
  return {
    slug: input.slug,
    name: input.name,
    leagues: [...input.leagues],
    handicap: leagueHandicap(input.cardsNewestFirst),
    recentResults: recent.map(recentResult),
    standings: standingsPlaces(input.standings),
  };
}
