import {
  DEMO_BRACKET_SLUG,
  DEMO_FEATURED_POST_SLUG,
  DEMO_LIVE_NIGHT_SLUG,
  DEMO_ORG_SLUG,
  DEMO_PLAYER_SLUG,
} from '../../cli/seed-demo.js';
import type { Executor } from '../../db/executor.js';
import { NotFoundError } from '../../domain/errors.js';
import { requireOrg } from '../../resources/orgs/service.js';
import type { EmbedAssets } from './assets.js';
import { Html, escapeHtml, html } from './html.js';
import type { GalleryDemo, GalleryExample, Widget } from './parts.js';

/**
 * The demo's records the examples show: a league with standings, a night scored live, a
 * bracket in progress, a featured post, a player with a league handicap.
 */
const DEMO: GalleryDemo = {
  league: 'tuesday-night-league',
  liveNight: DEMO_LIVE_NIGHT_SLUG,
  bracket: DEMO_BRACKET_SLUG,
  post: DEMO_FEATURED_POST_SLUG,
  player: DEMO_PLAYER_SLUG,
};

function attributes(widget: string, example: GalleryExample): string {
  return Object.entries({ org: DEMO_ORG_SLUG, widget, ...example.data })
    .map(([name, value]) => ` data-${name}="${escapeHtml(value)}"`)
    .join('');
}

function section(origin: string, widget: string, example: GalleryExample): Html {
  const snippet = `<script async src="${origin}/embed.js"${attributes(widget, example)}></script>`;
  return html`<section class="card" aria-label="${widget}">
    <div class="grow">
      <h2><code>${widget}</code></h2>
      <p>${example.what}</p>
      <pre class="scroll"><code>${snippet}</code></pre>
      ${new Html(`<script async src="/embed.js"${attributes(widget, example)}></script>`)}
    </div>
  </section>`;
}

/** Every widget on the demo org, each example with the tag a club pastes to show it. */
export async function galleryPage(
  db: Executor,
  origin: string,
  widgets: Iterable<Widget>,
  assets: EmbedAssets,
): Promise<string> {
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
      : [...widgets].flatMap((widget) =>
          widget.gallery(DEMO).map((example) => section(origin, widget.name, example)),
        );
  return html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>Clubhouse widgets</title>
        <link rel="stylesheet" href="${assets.url('embed.css')}" />
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
