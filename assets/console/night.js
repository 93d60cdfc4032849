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
  showSheetEditor();
}

/** Where a golfer's "Group" choice can put them besides the sheet's groups. */
const NEW_GROUP = 'new';
const OFF_SHEET = 'off';

/**
 * The golfers the editor lists, in the sheet's order and then the rest of the field: only
 * golfers of the field, since a sheet may name no one else (one who withdrew drops out).
 */
function editorGolfers() {
  const inField = new Map(night.field.map((golfer) => [golfer.userId, golfer]));
  const placed = new Map();
  for (const [index, group] of night.teeSheet.groups.entries()) {
    for (const userId of group.userIds) if (inField.has(userId)) placed.set(userId, index);
  }
  const rest = night.field.filter((golfer) => !placed.has(golfer.userId));
  return [
    ...[...placed].map(([userId, index]) => ({ golfer: inField.get(userId), index })),
    ...rest.map((golfer) => ({ golfer, index: null })),
  ];
}

/** A labelled field of the editor, as the page's own fields are. */
function editorField(id, label, input) {
  return el('p', { class: 'hole' }, el('label', { for: id }, label), input);
}

/**
 * The tee sheet's editor: per group its start (the club's clock) and starting hole, per
 * golfer a "Group" choice (another group, a new one, or off the sheet).
 */
function showSheetEditor() {
  const sheet = night.teeSheet;
  $('edit-sheet-section').hidden = sheet === null;
  if (sheet === null) return;
  const holes = String(night.pars?.length ?? 18);
  fill(
    'sheet-groups',
    sheet.groups.map((group, index) => {
      const number = index + 1;
      const start = el('input', {
        id: `group-${number}-start`,
        name: `start-${index}`,
        type: 'time',
      });
      start.value = clock(group.startTime).slice(11);
      const hole = el('input', {
        id: `group-${number}-hole`,
        name: `hole-${index}`,
        type: 'number',
        min: '1',
        max: holes,
        inputmode: 'numeric',
      });
      hole.value = group.startingHole === null ? '' : String(group.startingHole);
      return el(
        'fieldset',
        {},
        el('legend', {}, `Group ${number}`),
        editorField(start.id, `Group ${number} start`, start),
        editorField(hole.id, `Group ${number} starting hole`, hole),
      );
    }),
  );
  const choices = [
    ...sheet.groups.map((_, index) => [String(index), `Group ${index + 1}`]),
    [NEW_GROUP, 'A new group'],
    [OFF_SHEET, 'Not on the sheet'],
  ];
  fill(
    'sheet-golfers',
    editorGolfers().map(({ golfer, index }) => {
      const select = el(
        'select',
        { id: `sheet-golfer-${golfer.userId}`, name: `golfer-${golfer.userId}` },
        ...choices.map(([value, label]) => el('option', { value }, label)),
      );
      select.value = index === null ? OFF_SHEET : String(index);
      const label = golfer.teamName === null ? golfer.name : `${golfer.name} (${golfer.teamName})`;
      return editorField(select.id, label, select);
    }),
  );
}

/**
 * The sheet the editor describes, whole, as the API takes it: a start on the club's clock
 * without an offset (the group's own day, else the night's), moved golfers after those
 * already in their group, and no empty group. `names` are the sent groups' names in the
 * editor ("Group 2"), by their place in the sheet sent.
 */
function editedSheet(values) {
  const groups = night.teeSheet.groups.map((group, index) => {
    const time = values[`start-${index}`];
    const hole = values[`hole-${index}`];
    const day = group.startTime === null ? night.localDate : group.startTime.slice(0, 10);
    return {
      name: `Group ${index + 1}`,
      startTime: time === '' ? null : `${day}T${time}`,
      startingHole: hole === '' ? null : Number(hole),
      userIds: [],
    };
  });
  const added = { name: 'The new group', startTime: null, startingHole: null, userIds: [] };
  for (const { golfer } of editorGolfers()) {
    const choice = values[`golfer-${golfer.userId}`];
    if (choice === OFF_SHEET) continue;
    (choice === NEW_GROUP ? added : groups[Number(choice)]).userIds.push(golfer.userId);
  }
  const kept = [...groups, added].filter((group) => group.userIds.length > 0);
  return {
    sheet: {
      format: night.teeSheet.format,
      groups: kept.map(({ startTime, startingHole, userIds }) => ({
        startTime,
        startingHole,
        userIds,
      })),
    },
    names: kept.map((group) => group.name),
  };
}

/**
 * A refusal of the edited sheet in the organizer's words: groups by their name in the
 * editor and golfers by name, where the API names them by place in the sheet and by id.
 */
function sheetRefusal(error, groupNames) {
  if (error?.fields === undefined) return error;
  const names = new Map(night.field.map((golfer) => [String(golfer.userId), golfer.name]));
  const words = (text) =>
    text
      .replace(/groups\.(\d+)(?:\.(\w+))?/g, (whole, index, field) => {
        const what = { startTime: ' start', startingHole: ' starting hole' }[field] ?? '';
        return `${groupNames[Number(index)] ?? whole}${what}`;
      })
      .replace(/golfer (\d+)/g, (whole, userId) => names.get(userId) ?? whole);
  return new Error(
    Object.entries(error.fields)
      .map(([field, rule]) => `${words(field)}: ${words(rule)}.`)
      .join(' '),
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

onSubmit('edit-sheet', async (values) => {
  const { sheet, names } = editedSheet(values);
  try {
    await api('PUT', `${path}/tee-sheet`, sheet);
  } catch (error) {
    throw sheetRefusal(error, names);
  }
  await load();
  return 'Tee sheet saved.';
});

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
