// One league: its settings, its roster (register, withdraw).
import { $, api, el, fill, idParam, onSubmit, options, orgPath, page, row } from './api.js';

const id = idParam('id');
const path = orgPath(`/event-series/${id}`);

async function load() {
  const [{ body: league }, { body: golfers }] = await Promise.all([
    api('GET', path),
    api('GET', orgPath('/golfers?limit=100')),
  ]);
  $('league-title').textContent = league.name;
  document.title = `${league.name} · Clubhouse console`;
  for (const name of ['name', 'seasonLabel', 'status']) $(name).value = league[name];
  fill(
    'roster',
    league.roster.map((golfer) => {
      const name = `${golfer.firstName} ${golfer.lastName}`;
      const withdraw = el('button', { type: 'button' }, `Withdraw ${name}`);
      withdraw.addEventListener('click', async () => {
        await api('DELETE', `${path}/registrations/${golfer.userId}`);
        await load();
      });
      return row(name, golfer.status, golfer.status === 'active' ? withdraw : '');
    }),
  );
  const active = new Set(
    league.roster.filter((golfer) => golfer.status === 'active').map((golfer) => golfer.userId),
  );
  options(
    'golfer',
    golfers.users.filter((golfer) => !active.has(golfer.id)),
    (golfer) => `${golfer.firstName} ${golfer.lastName} (${golfer.email})`,
    'Pick a golfer',
  );
}

onSubmit('edit-league', async (values) => {
  await api('PATCH', path, values);
  await load();
  return 'League saved.';
});

onSubmit('register', async ({ golfer }) => {
  if (golfer === undefined || golfer === '') return 'Add the golfer on the Golfers page first.';
  await api('POST', `${path}/registrations`, { userId: Number(golfer) });
  await load();
  return 'Golfer registered.';
});

void page(load);
