import { HISTORY_HOLES, cardResiduals, holeDifficulty } from '../../domain/odds.js';
import type { OrgCard } from './store.js';

/** The night the odds are for: which cards are its own, which came before it. */
export interface OddsNight {
  id: number;
  startAt: Date;
  courseName: string | null;
}

/** What the model learns from the org's cards, for one night (decisions §15). */
export interface NightModel {
  difficulty: number[];
  fieldResiduals: number[];
  /** A golfer's own residuals, given their card of tonight as the boards were scored. */
  residualsOf: (userId: number, tonight: readonly (number | null)[]) => number[];
}

/** A course is its name and its pars: nights on it share each hole's difficulty. */
const courseKey = (name: string | null, pars: readonly number[]) => JSON.stringify([name, pars]);

/**
 * Each hole's difficulty is the mean over par of the org's cards on the same course,
 * tonight's included; the field's residuals are every residual of the org's cards. A
 * golfer's own residuals are their newest 200 holes: tonight's played holes first (they
 * say most about the golfer's form), then nights that started no later than this one.
 * `cards` come newest night first (see `orgCards`). Runs on the event loop once per board
 * version, so it stays linear in the org's cards.
 */
export function nightModel(
  night: OddsNight,
  pars: readonly number[],
  cards: readonly OrgCard[],
): NightModel {
  const keys = cards.map((card) => courseKey(card.courseName, card.pars));
  const byCourse = new Map<string, OrgCard[]>();
  for (const [index, card] of cards.entries()) {
    const key = keys[index] ?? '';
    const course = byCourse.get(key);
    if (course === undefined) byCourse.set(key, [card]);
    else course.push(card);
  }
  const difficultyOf = new Map(
    [...byCourse].map(([key, course]) => [
      key,
      holeDifficulty(
        course[0]?.pars ?? [],
        course.map((card) => card.holes),
      ),
    ]),
  );
  const earlier = new Map<number, number[]>();
  const fieldResiduals: number[] = [];
  for (const [index, card] of cards.entries()) {
    const difficulty = difficultyOf.get(keys[index] ?? '') ?? [];
    const residuals = cardResiduals(card.holes, card.pars, difficulty);
    for (const residual of residuals) fieldResiduals.push(residual);
    if (card.eventId !== night.id && card.startAt.getTime() <= night.startAt.getTime()) {
      const history = earlier.get(card.userId) ?? [];
      if (history.length >= HISTORY_HOLES) continue;
      for (const residual of residuals) history.push(residual);
      earlier.set(card.userId, history);
    }
  }
  const difficulty = difficultyOf.get(courseKey(night.courseName, pars)) ?? pars.map(() => 0);
  return {
    difficulty,
    fieldResiduals,
    residualsOf: (userId, tonight) =>
      [...cardResiduals(tonight, pars, difficulty), ...(earlier.get(userId) ?? [])].slice(
        0,
        HISTORY_HOLES,
      ),
  };
}
