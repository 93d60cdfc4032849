// One league: its settings, its crest, its roster (register, withdraw) and, in a team
// league, its teams with their members and pending invites (delete, after a confirm step).
import {
  $,
  api,
  confirmStep,
  el,
  fieldErrors,
  fill,
  idParam,
  onSubmit,
  options,
  orgPath,
  page,
  row,
} from './api.js';

const id = idParam('id');
const path = orgPath(`/event-series/${id}`);

/** What the image route takes by name; any other file is sent as bytes for the API to judge. */
const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp'];

function showCrest(league) {
  const crest = $('crest');
  crest.src = league.seriesImageUrl;
  crest.alt = `Crest of ${league.name}`;
  crest.hidden = false;
}

/** A team's card: members, pending invites, and its delete button with a confirm step. */
function teamCard(team, league) {
  const members = league.roster
    .filter((golfer) => golfer.status === 'active' && golfer.teamId === team.id)
    .map((golfer) => `${golfer.firstName} ${golfer.lastName}`);
  const pending = team.invites.filter((invite) => !invite.accepted).map((invite) => invite.email);
  const remove = confirmStep(
    'Delete team',
    team.name,
    'Its members leave the roster and its invites stop working.',
    async () => {
      await api('DELETE', `${path}/teams/${team.id}`);
      await load();
      return `Team ${team.name} deleted.`;
    },
  );
  return el(
    'li',
    { class: 'card' },
    el('h3', {}, team.name),
    el(
      'p',
      {},
      `Members (${members.length} of ${league.entrySize}): ${members.join(', ') || 'none'}`,
    ),
    el('p', {}, `Pending invites: ${pending.join(', ') || 'none'}`),
    el('p', {}, remove),
  );
}

async function load() {
  const [{ body: league }, { body: golfers }] = await Promise.all([
    api('GET', path),
    api('GET', orgPath('/golfers?limit=100')),
  ]);
  $('league-title').textContent = league.name;
  document.title = `${league.name} · Clubhouse console`;
  for (const name of ['name', 'seasonLabel', 'status']) $(name).value = league[name];
  showCrest(league);
  fill(
    'roster',
    league.roster.map((golfer) => {
      const name = `${golfer.firstName} ${golfer.lastName}`;
      const withdraw = confirmStep(
        'Withdraw',
        name,
        'They leave the league’s roster and its nights’ fields.',
        async () => {
          await api('DELETE', `${path}/registrations/${golfer.userId}`);
          await load();
          return `${name} withdrawn.`;
        },
      );
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
  $('teams-section').hidden = league.entrySize === 1 && league.teams.length === 0;
  fill(
    'teams',
    league.teams.length === 0
      ? [el('li', {}, 'No teams yet.')]
      : league.teams.map((team) => teamCard(team, league)),
  );
}

onSubmit('edit-league', async (values) => {
  await api('PATCH', path, values);
  await load();
  return 'League saved.';
});

onSubmit('crest-form', async ({ image }) => {
  const limit = Number($('image').dataset.maxBytes);
  if (image.size > limit) {
    const megabytes = (bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
    throw fieldErrors({
      image: `must be at most ${megabytes(limit)}; this file is ${megabytes(image.size)}`,
    });
  }
  const type = IMAGE_TYPES.includes(image.type) ? image.type : 'application/octet-stream';
  const { body: league } = await api('PUT', `${path}/image`, new window.Blob([image], { type }));
  showCrest(league);
  $('crest-form').reset();
  return 'Crest uploaded.';
});

onSubmit('register', async ({ golfer }) => {
  if (golfer === undefined || golfer === '') {
    return $('golfer').options.length > 1
      ? 'Choose a golfer to register.'
      : 'Every golfer of the club is on the roster: add new ones on the Golfers page.';
  }
  await api('POST', `${path}/registrations`, { userId: Number(golfer) });
  await load();
  return 'Golfer registered.';
});

void page(load);
