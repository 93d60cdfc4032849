/**
 * The unofficial league handicap of decisions §19: never called a Handicap Index. Every
 * number it gives can be reproduced by hand from the golfer's complete cards.
 */

/** A golfer's card of an event with pars: one par per hole, strokes or null per hole. */
export interface PlayedCard {
  pars: readonly number[];
  holes: readonly (number | null)[];
}

/** A complete card: strokes on every hole of its pars. */
export interface CompleteCard extends PlayedCard {
  holes: readonly number[];
}

/** Whether the card has strokes on every hole of its pars: only complete cards count. */
export function isComplete(card: PlayedCard): card is CompleteCard {
  return card.holes.length === card.pars.length && card.holes.every((hole) => hole !== null);
}

/** The league handicap, or null below the fewest cards it needs. */
export interface LeagueHandicap {
  /** One decimal. */
  value: number;
  /** Cards it was worked out from (at most `CARDS_CONSIDERED`). */
  rounds: number;
  /** True while fewer than `CARDS_CONSIDERED` cards count. */
  provisional: boolean;
}

/** Only the newest this many complete cards are considered. */
export const CARDS_CONSIDERED = 20;

/** A hole counts at most this many strokes over its par. */
export const MAX_OVER_PAR_PER_HOLE = 2;

/**
 * For each number of cards, how many of the lowest differentials are averaged and what is
 * added to the average (the World Handicap System's table). Fewer than 3 cards: no handicap.
 */
export const DIFFERENTIALS_COUNTED: Readonly<
  Record<number, { lowest: number; adjustment: number }>
> = {
  3: { lowest: 1, adjustment: -2 },
  4: { lowest: 1, adjustment: -1 },
  5: { lowest: 1, adjustment: 0 },
  6: { lowest: 2, adjustment: -1 },
  7: { lowest: 2, adjustment: 0 },
  8: { lowest: 2, adjustment: 0 },
  9: { lowest: 3, adjustment: 0 },
  10: { lowest: 3, adjustment: 0 },
  11: { lowest: 3, adjustment: 0 },
  12: { lowest: 4, adjustment: 0 },
  13: { lowest: 4, adjustment: 0 },
  14: { lowest: 4, adjustment: 0 },
  15: { lowest: 5, adjustment: 0 },
  16: { lowest: 5, adjustment: 0 },
  17: { lowest: 6, adjustment: 0 },
  18: { lowest: 6, adjustment: 0 },
  19: { lowest: 7, adjustment: 0 },
  20: { lowest: 8, adjustment: 0 },
};

/** Strokes with each hole capped at par + 2, so that one disaster hole counts little. */
export function adjustedStrokes(card: CompleteCard): number {
  return card.holes.reduce(
    (total, strokes, hole) =>
      total + Math.min(strokes, (card.pars[hole] ?? strokes) + MAX_OVER_PAR_PER_HOLE),
    0,
  );
}

/** Adjusted strokes over the card's par, scaled to 18 holes (a 9-hole card counts double). */
export function differential(card: CompleteCard): number {
  const par = card.pars.reduce((total, holePar) => total + holePar, 0);
  return ((adjustedStrokes(card) - par) * 18) / card.pars.length;
}

/**
 * The league handicap from the cards chosen to count, newest first: the one way it is
 * worked out, whoever chooses the cards (a player's profile: their cards of public
 * events; a net board: their cards of the org's nights before that one). Of the newest 20
 * complete cards, the lowest differentials as the table says, averaged, plus the table's
 * adjustment, rounded to one decimal (halves up). Incomplete cards do not count.
 */
export function leagueHandicap(cardsNewestFirst: readonly PlayedCard[]): LeagueHandicap | null {
  const considered = cardsNewestFirst.filter(isComplete).slice(0, CARDS_CONSIDERED);
  const rule = DIFFERENTIALS_COUNTED[considered.length];
  if (rule === undefined) return null;
  const lowest = considered
    .map(differential)
    .sort((a, b) => a - b)
    .slice(0, rule.lowest);
  const sum = lowest.reduce((total, value) => total + value, 0);
  // In tenths, so that a half is a whole number of twentieths and rounds the same everywhere.
  const tenths = Math.round((sum * 10) / rule.lowest + rule.adjustment * 10);
  return {
    value: tenths / 10,
    rounds: considered.length,
    provisional: considered.length < CARDS_CONSIDERED,
  };
}
