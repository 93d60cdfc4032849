// The scoring page (decisions §21). The link's fragment names the org, the event and the
// scorer's key; fragments never leave the browser, so the key is in no request line or log.
// Entries are kept in localStorage until the API has them, so that a card entered without a
// connection is sent when it returns, and survives a reload meanwhile.

const $ = (id) => document.getElementById(id);
const link = new URLSearchParams(window.location.hash.slice(1));
const org = link.get('org');
const eventId = link.get('event');
const key = link.get('key');
const eventPath = `${document.body.dataset.admin}/orgs/${encodeURIComponent(org ?? '')}/events/${encodeURIComponent(eventId ?? '')}`;
const storageKey = `clubhouse-scoring:${org}:${eventId}`;
const RETRY_MS = 5000;

/** `sheet`: the event as last read; `cards`: strokes by golfer; `waiting`: holes not yet sent. */
let state = { sheet: null, cards: {}, waiting: {} };
let sending = false;
let problem = '';

function load() {
  try {
    const stored = JSON.parse(window.localStorage.getItem(storageKey) ?? 'null');
    if (stored !== null && typeof stored === 'object') state = { ...state, ...stored };
  } catch {
    // A damaged entry is dropped: the API still holds everything that was sent.
  }
}

function save() {
  window.localStorage.setItem(storageKey, JSON.stringify(state));
}

function say(text) {
  $('message').textContent = text;
}

function waitingCount() {
  return Object.values(state.waiting).reduce((sum, holes) => sum + holes.length, 0);
}

function api(method, path, body) {
  return fetch(eventPath + path, {
    method,
    headers: {
      authorization: `Bearer ${key}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
    cache: 'no-store',
  });
}

function refusal(status) {
  if (status === 401) return 'This scorer link no longer works: it was revoked or has expired.';
  if (status === 409) return 'A golfer is no longer in the field; ask the organizer.';
  return `The server refused an entry (status ${status}); it stays waiting.`;
}

/** Merges the server's cards with the entries not sent yet: the latter win. */
function merge(sheet) {
  const holes = sheet.pars?.length ?? 0;
  for (const golfer of sheet.golfers) {
    const card = golfer.holes ?? new Array(holes).fill(null);
    const local = state.cards[golfer.userId] ?? [];
    for (const hole of state.waiting[golfer.userId] ?? []) card[hole] = local[hole] ?? null;
    state.cards[golfer.userId] = card;
  }
  state.sheet = sheet;
  save();
}

function showQueue() {
  const count = waitingCount();
  const offline = window.navigator.onLine ? '' : 'Offline. ';
  $('queue').textContent =
    count === 0
      ? `${offline}Every entry is sent.`
      : `${offline}${count} ${count === 1 ? 'entry waits' : 'entries wait'} to be sent; kept on this device and sent when the connection is back.`;
  const userId = $('golfer').value;
  const waiting = state.waiting[userId] ?? [];
  const card = state.cards[userId] ?? [];
  for (const item of $('holes').children) {
    const hole = Number(item.dataset.hole);
    const status = item.querySelector('.state');
    const isWaiting = waiting.includes(hole);
    status.textContent = isWaiting ? 'Waiting' : card[hole] == null ? '' : 'Sent';
    item.classList.toggle('waiting', isWaiting);
  }
}

async function send() {
  if (sending || waitingCount() === 0) return;
  sending = true;
  try {
    for (const [userId, holes] of Object.entries(state.waiting)) {
      if (holes.length === 0) continue;
      const sent = [...state.cards[userId]];
      const response = await api('PUT', `/scores/${userId}`, { holes: sent });
      if (!response.ok) {
        problem = refusal(response.status);
        continue;
      }
      problem = '';
      // Holes changed again while this was on its way still wait.
      state.waiting[userId] = state.waiting[userId].filter(
        (hole) => state.cards[userId][hole] !== sent[hole],
      );
      save();
    }
  } catch {
    // No connection: everything waits for the next try.
  } finally {
    sending = false;
    say(problem);
    showQueue();
  }
}

function enter(userId, hole, strokes) {
  state.cards[userId][hole] = strokes;
  const waiting = state.waiting[userId] ?? [];
  if (!waiting.includes(hole)) waiting.push(hole);
  state.waiting[userId] = waiting;
  save();
  showQueue();
  void send();
}

function holeItem(userId, hole, par) {
  const item = document.createElement('li');
  item.dataset.hole = String(hole);
  const id = `hole-${hole + 1}`;
  const label = document.createElement('label');
  label.htmlFor = id;
  label.textContent = `Hole ${hole + 1}, par ${par}`;
  const input = document.createElement('input');
  Object.assign(input, { id, type: 'number', min: '1', max: '20', inputMode: 'numeric' });
  input.value = state.cards[userId][hole] ?? '';
  input.addEventListener('change', () => {
    const value = input.value.trim();
    const strokes = value === '' ? null : Number(value);
    if (strokes !== null && !(Number.isInteger(strokes) && strokes >= 1 && strokes <= 20)) {
      say(`Hole ${hole + 1}: strokes are a whole number from 1 to 20.`);
      return;
    }
    say('');
    enter(userId, hole, strokes);
  });
  const step = (delta, text, name) => {
    const button = document.createElement('button');
    button.type = 'button';
    button.textContent = text;
    button.setAttribute('aria-label', `${name} on hole ${hole + 1}`);
    button.addEventListener('click', () => {
      const current = state.cards[userId][hole] ?? par - delta;
      const strokes = Math.min(20, Math.max(1, current + delta));
      input.value = String(strokes);
      enter(userId, hole, strokes);
    });
    return button;
  };
  const status = document.createElement('span');
  status.className = 'state';
  const controls = document.createElement('div');
  controls.className = 'stepper';
  controls.append(step(-1, '−', 'One stroke fewer'), input, step(1, '+', 'One stroke more'));
  item.append(label, controls, status);
  return item;
}

function showCard() {
  const userId = $('golfer').value;
  const golfer = state.sheet.golfers.find((candidate) => String(candidate.userId) === userId);
  $('card').hidden = golfer === undefined;
  $('holes').replaceChildren();
  if (golfer === undefined) return;
  $('card-title').textContent = golfer.name;
  $('holes').append(...state.sheet.pars.map((par, hole) => holeItem(userId, hole, par)));
  showQueue();
}

function showSheet() {
  const { sheet } = state;
  $('title').textContent = `Scoring: ${sheet.title}`;
  document.title = `Scoring: ${sheet.title}`;
  if (sheet.pars === null) {
    say('The organizer has not set this event’s course yet; scores can be entered once it is.');
    return;
  }
  const select = $('golfer');
  select.append(
    ...sheet.golfers.map((golfer) => {
      const option = document.createElement('option');
      option.value = String(golfer.userId);
      option.textContent =
        golfer.teamName === null ? golfer.name : `${golfer.name} (${golfer.teamName})`;
      return option;
    }),
  );
  select.addEventListener('change', showCard);
  $('pick').hidden = false;
}

async function start() {
  if (org === null || eventId === null || key === null) {
    say('This link is incomplete: open the scorer link the organizer gave you.');
    return;
  }
  load();
  try {
    const response = await api('GET', '/score-cards');
    if (!response.ok) {
      say(refusal(response.status));
      return;
    }
    merge(await response.json());
  } catch {
    if (state.sheet === null) {
      say('No connection, and this device has not opened this event before. Try again online.');
      return;
    }
  }
  showSheet();
  showQueue();
  window.addEventListener('online', () => void send());
  window.addEventListener('offline', showQueue);
  window.setInterval(() => void send(), RETRY_MS);
  void send();
}

void start();
