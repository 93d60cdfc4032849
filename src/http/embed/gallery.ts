import { DEMO_LIVE_NIGHT_SLUG, DEMO_ORG_SLUG } from '../../cli/seed-demo.js';
import type { Executor } from '../../db/executor.js';
import { NotFoundError } from '../../domain/errors.js';
import { requireOrg } from '../../resources/orgs/service.js';
import { assetUrl } from './assets.js';
import { Html, escapeHtml, html } from './html.js';

/** The demo's league with standings, a night of which scores live. */
const DEMO_LEAGUE_SLUG = 'tuesday-night-league';

interface Example {
  widget: string;
  what: string;
  data: Record<string, string>;
}

const EXAMPLES: Example[] = [
  {
    widget: 'leagues',
    what: 'Every public league: stage, spots left, dates, fee and a register button.',
    data: {},
  },
  { widget: 'league', what: 'One league’s card.', data: { league: DEMO_LEAGUE_SLUG } },
  {
    widget: 'schedule',
    what: 'A league’s schedule with details and register links.',
    data: { league: DEMO_LEAGUE_SLUG, filter: 'upcoming', actions: '1', limit: '5' },
  },
  {
    widget: 'schedule',
    what: 'Tournaments only, no heading, in the club’s colour.',
    data: { tags: 'tournaments', title: ' ', accent: '#ffd700' },
  },
  {
    widget: 'standings',
    what: 'A league’s standings (a season picker shows for series with several seasons).',
    data: { league: DEMO_LEAGUE_SLUG },
  },
  {
    widget: 'event-detail',
    what: 'One event. With event="url" it reads the event from the page’s ?event= parameter.',
    data: { event: DEMO_LIVE_NIGHT_SLUG },
  },
  { widget: 'field', what: 'An event’s players.', data: { event: DEMO_LIVE_NIGHT_SLUG } },
  { widget: 'tee-times', what: 'An event’s tee sheet.', data: { event: DEMO_LIVE_NIGHT_SLUG } },
  {
    widget: 'leaderboard',
    what: 'An event’s leaderboards, live while scores come in.',
    data: { event: DEMO_LIVE_NIGHT_SLUG },
  },
];

function attributes(example: Example): string {
  return Object.entries({ org: DEMO_ORG_SLUG, widget: example.widget, ...example.data })
    .map(([name, value]) => ` data-${name}="${escapeHtml(value)}"`)
    .join('');
}

function section(origin: string, example: Example): Html {
  const snippet = `<script async src="${origin}/embed.js"${attributes(example)}></script>`;
  return html`<section class="card" aria-label="${example.widget}">
    <div class="grow">
      <h2><code>${example.widget}</code></h2>
      <p>${example.what}</p>
      <pre class="scroll"><code>${snippet}</code></pre>
      ${new Html(`<script async src="/embed.js"${attributes(example)}></script>`)}
    </div>
  </section>`;
}

/** Every widget on the demo org, each with the tag a club pastes to show it. */
export async function galleryPage(db: Executor, origin: string): Promise<string> {
  const demo = await requireOrg(db, DEMO_ORG_SLUG).catch((error: unknown) => {
    if (error instanceof NotFoundError) return undefined;
    throw error;
  });
  const body =
    demo === undefined
      ? html`<p>
          The demo organization is not loaded (start the service with <code>DEMO_DATA=on</code>) to
          see the widgets here.
        </p>`
      : EXAMPLES.map((example) => section(origin, example));
  return html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>Clubhouse widgets</title>
        <link rel="stylesheet" href="${assetUrl('embed.css')}" />
      </head>
      <body>
        <main class="widget">
          <h1>Clubhouse widgets</h1>
          <p>
            Paste a tag into any page of your club’s site; the widget appears where the tag is and
            sizes itself. Options are <code>data-*</code> attributes; see docs/embeds.md.
          </p>
          ${body}
        </main>
      </body>
    </html> `.value;
}
