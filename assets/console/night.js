// One night: its tee sheet (generate, print), a scorer link with its QR code, any golfer's
// card, and posting the night's board into standings.
import qrcode from './qrcode.mjs';
import { $, api, clock, el, fill, idParam, onSubmit, options, orgPath, page, row } from './api.js';

const id = idParam('id');
const path = orgPath(`/events/${id}`);
let night = null;

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

async function load() {
  const [{ body: event }, { body: series }, { body: org }] = await Promise.all([
    api('GET', path),
    api('GET', orgPath('/standing-series?limit=100')),
    api('GET', orgPath()),
  ]);
  const chosen = $('scoreGolfer').value;
  night = event;
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
  options('series', series.standingSeries, (one) => one.name);
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

onSubmit('post', async ({ series, points }) => {
  await api('POST', `${path}/results/from-leaderboard`, {
    seriesId: Number(series),
    points: points.split(',').map((value) => Number(value.trim())),
  });
  return 'The night’s board is posted into the standings.';
});

void page(load);
