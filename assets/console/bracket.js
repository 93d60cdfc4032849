// One bracket: its seeds, publishing the draw, and each match's result (enter or clear).
import { $, api, el, idParam, page, orgPath, say } from './api.js';

const id = idParam('id');
const path = orgPath(`/brackets/${id}`);

const KINDS = [
  ['holes', 'Won on the holes (e.g. 3&2)'],
  ['extra-holes', 'Won at extra holes'],
  ['conceded', 'Conceded'],
];

function field(id, label, control) {
  return el('p', { class: 'field' }, el('label', { for: id }, label), control);
}

function numberInput(id, name) {
  return el('input', { id, name, type: 'number', min: '0', max: '99' });
}

async function act(work, done) {
  try {
    await work();
    await load();
    say(done);
  } catch (error) {
    say(error.message);
  }
}

function resultForm(match) {
  const key = `match-${match.id}`;
  const winner = el(
    'select',
    { id: `${key}-winner`, name: 'winner' },
    ...match.sides.map((side, index) => el('option', { value: String(index + 1) }, side.name)),
  );
  const kind = el(
    'select',
    { id: `${key}-kind`, name: 'kind' },
    ...KINDS.map(([value, label]) => el('option', { value }, label)),
  );
  const form = el(
    'form',
    { 'aria-label': `Result of ${match.sides.map((side) => side.name).join(' against ')}` },
    field(`${key}-winner`, 'Winner', winner),
    field(`${key}-kind`, 'How', kind),
    field(`${key}-up`, 'Holes up', numberInput(`${key}-up`, 'up')),
    field(`${key}-toPlay`, 'Holes left to play', numberInput(`${key}-toPlay`, 'toPlay')),
    field(
      `${key}-holesPlayed`,
      'Holes played (extra holes)',
      numberInput(`${key}-holesPlayed`, 'holesPlayed'),
    ),
    el('p', {}, el('button', { type: 'submit' }, 'Save result')),
  );
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const values = Object.fromEntries(new FormData(form).entries());
    const body = { winner: Number(values.winner), kind: values.kind };
    for (const name of ['up', 'toPlay', 'holesPlayed']) {
      if (values[name] !== '') body[name] = Number(values[name]);
    }
    void act(() => api('PUT', `${path}/matches/${match.id}/result`, body), 'Result saved.');
  });
  return form;
}

function matchItem(match) {
  // A side not yet known (its feeding match undecided) is null.
  const sides = match.sides
    .map((side) => (side === null ? 'to be decided' : `(${side.seed}) ${side.name}`))
    .join(' v ');
  const item = el('li', { class: 'card' }, el('h3', {}, sides || 'To be decided'));
  if (match.winner !== null) {
    const clear = el('button', { type: 'button' }, `Clear the result of ${sides}`);
    clear.addEventListener('click', () =>
      act(() => api('DELETE', `${path}/matches/${match.id}/result`), 'Result cleared.'),
    );
    item.append(
      el('p', {}, `Won by ${match.sides[match.winner - 1]?.name ?? ''}, ${match.result}`),
      clear,
    );
  } else if (match.sides.length === 2 && match.sides.every((side) => side !== null)) {
    item.append(resultForm(match));
  }
  return item;
}

async function load() {
  const { body } = await api('GET', path);
  $('bracket-title').textContent = body.name;
  document.title = `${body.name} · Clubhouse console`;
  const seeds = body.entrants.map((entrant) => `${entrant.seed}. ${entrant.name}`).join(', ');
  $('bracket-status').textContent =
    `${body.status}${body.champion === null ? '' : `, champion ${body.champion}`} · Seeds: ${seeds}`;
  $('publish').hidden = body.status !== 'draft';
  $('rounds').replaceChildren(
    ...body.rounds.map((round) =>
      el(
        'section',
        {},
        el('h2', {}, round.name),
        el('ol', { class: 'list' }, ...round.matches.map(matchItem)),
      ),
    ),
  );
}

$('publish').addEventListener('click', () =>
  act(() => api('POST', `${path}/publish`), 'The draw is published.'),
);

void page(load);
