// The club: its settings (name, time zone, live odds, newsletter consent text) and its keys
// (list, create, revoke).
import {
  $,
  api,
  chooseOrg,
  clock,
  confirmStep,
  el,
  fill,
  onSubmit,
  options,
  orgPath,
  page,
  row,
  say,
  session,
  signOut,
} from './api.js';

/** The most keys the admin API lists at once. */
const KEYS = 200;

/** The club's events, for the night of a scorer key. */
let events = [];

/** Every time zone the browser knows, with the club's own even if the browser lacks it. */
function timeZones(current) {
  const zones = Intl.supportedValuesOf('timeZone');
  return zones.includes(current) ? zones : [current, ...zones].sort();
}

/** The club's own consent text, or an empty box showing the default sentence it stands for. */
function showConsentText(club) {
  $('newsletterConsentText').value = club.newsletterConsentText ?? '';
  $('newsletterConsentText').placeholder = club.newsletterConsentDefault;
}

async function loadClub() {
  const { body: club } = await api('GET', orgPath());
  $('name').value = club.name;
  fill(
    'timezone',
    timeZones(club.timezone).map((zone) => el('option', { value: zone }, zone)),
  );
  $('timezone').value = club.timezone;
  $('oddsEnabled').checked = club.oddsEnabled;
  showConsentText(club);
}

/**
 * The list shows a key's first characters only; those of the key this tab signed in with
 * tell the organizer that revoking it signs them out.
 */
function isOwnKey(key) {
  return session().key?.startsWith(key.hint) ?? false;
}

function revoke(key) {
  const own = isOwnKey(key);
  const warning = own
    ? 'It looks like the key you signed in with: revoking it signs you out.'
    : 'Whoever holds it is refused at once.';
  return confirmStep('Revoke', key.name, warning, async () => {
    await api('DELETE', orgPath(`/api-keys/${key.id}`));
    if (own) {
      // Another key may, rarely, start alike: only a refusal proves it was this tab's.
      try {
        await api('GET', orgPath());
      } catch {
        signOut();
        return '';
      }
    }
    await loadKeys();
    return `${key.name} is revoked: it no longer works.`;
  });
}

function roleWords(key) {
  if (key.role !== 'scorer') return key.role;
  const night = events.find((event) => event.id === key.eventId);
  return night === undefined ? 'scorer' : `scorer of ${night.title}`;
}

async function loadKeys() {
  const { body } = await api('GET', orgPath(`/api-keys?limit=${KEYS}`));
  $('keys-caption').textContent =
    body.count > KEYS
      ? `Keys of the club, the oldest ${KEYS} of ${body.count} (the API lists the rest)`
      : 'Keys of the club';
  fill(
    'keys',
    body.apiKeys.map((key) =>
      row(
        el('span', {}, key.name, el('br'), el('span', { class: 'hint long' }, `${key.hint}…`)),
        roleWords(key),
        key.expiresAt === null ? 'never' : clock(key.expiresAt),
        revoke(key),
      ),
    ),
  );
}

async function load() {
  const [, { body }] = await Promise.all([loadClub(), api('GET', orgPath('/events?limit=100'))]);
  events = body.events;
  options(
    'eventId',
    events,
    (event) => `${event.title} (${clock(event.startDate)})`,
    'Pick a night',
  );
  await loadKeys();
}

/** The night's field matters to scorer keys only; disabled, the form does not send it. */
function followRole() {
  $('eventId').disabled = $('role').value !== 'scorer';
}

function showSecret(created) {
  $('secret-title').textContent = `The new key: ${created.name}`;
  $('secret').value = created.key;
  const link = created.scoringLink;
  $('scoringLink').value = link === null ? '' : new URL(link, window.location.origin).href;
  $('scoring-link').hidden = link === null;
  $('new-key').hidden = false;
  $('secret').focus();
  $('secret').select();
}

function hideSecret() {
  $('secret').value = '';
  $('scoringLink').value = '';
  $('new-key').hidden = true;
}

onSubmit('club', async ({ name, timezone, oddsEnabled, newsletterConsentText }) => {
  const { body: club } = await api('PATCH', orgPath(), {
    name,
    timezone,
    oddsEnabled: oddsEnabled === 'on',
    // An empty box is the default sentence, which the API keeps as null.
    newsletterConsentText: newsletterConsentText.trim() === '' ? null : newsletterConsentText,
  });
  chooseOrg(club);
  showConsentText(club);
  $('org-name').textContent = club.name;
  return `${club.name} is saved.`;
});

onSubmit('create-key', async ({ name, role, eventId, expiresAt }) => {
  const { body: created } = await api('POST', orgPath('/api-keys'), {
    name,
    role,
    ...(role === 'scorer' && eventId !== undefined && eventId !== ''
      ? { eventId: Number(eventId) }
      : {}),
    ...(expiresAt === '' ? {} : { expiresAt }),
  });
  $('create-key').reset();
  followRole();
  showSecret(created);
  await loadKeys();
  return `Key ${created.name} created. Copy it now: it will not be shown again.`;
});

$('role').addEventListener('change', followRole);
$('hide-secret').addEventListener('click', () => {
  hideSecret();
  say('The new key is hidden.');
});
$('copy').addEventListener('click', async () => {
  $('secret').select();
  try {
    await window.navigator.clipboard.writeText($('secret').value);
    say('The key is copied.');
  } catch {
    say('The browser did not let the page copy: the key is selected, copy it with the keyboard.');
  }
});

followRole();
void page(load);
