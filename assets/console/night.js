// One night: its tee sheet (generate, print), a scorer link with its QR code, net scoring
// and playing handicaps, any golfer's card, the night's boards as the public sees them, and
// posting one of them into standings.
import qrcode from './qrcode.mjs';
import {
  $,
  api,
  clock,
  el,
  fill,
  idParam,
  netSettings,
  numbers,
  onSubmit,
  options,
  orgPath,
  page,
  publicRead,
  row,
} from './api.js';

const id = idParam('id');
const path = orgPath(`/events/${id}`);
let night = null;
let orgSlug = null;

/** The board kind results are posted from (decisions §24), by the board's scoring. */
const KINDS = { stroke: 'individual', net: 'net', 'best-ball': 'team', 'best-net-ball': 'team' };

function showSheet() {
  const names = new Map(night.field.map((golfer) => [golfer.userId, golfer.name]));
  fill(
    'groups',
    (night.teeSheet?.groups ?? []).map((group) =>
      row(
        clock(group.startTime).slice(11),
        group.startingHole === null ? '' : String(group.startingHole),
        group.userIds.map((userId) => names.get(userId) ?? '').join(', '),
      ),
    ),
  );
}

function showCard() {
  const golfer = night.field.find(
    (candidate) => String(candidate.userId) === $('scoreGolfer').value,
  );
  fill(
    'holes',
    (night.pars ?? []).map((par, index) => {
      const hole = index + 1;
      const input = el('input', {
        id: `hole-${hole}`,
        name: `hole-${hole}`,
        type: 'number',
        min: '1',
        max: '20',
        inputmode: 'numeric',
      });
      input.value = golfer?.holes?.[index] == null ? '' : String(golfer.holes[index]);
      return el(
        'p',
        { class: 'hole' },
        el('label', { for: `hole-${hole}` }, `Hole ${hole} · par ${par}`),
        input,
      );
    }),
  );
}

function showNet() {
  $('netScoring').checked = night.netScoring;
  $('strokeIndex').value = (night.strokeIndex ?? []).join(',');
}

function showHandicaps(handicaps) {
  fill(
    'handicap-fields',
    night.field.map((golfer) => {
      const fieldId = `handicap-${golfer.userId}`;
      const input = el('input', {
        id: fieldId,
        name: String(golfer.userId),
        type: 'number',
        min: '-10',
        max: '54',
        step: '1',
        inputmode: 'numeric',
      });
      const strokes = handicaps[String(golfer.userId)];
      input.value = strokes === undefined ? '' : String(strokes);
      return el('p', { class: 'hole' }, el('label', { for: fieldId }, golfer.name), input);
    }),
  );
}

function boardTable(board) {
  const net = board.scoring === 'net';
  const team = KINDS[board.scoring] === 'team';
  const headers = [
    'Place',
    team ? 'Team' : 'Golfer',
    ...(net ? ['Hcp'] : []),
    'Thru',
    'Total',
    'To par',
  ];
  const toPar = (value) => (value === 0 ? 'E' : value > 0 ? `+${value}` : String(value));
  return el(
    'table',
    { class: 'board', 'data-board': board.name },
    el('caption', {}, `${board.name} board (${board.scoring})`),
    el('thead', {}, el('tr', {}, ...headers.map((header) => el('th', { scope: 'col' }, header)))),
    el(
      'tbody',
      {},
      ...board.rows.map((one) =>
        row(
          one.position ?? '–',
          one.name,
          ...(net ? [one.handicap === undefined ? '' : String(one.handicap)] : []),
          String(one.thru),
          one.thru === 0 ? '' : String(one.total),
          one.thru === 0 ? '' : toPar(one.toPar),
        ),
      ),
    ),
  );
}

/** The night's boards as the public reads them, and the choice of which one to post. */
async function loadBoards() {
  const answer = await publicRead(
    `/orgs/${encodeURIComponent(orgSlug)}/events/${encodeURIComponent(night.slug)}/leaderboard`,
  );
  const boards = answer?.leaderboards ?? [];
  $('boards-note').textContent =
    answer === null
      ? 'The public cannot see this night (a draft, or a hidden league), so its boards are not shown.'
      : 'As the public leaderboard shows them.';
  fill('boards', boards.map(boardTable));
  const chosen = $('board').value;
  fill(
    'board',
    boards.map((board) => el('option', { value: KINDS[board.scoring] }, board.name)),
  );
  if ([...$('board').options].some((option) => option.value === chosen)) $('board').value = chosen;
}

async function load() {
  const [{ body: event }, { body: series }, { body: org }, { body: set }] = await Promise.all([
    api('GET', path),
    api('GET', orgPath('/standing-series?limit=100')),
    api('GET', orgPath()),
    api('GET', `${path}/handicaps`),
  ]);
  const chosen = $('scoreGolfer').value;
  night = event;
  orgSlug = org.slug;
  $('night-title').textContent = event.title;
  document.title = `${event.title} · Clubhouse console`;
  $('night-when').textContent = `${clock(event.startDate)} · ${event.courseName ?? 'no course'}`;
  $('board-link').href =
    `/embed/leaderboard?org=${encodeURIComponent(org.slug)}&event=${encodeURIComponent(event.slug)}`;
  showSheet();
  options(
    'scoreGolfer',
    event.field.map((golfer) => ({ id: golfer.userId, name: golfer.name })),
    (golfer) => golfer.name,
  );
  if (chosen !== '') $('scoreGolfer').value = chosen;
  showCard();
  showNet();
  showHandicaps(set.handicaps);
  const chosenSeries = $('series').value;
  options('series', series.standingSeries, (one) => one.name);
  if (chosenSeries !== '') $('series').value = chosenSeries;
  await loadBoards();
}

/** The link as a QR code: an SVG drawn from the library's modules, one path. */
function qrSvg(text) {
  const code = qrcode(0, 'M');
  code.addData(text);
  code.make();
  const size = code.getModuleCount();
  let d = '';
  for (let r = 0; r < size; r += 1) {
    for (let c = 0; c < size; c += 1) if (code.isDark(r, c)) d += `M${c + 4} ${r + 4}h1v1h-1z`;
  }
  const ns = 'http://www.w3.org/2000/svg';
  const svg = document.createElementNS(ns, 'svg');
  svg.setAttribute('viewBox', `0 0 ${size + 8} ${size + 8}`);
  svg.setAttribute('width', '200');
  svg.setAttribute('height', '200');
  svg.setAttribute('aria-hidden', 'true');
  const back = document.createElementNS(ns, 'rect');
  back.setAttribute('width', '100%');
  back.setAttribute('height', '100%');
  back.setAttribute('fill', '#fff');
  const modules = document.createElementNS(ns, 'path');
  modules.setAttribute('d', d);
  modules.setAttribute('fill', '#000');
  svg.append(back, modules);
  return svg;
}

onSubmit('generate', async ({ format, firstStart, intervalMinutes, groupSize }) => {
  await api('POST', `${path}/tee-sheet/generate`, {
    format,
    firstStart,
    groupSize: Number(groupSize),
    ...(format === 'tee-times' ? { intervalMinutes: Number(intervalMinutes) } : {}),
  });
  await load();
  return 'Tee sheet generated.';
});

$('print').addEventListener('click', () => window.print());

onSubmit('scorer', async ({ scorerName }) => {
  const { body } = await api('POST', orgPath('/api-keys'), {
    name: scorerName,
    role: 'scorer',
    eventId: id,
  });
  const link = new URL(body.scoringLink, window.location.origin).href;
  $('scorer-href').href = link;
  $('scorer-href').textContent = link;
  $('qr').replaceChildren(qrSvg(link));
  $('scorer-link').hidden = false;
  return 'Scorer link created: open it on the scorer’s phone or let them scan the code.';
});

onSubmit('net', async (values) => {
  await api('PATCH', path, netSettings(values));
  await load();
  return night.netScoring ? 'Net scoring is on.' : 'Net scoring is off.';
});

onSubmit('handicaps', async (values) => {
  const handicaps = Object.fromEntries(
    Object.entries(values)
      .filter(([, strokes]) => strokes.trim() !== '')
      .map(([userId, strokes]) => [userId, Number(strokes)]),
  );
  await api('PUT', `${path}/handicaps`, handicaps);
  await load();
  return 'Playing handicaps saved.';
});

$('scoreGolfer').addEventListener('change', showCard);

onSubmit('score', async (values) => {
  const userId = $('scoreGolfer').value;
  const holes = (night.pars ?? []).map((_, index) => {
    const strokes = values[`hole-${index + 1}`];
    return strokes === undefined || strokes === '' ? null : Number(strokes);
  });
  await api('PUT', `${path}/scores/${userId}`, { holes });
  await load();
  return 'Card saved.';
});

onSubmit('post', async ({ board, series, points }) => {
  await api('POST', `${path}/results/from-leaderboard`, {
    seriesId: Number(series),
    ...(board === undefined || board === '' ? {} : { board }),
    points: numbers(points),
  });
  const name = $('board').selectedOptions[0]?.textContent;
  return name === undefined
    ? 'The night’s board is posted into the standings.'
    : `The night’s ${name} board is posted into the standings.`;
});

void page(load);
