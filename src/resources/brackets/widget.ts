import { html, type Html } from '../../http/embed/html.js';
import type { Widget, WidgetContext } from '../../http/embed/parts.js';
import { presentBracket, presentBracketList } from './presenter.js';
import type { BracketMatch, BracketSide, PublicBracket } from './schema.js';
import { getPublicBracket, listPublicBrackets } from './service.js';

/**
 * The bracket the `bracket` option names (a draft or unknown slug: 404), else the org's
 * newest published one, or none.
 */
async function bracketOf(context: WidgetContext): Promise<PublicBracket | null> {
  const { db, org, options } = context;
  let slug = options.bracket;
  if (slug === undefined || slug === '') {
    slug = presentBracketList(await listPublicBrackets(db, org.slug)).brackets[0]?.slug;
    if (slug === undefined) return null;
  }
  return presentBracket(await getPublicBracket(db, org.slug, slug));
}

function side(match: BracketMatch, index: 0 | 1): Html {
  const entrant: BracketSide = match.sides[index] ?? null;
  const won = match.winner === index + 1;
  const who =
    entrant === null
      ? html`<span class="muted">${match.result === 'bye' ? 'Bye' : 'To be decided'}</span>`
      : html`<span class="seed"><span class="visually-hidden">Seed </span>${entrant.seed}</span>
          ${entrant.name}`;
  return html`<li class="${won ? 'side won' : 'side'}">
    ${who}${won ? html` <span class="visually-hidden">(winner)</span>` : ''}
  </li>`;
}

function matchCard(match: BracketMatch): Html {
  return html`<li class="match">
    <ul class="sides" aria-label="Match ${match.number}">
      ${side(match, 0)}${side(match, 1)}
    </ul>
    <p class="result">${match.result ?? html`<span class="muted">Not played</span>`}</p>
  </li>`;
}

/**
 * The draw as a tree: one column per round, each a list of its matches, in a region that
 * scrolls sideways when the rounds do not fit (keyboard users scroll it once focused).
 */
export const bracketWidget: Widget = {
  name: 'bracket',
  label: 'Bracket',
  gallery: (demo) => [
    {
      what: 'A match-play bracket: rounds as columns, seeds, results and the champion.',
      data: { bracket: demo.bracket },
    },
  ],
  async render(context) {
    const bracket = await bracketOf(context);
    if (bracket === null) return html`<p>No brackets yet.</p>`;
    const champion =
      bracket.champion === null
        ? html`<p class="muted">In progress · ${bracket.holesPerMatch}-hole matches</p>`
        : html`<p class="champion">Champion: <strong>${bracket.champion}</strong></p>`;
    return html`<h2>${bracket.name}</h2>
      ${champion}
      <div class="bracket" role="region" aria-label="${bracket.name}, by round" tabindex="0">
        <ol class="rounds">
          ${bracket.rounds.map(
            (round) =>
              html`<li class="round">
                <h3>${round.name}</h3>
                <ol class="matches">
                  ${round.matches.map(matchCard)}
                </ol>
              </li>`,
          )}
        </ol>
      </div>`;
  },
};
