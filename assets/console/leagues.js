// Leagues: the club's leagues of every status, and a new one.
import { CONSOLE, api, el, fill, onSubmit, orgPath, page, row } from './api.js';

async function load() {
  const { body } = await api('GET', orgPath('/event-series?limit=100'));
  fill(
    'leagues',
    body.leagues.map((league) =>
      row(
        el('a', { href: `${CONSOLE}/league?id=${league.id}` }, league.name),
        league.status,
        String(league.memberCount),
      ),
    ),
  );
}

onSubmit('create-league', async ({ name, slug, seasonLabel, status }) => {
  await api('POST', orgPath('/event-series'), {
    name,
    slug,
    seasonLabel,
    status,
    feeMembersCents: 0,
    entrySize: 1,
  });
  await load();
  return `League ${name} created.`;
});

void page(load);
