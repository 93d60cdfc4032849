// Newsletter: the club's subscribers page by page, the list as CSV for a mail tool, and
// erasing a subscriber.
import {
  $,
  api,
  apiText,
  clock,
  confirmStep,
  el,
  fill,
  orgPath,
  page,
  report,
  row,
  session,
} from './api.js';

const PAGE = 50;
/** The CSV export's largest page (the API's limit). */
const CSV_PAGE = 10_000;
const subscribers = (rest) => orgPath(`/newsletter/subscribers${rest}`);

let offset = 0;
let count = 0;

function who(subscriber) {
  if (subscriber.status === 'erased') return 'Erased subscriber';
  const email = el('span', { class: 'long' }, subscriber.email ?? '');
  return subscriber.name === null ? email : el('span', {}, subscriber.name, el('br'), email);
}

/** When they consented and, once they have, confirmed: one cell, so rows fit a phone. */
function consent({ consent: given, confirmation }) {
  const lines = [`consented ${clock(given.at)}`];
  if (confirmation.at !== null) lines.push(`confirmed ${clock(confirmation.at)}`);
  return el(
    'span',
    {},
    ...lines.flatMap((line, index) => (index === 0 ? [line] : [el('br'), line])),
  );
}

function erase(subscriber) {
  if (subscriber.status === 'erased') return '';
  return confirmStep(
    'Erase',
    subscriber.email,
    'Their address, name and consent details are deleted for good.',
    async () => {
      await api('DELETE', subscribers(`/${subscriber.id}`));
      await load();
      return `${subscriber.email} is erased.`;
    },
  );
}

async function load() {
  const { body } = await api('GET', subscribers(`?limit=${PAGE}&offset=${offset}`));
  count = body.count;
  fill(
    'subscribers',
    body.subscribers.map((subscriber) =>
      row(who(subscriber), subscriber.status, consent(subscriber), erase(subscriber)),
    ),
  );
  const last = Math.min(offset + PAGE, count);
  $('subscribers-caption').textContent =
    count === 0
      ? 'Subscribers: none yet'
      : `Subscribers ${offset + 1} to ${last} of ${count}, oldest first`;
  $('previous').disabled = offset === 0;
  $('next').disabled = last >= count;
}

/** Every page of the CSV export as one file: the header row once. */
async function csv() {
  const pages = [];
  for (let from = 0; from === 0 || from < count; from += CSV_PAGE) {
    const text = await apiText(subscribers(`?format=csv&limit=${CSV_PAGE}&offset=${from}`));
    pages.push(from === 0 ? text : text.slice(text.indexOf('\r\n') + 2));
  }
  return pages.join('');
}

/**
 * The file is fetched with the key in its header, then offered from the browser's memory (a
 * Blob link), so the key is never in a URL.
 */
async function download() {
  const button = $('download');
  button.disabled = true;
  try {
    const blob = new window.Blob([await csv()], { type: 'text/csv;charset=utf-8' });
    const link = $('csv-link');
    if (link.href.startsWith('blob:')) URL.revokeObjectURL(link.href);
    link.href = URL.createObjectURL(blob);
    link.download = `subscribers-${session().org.slug}.csv`;
    link.textContent = `Save the list again (${link.download})`;
    $('csv').hidden = false;
    link.click();
    return `The list of ${count} subscribers is downloaded as ${link.download}.`;
  } finally {
    button.disabled = false;
  }
}

async function turn(by) {
  offset = Math.max(0, offset + by);
  await load();
}

$('download').addEventListener('click', () => void report(download));
$('previous').addEventListener('click', () => void report(() => turn(-PAGE)));
$('next').addEventListener('click', () => void report(() => turn(PAGE)));

void page(load);
