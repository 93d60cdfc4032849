/**
 * The console's pages (decisions §23): each a static shell of headings, forms and empty
 * lists that its script fills from the admin API. No page carries data, so nothing here is
 * escaped: what the API answers is put in the page by the scripts, as text.
 */
import { MAX_IMAGE_BYTES } from '../media/service.js';
import type { API_KEY_ROLES } from '../api-keys/schema.js';
import type { PLAN_PERIODS, PLAN_STATUSES } from '../membership-plans/schema.js';

type ApiKeyRole = (typeof API_KEY_ROLES)[number];
type PlanPeriod = (typeof PLAN_PERIODS)[number];
type PlanStatus = (typeof PLAN_STATUSES)[number];

export interface ConsolePage {
  /** Under `/console`: '' is the sign-in page. */
  path: string;
  title: string;
  /** The script in `assets/console/` that runs the page. */
  script: string;
  body: string;
}

const field = (id: string, label: string, input: string) =>
  `<p class="field"><label for="${id}">${label}</label>${input}</p>`;
/** `name` is the API's field the input stands for, when the id must differ (two `name`s on a page). */
const text = (id: string, label: string, extra = '', name = id) =>
  field(id, label, `<input id="${id}" name="${name}" ${extra}>`);
const area = (id: string, label: string, extra = '') =>
  field(id, label, `<textarea id="${id}" name="${id}" ${extra}></textarea>`);
const choices = (words: Record<string, string>) =>
  Object.entries(words)
    .map(([value, label]) => `<option value="${value}">${label}</option>`)
    .join('');
const select = (id: string, label: string, options = '') =>
  field(id, label, `<select id="${id}" name="${id}">${options}</select>`);
const check = (id: string, label: string) =>
  `<p class="check"><input id="${id}" name="${id}" type="checkbox"><label for="${id}">${label}</label></p>`;

/** Net scoring's two settings (decisions §24), on the new night's form and the night's. */
const NET_FIELDS = (helpId: string) => `${check('netScoring', 'Net scoring (adds a net board)')}
${text('strokeIndex', 'Stroke index of the holes, from hole 1 (optional)', `inputmode="numeric" aria-describedby="${helpId}"`)}
<p id="${helpId}" class="help">One number per hole, 1 for the hardest, each used once, separated by commas. Empty: the holes rank in order.</p>`;

/** The words of each value the API takes; typed so that a new value needs its words here. */
const API_KEY_ROLE_WORDS: Record<ApiKeyRole, string> = {
  organizer: 'Organizer: runs the whole club',
  scorer: 'Scorer: enters the scores of one night',
};
const PLAN_PERIOD_WORDS: Record<PlanPeriod, string> = {
  year: 'per year',
  season: 'per season',
  month: 'per month',
  'one-time': 'once',
};
const PLAN_STATUS_WORDS: Record<PlanStatus, string> = {
  draft: 'draft: not shown',
  available: 'available: on sale',
  closed: 'closed: shown, not sold',
};

const LEAGUE_STATUSES = ['draft', 'open', 'active', 'completed', 'private']
  .map((status) => `<option value="${status}">${status}</option>`)
  .join('');

export const CONSOLE_PAGES: readonly ConsolePage[] = [
  {
    path: '',
    title: 'Sign in',
    script: 'sign-in.js',
    body: `<div id="sign-in-part">
<h1>Sign in</h1>
<p>Paste your organizer key (or the operator token). It stays in this browser tab only, and is forgotten when the tab closes.</p>
<p class="help">Your club’s operator gives you an organizer key. On the demo, the server prints one the first time it starts with <code>ADMIN_TOKEN</code> set.</p>
<form id="sign-in">
${text('key', 'Key', 'type="password" autocomplete="off" required')}
<p><button type="submit">Sign in</button></p>
</form>
</div>
<section aria-labelledby="orgs-title" id="orgs-section" hidden>
<h1 id="orgs-title">Your clubs</h1>
<ul id="orgs" class="list"></ul>
</section>`,
  },
  {
    path: '/leagues',
    title: 'Leagues',
    script: 'leagues.js',
    body: `<h1>Leagues</h1>
<table><caption>Leagues of the club</caption><thead><tr><th scope="col">League</th><th scope="col">Status</th><th scope="col">Golfers</th></tr></thead><tbody id="leagues"></tbody></table>
<h2>New league</h2>
<form id="create-league">
${text('name', 'Name', 'required maxlength="200"')}
${text('slug', 'Short name in links', 'required pattern="[a-z0-9]+(-[a-z0-9]+)*" aria-describedby="slug-help"')}
<p id="slug-help" class="help">Lowercase letters and digits, words joined by hyphens, e.g. tuesday-league.</p>
${text('seasonLabel', 'Season', 'required value="2027 Season"')}
${select('status', 'Status', LEAGUE_STATUSES)}
<p><button type="submit">Create league</button></p>
</form>`,
  },
  {
    path: '/league',
    title: 'League',
    script: 'league.js',
    body: `<h1 id="league-title">League</h1>
<form id="edit-league">
${text('name', 'Name', 'required maxlength="200"')}
${text('seasonLabel', 'Season', 'required')}
${select('status', 'Status', LEAGUE_STATUSES)}
<p><button type="submit">Save league</button></p>
</form>
<section aria-labelledby="crest-title">
<h2 id="crest-title">Crest</h2>
<p><img id="crest" class="crest" alt="" hidden></p>
<form id="crest-form">
${field('image', `Crest image (PNG, JPEG or WebP, at most ${MAX_IMAGE_BYTES / 1024 / 1024} MB)`, `<input id="image" name="image" type="file" accept="image/png,image/jpeg,image/webp" required data-max-bytes="${MAX_IMAGE_BYTES}">`)}
<p><button type="submit">Upload crest</button></p>
</form>
</section>
<h2>Roster</h2>
<table><caption>Golfers registered in the league</caption><thead><tr><th scope="col">Golfer</th><th scope="col">Status</th><th scope="col">Action</th></tr></thead><tbody id="roster"></tbody></table>
<form id="register">
${select('golfer', 'Golfer to register')}
<p><button type="submit">Register</button></p>
</form>
<section aria-labelledby="teams-title" id="teams-section" hidden>
<h2 id="teams-title">Teams</h2>
<p class="help">Members are the team’s golfers on the roster; pending invites are partners asked who have not joined yet.</p>
<ul id="teams" class="list"></ul>
</section>`,
  },
  {
    path: '/golfers',
    title: 'Golfers',
    script: 'golfers.js',
    body: `<h1>Golfers</h1>
<h2>Add a golfer</h2>
<p>A golfer who already has an account (any club) is linked to this club, not created twice.</p>
<form id="add-golfer">
${text('email', 'E-mail address', 'type="email" required autocomplete="off"')}
${text('firstName', 'First name', 'required maxlength="100"')}
${text('lastName', 'Last name', 'required maxlength="100"')}
<p><button type="submit">Add golfer</button></p>
</form>
<table><caption>Golfers of the club</caption><thead><tr><th scope="col">Name</th><th scope="col">E-mail address</th></tr></thead><tbody id="golfers"></tbody></table>`,
  },
  {
    path: '/nights',
    title: 'Nights and events',
    script: 'nights.js',
    body: `<h1>Nights and events</h1>
<table><caption>Events of the club, every status</caption><thead><tr><th scope="col">Event</th><th scope="col">Starts</th><th scope="col">Status</th></tr></thead><tbody id="events"></tbody></table>
<h2>New night</h2>
<form id="create-event">
${text('title', 'Title', 'required maxlength="200"')}
${text('slug', 'Short name in links', 'required pattern="[a-z0-9]+(-[a-z0-9]+)*" aria-describedby="event-slug-help"')}
<p id="event-slug-help" class="help">Lowercase letters and digits, words joined by hyphens.</p>
${select('league', 'League (its roster is the field)', '<option value="">No league</option>')}
${text('startDate', 'Starts (the club’s local time)', 'type="datetime-local" required')}
${text('courseName', 'Course', 'maxlength="200"')}
${text('pars', 'Pars of the holes, from hole 1', 'required inputmode="numeric" aria-describedby="pars-help" value="4,4,3,5,4,4,3,5,4"')}
<p id="pars-help" class="help">9 or 18 numbers from 3 to 6, separated by commas.</p>
${NET_FIELDS('stroke-index-help')}
<p><button type="submit">Create night</button></p>
</form>`,
  },
  {
    path: '/night',
    title: 'Night',
    script: 'night.js',
    body: `<h1 id="night-title">Night</h1>
<p id="night-when"></p>
<p class="links no-print"><a id="board-link" href="/embed">Public leaderboard</a></p>
<section aria-labelledby="sheet-title">
<h2 id="sheet-title">Tee sheet</h2>
<form id="generate" class="no-print">
${select('format', 'Start', '<option value="tee-times">Tee times</option><option value="shotgun">Shotgun</option>')}
${text('firstStart', 'First start (HH:MM)', 'required value="17:30" pattern="[0-2][0-9]:[0-5][0-9]"')}
${text('intervalMinutes', 'Minutes between groups', 'type="number" min="1" max="60" value="10"')}
${text('groupSize', 'Golfers per group', 'type="number" min="1" max="6" value="4" required')}
<p><button type="submit">Generate tee sheet</button> <button type="button" id="print">Print tee sheet</button></p>
</form>
<table id="sheet"><caption>Groups, their start and golfers</caption><thead><tr><th scope="col">Start</th><th scope="col">Hole</th><th scope="col">Golfers</th></tr></thead><tbody id="groups"></tbody></table>
<div id="edit-sheet-section" class="no-print" hidden>
<h3 id="edit-sheet-title">Change the tee sheet</h3>
<form id="edit-sheet" aria-labelledby="edit-sheet-title">
<p class="help">Change a group’s start or starting hole, or put a golfer in another group or off the sheet; a group left without golfers comes off the sheet. Then save the whole sheet.</p>
<div id="sheet-groups" class="groups"></div>
<fieldset><legend>Golfers and their groups</legend><div id="sheet-golfers" class="holes wide"></div></fieldset>
<p><button type="submit">Save tee sheet</button></p>
</form>
</div>
</section>
<section aria-labelledby="scorer-title" class="no-print">
<h2 id="scorer-title">Scorer link</h2>
<form id="scorer">
${text('scorerName', 'Who scores (a name for the link)', 'required maxlength="100" value="Scorer"')}
<p><button type="submit">Create scorer link</button></p>
</form>
<div id="scorer-link" hidden><p><a id="scorer-href" href="/score">Scoring page</a> (valid until the end of the night’s day)</p><div id="qr" role="img" aria-label="QR code of the scorer link"></div></div>
</section>
<section aria-labelledby="net-title" class="no-print">
<h2 id="net-title">Net scoring</h2>
<form id="net">
${NET_FIELDS('stroke-index-help')}
<p><button type="submit">Save net scoring</button></p>
</form>
<h3 id="handicaps-title">Playing handicaps</h3>
<form id="handicaps" aria-labelledby="handicaps-title">
<p class="help">Strokes from −10 to 54 for tonight. Empty: the golfer plays off their league handicap.</p>
<div id="handicap-fields" class="holes"></div>
<p><button type="submit">Save handicaps</button></p>
</form>
</section>
<section aria-labelledby="scores-title" class="no-print">
<h2 id="scores-title">Scores</h2>
<form id="score">
${select('scoreGolfer', 'Golfer')}
<fieldset><legend>Strokes per hole</legend><div id="holes" class="holes"></div></fieldset>
<p><button type="submit">Save card</button></p>
</form>
</section>
<section aria-labelledby="boards-title" class="no-print">
<h2 id="boards-title">Boards</h2>
<p id="boards-note" class="help"></p>
<div id="boards"></div>
</section>
<section aria-labelledby="post-title" class="no-print">
<h2 id="post-title">Post the night into standings</h2>
<form id="post">
${select('board', 'Board to post')}
${select('series', 'Standings series')}
${text('points', 'Points of places 1, 2, 3…', 'required value="10,8,6,5,4,3,2,1"')}
<p><button type="submit">Post the board</button></p>
</form>
</section>`,
  },
  {
    path: '/standings',
    title: 'Standings',
    script: 'standings.js',
    body: `<h1>Standings</h1>
<h2>New series</h2>
<form id="create-series">
${text('seriesName', 'Name', 'required maxlength="100"')}
${select('scope', 'Points count', '<option value="season">per season</option><option value="overall">overall</option>')}
<p><button type="submit">Create series</button></p>
</form>
<div id="series"></div>`,
  },
  {
    path: '/posts',
    title: 'Posts',
    script: 'posts.js',
    body: `<h1>Posts</h1>
<table><caption>Posts of the club, drafts first</caption><thead><tr><th scope="col">Post</th><th scope="col">Status</th><th scope="col">Published (club time)</th><th scope="col">Action</th></tr></thead><tbody id="posts"></tbody></table>
<h2 id="post-title">New draft</h2>
<p>A draft is seen by nobody but the club’s organizers until it is published.</p>
<form id="create-post" aria-labelledby="post-title">
${text('title', 'Title', 'required maxlength="200"')}
${text('slug', 'Short name in links', 'required pattern="[a-z0-9]+(-[a-z0-9]+)*" aria-describedby="post-slug-help"')}
<p id="post-slug-help" class="help">Lowercase letters and digits, words joined by hyphens.</p>
${field('body', 'Text', '<textarea id="body" name="body" required rows="8" aria-describedby="body-help"></textarea>')}
<p id="body-help" class="help">Markdown: blank lines between paragraphs, **bold**, [links](https://example.com). HTML is shown as text.</p>
${text('tags', 'Tags (optional)', 'aria-describedby="tags-help"')}
<p id="tags-help" class="help">Short names separated by commas, e.g. news, results.</p>
${text('publishedAt', 'Publish at (optional, the club’s local time)', 'type="datetime-local" aria-describedby="published-help"')}
<p id="published-help" class="help">Empty: the moment it is published. A later time schedules it: published, it shows from then on.</p>
<p><button type="submit" id="post-submit">Save draft</button> <button type="button" id="post-cancel" class="secondary" hidden>Stop editing</button></p>
</form>`,
  },
  {
    path: '/brackets',
    title: 'Brackets',
    script: 'brackets.js',
    body: `<h1>Brackets</h1>
<table><caption>Match-play brackets of the club</caption><thead><tr><th scope="col">Bracket</th><th scope="col">Status</th><th scope="col">Champion</th></tr></thead><tbody id="brackets"></tbody></table>
<h2>New bracket</h2>
<form id="create-bracket">
${text('name', 'Name', 'required maxlength="200"')}
${text('slug', 'Short name in links', 'required pattern="[a-z0-9]+(-[a-z0-9]+)*" aria-describedby="bracket-slug-help"')}
<p id="bracket-slug-help" class="help">Lowercase letters and digits, words joined by hyphens.</p>
${select('holesPerMatch', 'Holes per match', '<option value="18">18</option><option value="9">9</option>')}
<fieldset><legend>Entrants, in seed order (the order you tick them)</legend><div id="entrants" class="list"></div></fieldset>
<p><button type="submit">Create draft</button></p>
</form>`,
  },
  {
    path: '/bracket',
    title: 'Bracket',
    script: 'bracket.js',
    body: `<h1 id="bracket-title">Bracket</h1>
<p id="bracket-status"></p>
<p><button type="button" id="publish" hidden>Publish the draw</button></p>
<div id="rounds"></div>`,
  },
  {
    path: '/club',
    title: 'Club',
    script: 'club.js',
    body: `<h1>Club</h1>
<section aria-labelledby="settings-title">
<h2 id="settings-title">Settings</h2>
<form id="club">
${text('name', 'Name', 'required maxlength="200"')}
${select('timezone', 'Time zone (the club’s clock for every time it shows)')}
${check('oddsEnabled', 'Live odds on the club’s leaderboards')}
${area('newsletterConsentText', 'Newsletter consent text', 'rows="4" maxlength="1000" aria-describedby="consent-help"')}
<p id="consent-help" class="help">The words beside the consent box of the newsletter form; each new subscriber’s consent record keeps them. Empty: the default sentence in the club’s name, shown in the empty box.</p>
<p><button type="submit">Save club</button></p>
</form>
</section>
<section aria-labelledby="keys-title">
<h2 id="keys-title">Keys</h2>
<p>An organizer key runs the whole club, as the console does; a scorer key enters the scores of one night. A key’s secret is shown once, when it is made: the list shows only its first characters.</p>
<table><caption id="keys-caption">Keys of the club</caption><thead><tr><th scope="col">Key</th><th scope="col">Role</th><th scope="col">Expires</th><th scope="col">Action</th></tr></thead><tbody id="keys"></tbody></table>
<h3 id="new-key-title">New key</h3>
<form id="create-key" aria-labelledby="new-key-title">
${text('keyName', 'What the key is for', 'required maxlength="100"', 'name')}
${select('role', 'Role', choices(API_KEY_ROLE_WORDS))}
${select('eventId', 'Night it scores (scorer keys)')}
${text('expiresAt', 'Expires (the club’s local time, optional)', 'type="datetime-local" aria-describedby="expires-help"')}
<p id="expires-help" class="help">Empty: an organizer key never expires; a scorer key stops at the end of its night’s day.</p>
<p><button type="submit">Create key</button></p>
</form>
<section id="new-key" aria-labelledby="secret-title" class="card" hidden>
<h3 id="secret-title">The new key</h3>
<p><strong>Copy the key now: it will not be shown again.</strong> Once you hide it or leave this page, nobody can see it any more, not even the club’s organizers.</p>
${text('secret', 'Key', 'readonly autocomplete="off" spellcheck="false"')}
<div id="scoring-link" hidden>${text('scoringLink', 'Scoring link (it carries the key: give it to the scorer only)', 'readonly autocomplete="off" spellcheck="false"')}</div>
<p><button type="button" id="copy">Copy the key</button> <button type="button" id="hide-secret" class="secondary">Hide the key</button></p>
</section>
</section>`,
  },
  {
    path: '/plans',
    title: 'Memberships',
    script: 'plans.js',
    body: `<h1>Memberships</h1>
<table><caption>Membership plans of the club, every status</caption><thead><tr><th scope="col">Plan</th><th scope="col">Price</th><th scope="col">Status</th><th scope="col">Sold</th><th scope="col">Action</th></tr></thead><tbody id="plans"></tbody></table>
<h2 id="plan-title">New plan</h2>
<form id="plan" aria-labelledby="plan-title">
${text('name', 'Name', 'required maxlength="100"')}
${text('slug', 'Short name in links', 'required pattern="[a-z0-9]+(-[a-z0-9]+)*" aria-describedby="plan-slug-help"')}
<p id="plan-slug-help" class="help">Lowercase letters and digits, words joined by hyphens.</p>
${text('price', 'Price', 'required inputmode="decimal" aria-describedby="price-help"')}
<p id="price-help" class="help">In the currency’s main unit, e.g. 240 or 240.50.</p>
${text('currency', 'Currency', 'required maxlength="3" value="USD" aria-describedby="currency-help"')}
<p id="currency-help" class="help">Its three-letter code, e.g. USD, EUR, GBP.</p>
${select('period', 'Paid', choices(PLAN_PERIOD_WORDS))}
${select('status', 'Status', choices(PLAN_STATUS_WORDS))}
${text('capacity', 'Places (optional)', 'type="number" min="0" max="1000000" aria-describedby="capacity-help"')}
<p id="capacity-help" class="help">How many may buy it; empty: no limit.</p>
${text('salesOpenAt', 'Sales open (optional, the club’s local time)', 'type="datetime-local" aria-describedby="sales-help"')}
${text('salesCloseAt', 'Sales close (optional, the club’s local time)', 'type="datetime-local" aria-describedby="sales-help"')}
<p id="sales-help" class="help">Empty: sales open at once and never close.</p>
${area('description', 'Description (optional)', 'rows="3" maxlength="2000"')}
${area('benefits', 'Benefits (optional, one a line)', 'rows="4"')}
<p><button type="submit" id="plan-submit">Create plan</button> <button type="button" id="plan-cancel" class="secondary" hidden>Stop editing</button></p>
</form>
<h2>Record a purchase</h2>
<p>A purchase paid outside the online checkout, e.g. at the club’s desk. The golfer must be one of the club’s (the Golfers page adds them).</p>
<form id="purchase">
${select('purchasePlan', 'Plan')}
${select('purchaseGolfer', 'Golfer')}
<p><button type="submit">Record purchase</button></p>
</form>`,
  },
  {
    path: '/subscribers',
    title: 'Newsletter',
    script: 'subscribers.js',
    body: `<h1>Newsletter</h1>
<p>People subscribe with the club’s newsletter form and confirm by e-mail. Only confirmed subscribers may be mailed; the club’s mail tool sends, from the list downloaded here.</p>
<p><button type="button" id="download">Download the list as CSV</button></p>
<p id="csv" hidden><a id="csv-link" href="#">Save the list again (subscribers.csv)</a></p>
<table><caption id="subscribers-caption">Subscribers, oldest first</caption><thead><tr><th scope="col">Subscriber</th><th scope="col">Status</th><th scope="col">Consent (club time)</th><th scope="col">Action</th></tr></thead><tbody id="subscribers"></tbody></table>
<nav aria-label="Pages of subscribers"><p><button type="button" id="previous" class="secondary">Previous page</button> <button type="button" id="next" class="secondary">Next page</button></p></nav>`,
  },
];
