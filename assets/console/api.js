// The console's shared module (decisions §23): the key, the chosen club, calls to the admin
// API, forms and the few DOM helpers every page uses. The key is kept in sessionStorage
// (this tab only, gone when it closes): never in a URL, a cookie or a log. What the API
// answers is put in pages as text (textContent), never as markup.

const ADMIN = document.body.dataset.admin;
export const CONSOLE = document.body.dataset.console;
const KEY = 'clubhouse-console:key';
const ORG = 'clubhouse-console:org';

export const $ = (id) => document.getElementById(id);

export function session() {
  return {
    key: window.sessionStorage.getItem(KEY),
    org: JSON.parse(window.sessionStorage.getItem(ORG) ?? 'null'),
  };
}

export function signIn(key) {
  window.sessionStorage.setItem(KEY, key);
}

export function chooseOrg(org) {
  window.sessionStorage.setItem(ORG, JSON.stringify({ slug: org.slug, name: org.name }));
}

export function signOut() {
  window.sessionStorage.removeItem(KEY);
  window.sessionStorage.removeItem(ORG);
  window.location.assign(CONSOLE);
}

export function say(text) {
  $('message').textContent = text;
}

/**
 * A refusal of fields, as a 422 names them: the status line says every rule, and
 * `onSubmit` shows each next to its field.
 */
export function fieldErrors(errors) {
  const error = new Error(
    Object.entries(errors)
      .map(([field, rule]) => `${field} ${rule}.`)
      .join(' '),
  );
  error.fields = errors;
  return error;
}

/** The API's refusal in its own words: its text, or each field's rule (422). */
function refusal(status, text) {
  if (status === 401) return new Error('The key was refused: sign in again.');
  if (status !== 422) return new Error(text);
  return fieldErrors(JSON.parse(text).errors);
}

/**
 * Calls the admin API with the key, in its header only; the answer's status and text. A
 * Blob (a file) is sent as it is, with its type; anything else as JSON.
 */
async function call(method, path, body) {
  const { key } = session();
  const raw = body instanceof window.Blob;
  const response = await fetch(ADMIN + path, {
    method,
    headers: {
      authorization: `Bearer ${key}`,
      ...(body === undefined ? {} : { 'content-type': raw ? body.type : 'application/json' }),
    },
    body: body === undefined || raw ? body : JSON.stringify(body),
    cache: 'no-store',
  });
  const text = await response.text();
  if (!response.ok) throw refusal(response.status, text);
  return { status: response.status, text };
}

/** Calls the admin API with the key; throws an Error with the refusal's words. */
export async function api(method, path, body) {
  const { status, text } = await call(method, path, body);
  return { status, body: text === '' ? null : JSON.parse(text) };
}

/** Reads an admin answer that is not JSON (a CSV export) as text. */
export async function apiText(path) {
  return (await call('GET', path)).text;
}

/**
 * Reads the public API as anyone may (no key): what the club's visitors see. Null when
 * the public may not see it (404: a draft, or a night of a hidden league).
 */
export async function publicRead(path) {
  const response = await fetch(document.body.dataset.public + path, { cache: 'no-store' });
  if (response.status === 404) return null;
  if (!response.ok) throw new Error(await response.text());
  return response.json();
}

/** A list typed as numbers separated by commas. */
export function numbers(text) {
  return text.split(',').map((value) => Number(value.trim()));
}

/**
 * The net scoring fields of a night's form (decisions §24): the switch, and the stroke
 * index, whose rules the API states (an empty field: none, the holes rank in order).
 */
export function netSettings({ netScoring, strokeIndex }) {
  return {
    netScoring: netScoring === 'on',
    strokeIndex: strokeIndex.trim() === '' ? null : numbers(strokeIndex),
  };
}

/** A path under the chosen club. */
export function orgPath(path = '') {
  return `/orgs/${encodeURIComponent(session().org.slug)}${path}`;
}

/** An element with attributes and children (strings become text nodes). */
export function el(tag, attributes = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  node.append(...children);
  return node;
}

export function row(...cells) {
  return el('tr', {}, ...cells.map((cell) => el('td', {}, cell)));
}

export function fill(id, nodes) {
  $(id).replaceChildren(...nodes);
}

export function options(id, items, label, first) {
  fill(id, [
    ...(first === undefined ? [] : [el('option', { value: '' }, first)]),
    ...items.map((item) => el('option', { value: String(item.id) }, label(item))),
  ]);
}

/** Takes the rules shown next to a form's fields away. */
function clearFieldErrors(form) {
  for (const note of form.querySelectorAll('.error')) {
    const control = form.querySelector(`[aria-describedby~="${note.id}"]`);
    if (control !== null) {
      const rest = control
        .getAttribute('aria-describedby')
        .split(' ')
        .filter((one) => one !== note.id);
      if (rest.length === 0) control.removeAttribute('aria-describedby');
      else control.setAttribute('aria-describedby', rest.join(' '));
      control.removeAttribute('aria-invalid');
    }
    note.remove();
  }
}

/**
 * A 422's rules next to the fields they name: `strokeIndex.9` is the field `strokeIndex`
 * (the rule names the hole), a golfer's user id the field of that name.
 */
function showFieldErrors(form, fields) {
  const rules = new Map();
  /** Each rule as the status line says it: by the field's label where the form has one. */
  const said = [];
  for (const [key, rule] of Object.entries(fields)) {
    const control = form.elements.namedItem(key.split('.')[0]);
    // A rule of no single field of this form is said in the status line only, as the API names it.
    if (!control?.id) {
      said.push(`${key} ${rule}.`);
      continue;
    }
    rules.set(control, [...(rules.get(control) ?? []), `${rule}.`]);
  }
  for (const [control, lines] of rules) {
    const noteId = `${control.id}-error`;
    const label = form.querySelector(`label[for="${control.id}"]`)?.textContent ?? '';
    const note = el('p', { id: noteId, class: 'error' }, `${label}: ${lines.join(' ')}`);
    said.push(note.textContent);
    const holder = control.closest('.field, .hole, .check') ?? control;
    holder.after(note);
    const described = control.getAttribute('aria-describedby');
    control.setAttribute(
      'aria-describedby',
      described === null ? noteId : `${described} ${noteId}`,
    );
    control.setAttribute('aria-invalid', 'true');
  }
  return said.join(' ');
}

/**
 * The form's fields by name; runs `submit` on submit and says what came of it: in the
 * status line, and a refusal's rules next to the fields they name.
 */
export function onSubmit(id, submit) {
  const form = $(id);
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const values = Object.fromEntries(new FormData(form).entries());
    const button = form.querySelector('button[type="submit"]');
    button.disabled = true;
    clearFieldErrors(form);
    try {
      say((await submit(values)) ?? '');
    } catch (error) {
      if (error?.fields !== undefined) say(`Not saved. ${showFieldErrors(form, error.fields)}`);
      else say(error instanceof Error ? error.message : String(error));
    } finally {
      button.disabled = false;
    }
  });
}

/** Runs `action` and says what came of it: its words, or the refusal's. True if it went. */
export async function report(action) {
  try {
    say((await action()) ?? '');
    return true;
  } catch (error) {
    say(error instanceof Error ? error.message : String(error));
    return false;
  }
}

/**
 * A button of a table's row: it shows the verb, and what it acts on is the rest of its name
 * for screen readers (the row shows that already), so rows stay narrow enough for a phone.
 */
export function rowButton(verb, what, attributes = {}) {
  return el(
    'button',
    { type: 'button', ...attributes },
    verb,
    el('span', { class: 'unseen' }, ` ${what}`),
  );
}

/**
 * A button for what cannot be undone, in two steps: it asks first, in words next to it, and
 * only "Yes" does it; "Keep" puts the button back. Focus follows, so a keyboard stays put.
 */
export function confirmStep(verb, what, warning, act) {
  const holder = el('span', { class: 'confirm' });
  const ask = rowButton(verb, what);
  const yes = rowButton(`Yes, ${verb.toLowerCase()}`, what);
  const keep = rowButton('Keep', what, { class: 'secondary' });
  const question = el('span', { class: 'question' }, `${verb} ${what}? ${warning}`);
  ask.addEventListener('click', () => {
    holder.replaceChildren(question, ' ', yes, ' ', keep);
    yes.focus();
  });
  keep.addEventListener('click', () => {
    holder.replaceChildren(ask);
    ask.focus();
  });
  yes.addEventListener('click', async () => {
    yes.disabled = true;
    keep.disabled = true;
    if (!(await report(act))) {
      yes.disabled = false;
      keep.disabled = false;
    }
  });
  holder.append(ask);
  return holder;
}

/** A page's query parameter as an id (ids of leagues and events, never keys). */
export function idParam(name) {
  return Number(new URLSearchParams(window.location.search).get(name));
}

/**
 * Starts a signed-in page: without a key or a club, back to sign-in; else the club's name in
 * the header, the sign-out button, then the page's own loading.
 */
export async function page(load) {
  const { key, org } = session();
  if (key === null || org === null) {
    window.location.assign(CONSOLE);
    return;
  }
  $('org-name').textContent = org.name;
  $('sign-out').addEventListener('click', signOut);
  try {
    await load();
  } catch (error) {
    say(error instanceof Error ? error.message : String(error));
  }
}

/** A time as the club's clock shows it: the API gives it with the club's offset. */
export function clock(value) {
  return value === null ? '' : value.slice(0, 16).replace('T', ' ');
}
