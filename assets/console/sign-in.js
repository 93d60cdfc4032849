// Sign-in: the key is checked by listing the clubs it may see; one is chosen to run.
import { $, CONSOLE, api, chooseOrg, el, fill, onSubmit, session, signIn } from './api.js';

function choose(org) {
  chooseOrg(org);
  window.location.assign(`${CONSOLE}/leagues`);
}

async function listOrgs() {
  const { body } = await api('GET', '/orgs?limit=100');
  fill(
    'orgs',
    body.orgs.map((org) => {
      const button = el('button', { type: 'button' }, `Run ${org.name}`);
      button.addEventListener('click', () => choose(org));
      return el('li', {}, button);
    }),
  );
  $('orgs-section').hidden = false;
  // Signed in: the key's form has done its work (Sign out, on every other page, ends it).
  $('sign-in-part').hidden = true;
  document.title = document.title.replace('Sign in', 'Your clubs');
  return body.orgs.length === 0 ? 'This key sees no club.' : 'Signed in. Choose the club to run.';
}

onSubmit('sign-in', async ({ key }) => {
  signIn(key.trim());
  $('key').value = '';
  return listOrgs();
});

if (session().key !== null) listOrgs().catch(() => undefined);
