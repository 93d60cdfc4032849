// Brackets: the club's match-play brackets, and a new draft seeded from its golfers.
import { CONSOLE, api, el, fill, onSubmit, orgPath, page, row } from './api.js';

/** Golfers in the order they were ticked: that order is the seeding. */
let seeds = [];

async function load() {
  const [{ body }, { body: golfers }] = await Promise.all([
    api('GET', orgPath('/brackets?limit=100')),
    api('GET', orgPath('/golfers?limit=100')),
  ]);
  fill(
    'brackets',
    body.brackets.map((bracket) =>
      row(
        el('a', { href: `${CONSOLE}/bracket?id=${bracket.id}` }, bracket.name),
        bracket.status,
        bracket.champion ?? '',
      ),
    ),
  );
  seeds = [];
  fill(
    'entrants',
    golfers.users.map((golfer) => {
      const id = `entrant-${golfer.id}`;
      const box = el('input', { type: 'checkbox', id });
      box.addEventListener('change', () => {
        seeds = box.checked ? [...seeds, golfer.id] : seeds.filter((one) => one !== golfer.id);
      });
      return el(
        'p',
        { class: 'check' },
        box,
        // The address tells apart two golfers of one name.
        el(
          'label',
          { for: id },
          `${golfer.firstName} ${golfer.lastName} `,
          el('span', { class: 'long help' }, golfer.email),
        ),
      );
    }),
  );
}

onSubmit('create-bracket', async ({ name, slug, holesPerMatch }) => {
  const { body } = await api('POST', orgPath('/brackets'), {
    name,
    slug,
    holesPerMatch: Number(holesPerMatch),
    entrants: seeds.map((userId) => ({ userId })),
  });
  window.location.assign(`${CONSOLE}/bracket?id=${body.id}`);
});

void page(load);
