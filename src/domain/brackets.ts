/**
 * Match-play knockout brackets (decisions §20): the draw by standard seeding, round names,
 * where a winner goes next, and what a result may say and how it is written.
 */

export const MIN_ENTRANTS = 2;
export const MAX_ENTRANTS = 128;

/** The smallest power of two that holds `entrants`: the bracket's number of first-round slots. */
export function bracketSize(entrants: number): number {
  let size = 1;
  while (size < entrants) size *= 2;
  return size;
}

/** How many rounds a field plays to one champion. */
export function roundCount(entrants: number): number {
  return Math.log2(bracketSize(entrants));
}

/**
 * The seeds of a bracket of `size` slots, top to bottom: 1 v size, then the pairs placed so
 * that the better seed of every pair would meet the strongest opponent last (1, 8, 4, 5, 2,
 * 7, 3, 6 for eight). Seeds 1 and 2 start in opposite halves and can meet only in the final.
 */
export function seedOrder(size: number): number[] {
  let order = [1];
  for (let slots = 2; slots <= size; slots *= 2) {
    order = order.flatMap((seed) => [seed, slots + 1 - seed]);
  }
  return order;
}

/** One first-round match of the draw: its number in the round and the seeds of its sides. */
export interface DrawnMatch {
  number: number;
  /** A seed beyond the field is no one: the other side has a bye. */
  seeds: [number, number | null];
}

/**
 * Round one for a field of `entrants` in seed order. When the field is not a power of two,
 * the missing seeds (beyond the field) are the byes, and standard seeding pairs them with the
 * top seeds: seed 1 meets the last slot, so the byes go to seeds 1, 2, 3… in that order.
 */
export function drawFirstRound(entrants: number): DrawnMatch[] {
  const order = seedOrder(bracketSize(entrants));
  const matches: DrawnMatch[] = [];
  for (let index = 0; index < order.length; index += 2) {
    const top = order[index] ?? 0;
    const bottom = order[index + 1] ?? 0;
    const [better, worse] = top < bottom ? [top, bottom] : [bottom, top];
    matches.push({ number: index / 2 + 1, seeds: [better, worse > entrants ? null : worse] });
  }
  return matches;
}

/** A match of the published draw: its sides' seeds as far as they are known. */
export interface PlacedMatch {
  round: number;
  number: number;
  /** null: not known yet (a later round), or no one (the bye of round one). */
  seeds: [number | null, number | null];
  /** A bye is decided at the draw: side 1 goes through. */
  bye: boolean;
}

/**
 * Every match of the bracket at publication, round by round: round one by standard seeding,
 * the byes decided at once, and each bye's seed already placed in its round-two match.
 */
export function drawBracket(entrants: number): PlacedMatch[] {
  const rounds = roundCount(entrants);
  const matches: PlacedMatch[] = drawFirstRound(entrants).map((match) => ({
    round: 1,
    number: match.number,
    seeds: match.seeds,
    bye: match.seeds[1] === null,
  }));
  for (let round = 2; round <= rounds; round += 1) {
    for (let number = 1; number <= matchesInRound(entrants, round); number += 1) {
      matches.push({ round, number, seeds: [null, null], bye: false });
    }
  }
  for (const match of matches.filter((candidate) => candidate.bye)) {
    const next = nextSlot(match.round, match.number, rounds);
    const target = matches.find(
      (candidate) => candidate.round === next?.round && candidate.number === next.number,
    );
    if (next !== null && target !== undefined) target.seeds[next.side - 1] = match.seeds[0];
  }
  return matches;
}

/** How many matches round `round` (from 1) holds in a bracket of `entrants`. */
export function matchesInRound(entrants: number, round: number): number {
  return bracketSize(entrants) / 2 ** round;
}

/** "Final", "Semifinals", "Quarterfinals", else "Round of N" (N players left). */
export function roundName(round: number, rounds: number): string {
  const left = rounds - round;
  if (left === 0) return 'Final';
  if (left === 1) return 'Semifinals';
  if (left === 2) return 'Quarterfinals';
  return `Round of ${2 ** (left + 1)}`;
}

/** Where the winner of match `number` of `round` plays next; null after the final. */
export function nextSlot(
  round: number,
  number: number,
  rounds: number,
): { round: number; number: number; side: 1 | 2 } | null {
  if (round >= rounds) return null;
  return { round: round + 1, number: Math.ceil(number / 2), side: number % 2 === 1 ? 1 : 2 };
}

export type ResultKind = 'holes' | 'extra-holes' | 'conceded';

/** A result as an organizer enters it. */
export interface ResultInput {
  winner: 1 | 2;
  kind: ResultKind;
  up?: number | undefined;
  toPlay?: number | undefined;
  holesPlayed?: number | undefined;
}

/** A result as stored: the fields its kind uses, null for the others. */
export interface MatchResult {
  winner: 1 | 2;
  kind: ResultKind;
  up: number | null;
  toPlay: number | null;
  holesPlayed: number | null;
}

const FIELDS_OF_KIND: Record<ResultKind, readonly ('up' | 'toPlay' | 'holesPlayed')[]> = {
  holes: ['up', 'toPlay'],
  'extra-holes': ['holesPlayed'],
  conceded: [],
};

/**
 * A result checked against match-play arithmetic for a match of `holesPerMatch` holes: a
 * result errors map naming each wrong field, or the result to store. A `holes` win ends the
 * match when the lead passes the holes left, so the lead is one or two more than the holes
 * to play (3&2, 3&1; 1 up or 2 up after the last hole), and no lead exceeds the holes played.
 */
export function checkResult(
  input: ResultInput,
  holesPerMatch: number,
): { errors: Record<string, string> } | { result: MatchResult } {
  const errors: Record<string, string> = {};
  const uses = FIELDS_OF_KIND[input.kind];
  for (const field of ['up', 'toPlay', 'holesPlayed'] as const) {
    if (input[field] !== undefined && !uses.includes(field)) {
      errors[field] = `is not given for a result of kind ${input.kind}`;
    }
  }
  for (const field of uses) {
    if (input[field] === undefined)
      errors[field] = `is required for a result of kind ${input.kind}`;
  }
  if (Object.keys(errors).length > 0) return { errors };
  if (input.kind === 'holes') {
    const up = input.up ?? 0;
    const toPlay = input.toPlay ?? 0;
    if (toPlay >= holesPerMatch) {
      errors.toPlay = `must be fewer than the ${holesPerMatch} holes of a match`;
    } else if (up - toPlay !== 1 && up - toPlay !== 2) {
      errors.up =
        'must be one or two more than toPlay: a match ends as soon as the lead passes the holes left';
    } else if (up > holesPerMatch - toPlay) {
      errors.up = `must be at most the ${holesPerMatch - toPlay} holes played`;
    }
  }
  if (input.kind === 'extra-holes' && (input.holesPlayed ?? 0) <= holesPerMatch) {
    errors.holesPlayed = `must be more than the ${holesPerMatch} holes of a match`;
  }
  if (Object.keys(errors).length > 0) return { errors };
  return {
    result: {
      winner: input.winner,
      kind: input.kind,
      up: input.up ?? null,
      toPlay: input.toPlay ?? null,
      holesPlayed: input.holesPlayed ?? null,
    },
  };
}

/** How a result is written: "3&2", "1 up", "2 up", "1 up (19 holes)", "conceded". */
export function resultWords(result: Omit<MatchResult, 'winner'>): string {
  switch (result.kind) {
    case 'holes':
      return result.toPlay === 0 || result.toPlay === null
        ? `${result.up ?? 0} up`
        : `${result.up ?? 0}&${result.toPlay}`;
    case 'extra-holes':
      return `1 up (${result.holesPlayed ?? 0} holes)`;
    case 'conceded':
      return 'conceded';
  }
}
