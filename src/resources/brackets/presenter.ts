import type { BracketMatch as MatchRow } from '../../db/schema.js';
import { resultWords, roundName } from '../../domain/brackets.js';
import { displayName } from '../../domain/names.js';
import type {
  AdminBracket,
  AdminBracketList,
  BracketList,
  BracketMatch,
  BracketRound,
  BracketSide,
  PublicBracket,
} from './schema.js';
import type { BracketView } from './service.js';
import type { BracketListRow, NamedEntrant } from './store.js';

/** A golfer's name, or a team's. */
function nameOf(entrant: Pick<NamedEntrant, 'first_name' | 'last_name' | 'team_name'>): string {
  if (entrant.team_name !== null) return entrant.team_name;
  return displayName({ first_name: entrant.first_name ?? '', last_name: entrant.last_name ?? '' });
}

function sideOf(entrants: ReadonlyMap<number, NamedEntrant>, id: number | null): BracketSide {
  const entrant = id === null ? undefined : entrants.get(id);
  if (entrant === undefined) return null;
  return { seed: entrant.seed, name: nameOf(entrant), teamName: entrant.team_name };
}

function resultOf(match: MatchRow): string | null {
  if (match.kind === null) return null;
  if (match.kind === 'bye') return 'bye';
  return resultWords({
    kind: match.kind,
    up: match.up,
    toPlay: match.to_play,
    holesPlayed: match.holes_played,
  });
}

function presentMatch(entrants: ReadonlyMap<number, NamedEntrant>, match: MatchRow): BracketMatch {
  return {
    id: match.id,
    number: match.number,
    sides: [sideOf(entrants, match.side1_entrant_id), sideOf(entrants, match.side2_entrant_id)],
    winner: match.winner,
    result: resultOf(match),
  };
}

/** The winner of the last round's match, by name; null until it is played. */
function championOf(view: BracketView): string | null {
  const final = view.matches.at(-1);
  if (final?.winner === undefined || final.winner === null) return null;
  const id = final.winner === 1 ? final.side1_entrant_id : final.side2_entrant_id;
  const entrant = view.entrants.find((candidate) => candidate.id === id);
  return entrant === undefined ? null : nameOf(entrant);
}

function presentRounds(view: BracketView): BracketRound[] {
  const entrants = new Map(view.entrants.map((entrant) => [entrant.id, entrant]));
  const rounds = view.matches.at(-1)?.round ?? 0;
  return Array.from({ length: rounds }, (_, index) => ({
    number: index + 1,
    name: roundName(index + 1, rounds),
    matches: view.matches
      .filter((match) => match.round === index + 1)
      .map((match) => presentMatch(entrants, match)),
  }));
}

function publicStatus(decided: boolean): 'in-progress' | 'completed' {
  return decided ? 'completed' : 'in-progress';
}

function championOfRow(row: BracketListRow): string | null {
  return row.decided ? nameOf(row) : null;
}

export function presentBracket(view: BracketView): PublicBracket {
  const champion = championOf(view);
  return {
    slug: view.bracket.slug,
    name: view.bracket.name,
    status: publicStatus(champion !== null),
    holesPerMatch: view.bracket.holes_per_match,
    champion,
    rounds: presentRounds(view),
  };
}

export function presentBracketList(rows: readonly BracketListRow[]): BracketList {
  return {
    brackets: rows.map((row) => ({
      slug: row.slug,
      name: row.name,
      status: publicStatus(row.decided),
      holesPerMatch: row.holes_per_match,
      champion: championOfRow(row),
    })),
  };
}

export function presentAdminBracket(view: BracketView): AdminBracket {
  const { bracket } = view;
  const shown = presentBracket(view);
  return {
    id: bracket.id,
    slug: bracket.slug,
    name: bracket.name,
    status: bracket.status === 'draft' ? 'draft' : shown.status,
    holesPerMatch: bracket.holes_per_match,
    champion: shown.champion,
    entrants: view.entrants.map((entrant) => ({
      seed: entrant.seed,
      userId: entrant.user_id,
      teamId: entrant.team_id,
      name: nameOf(entrant),
    })),
    rounds: shown.rounds,
  };
}

export function presentAdminBracketList(list: {
  count: number;
  rows: readonly BracketListRow[];
}): AdminBracketList {
  return {
    count: list.count,
    brackets: list.rows.map((row) => ({
      id: row.id,
      slug: row.slug,
      name: row.name,
      status: row.status === 'draft' ? 'draft' : publicStatus(row.decided),
      holesPerMatch: row.holes_per_match,
      champion: championOfRow(row),
    })),
  };
}
