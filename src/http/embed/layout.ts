import type { EmbedAssets } from './assets.js';
import { html, type Html } from './html.js';
import { accentHex, type EmbedOptions } from './options.js';

/**
 * Widget pages may be framed by any site and load nothing but their own files: no
 * third-party requests, no inline script or style.
 */
const EMBED_CSP =
  "default-src 'self'; img-src 'self' data:; frame-ancestors *; base-uri 'none'; object-src 'none'";

/** The headers of every widget page, its 404s included; never a cookie or X-Frame-Options. */
export const EMBED_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': EMBED_CSP,
  'referrer-policy': 'strict-origin-when-cross-origin',
};

export const HTML_TYPE = 'text/html; charset=utf-8';

/** The widget's heading: the `title` option, hidden when it is blank (" "), else `label`. */
function heading(options: EmbedOptions, label: string): Html {
  const title = options.title;
  if (title === undefined) return html`<h1>${label}</h1>`;
  if (title.trim() === '') return html`<h1 class="visually-hidden">${label}</h1>`;
  return html`<h1>${title}</h1>`;
}

export interface PageInput {
  widget: string;
  label: string;
  orgName: string;
  options: EmbedOptions;
  body: Html;
}

export interface EmbedPages {
  /** A whole widget page. */
  widget(page: PageInput): string;
  /** The small page of an unknown org, league, event or widget; the loader hides its frame. */
  missing(): string;
  /** A page of one message, such as why a registration cannot start. */
  message(title: string, message: string): string;
  /**
   * The page of a widget refused for load (429) or while the database is away (503): a
   * styled notice; its script asks again after `retryAfterSeconds`, and a link does at once.
   */
  busy(retryAfterSeconds: number): string;
}

/** The pages' HTML, linking the assets as loaded. */
export function embedPages(assets: EmbedAssets): EmbedPages {
  function htmlDocument(title: string, accent: string | undefined, main: Html): string {
    return html`<!doctype html>
      <html lang="en">
        <head>
          <meta charset="utf-8" />
          <meta name="viewport" content="width=device-width, initial-scale=1" />
          <title>${title}</title>
          <link rel="stylesheet" href="${assets.url('embed.css')}" />
          ${accent === undefined ? '' : html`<link rel="stylesheet" href="/embed/accent/${accent}.css" />`}
          <script src="${assets.url('widget.js')}" defer></script>
        </head>
        <body>
          ${main}
        </body>
      </html> `.value;
  }

  function widget(page: PageInput): string {
    return htmlDocument(
      `${page.label} · ${page.orgName}`,
      accentHex(page.options.accent),
      html`<main id="widget" class="widget widget-${page.widget}">
        ${heading(page.options, page.label)} ${page.body}
      </main>`,
    );
  }

  function missing(): string {
    return htmlDocument(
      'Not found',
      undefined,
      html`<main id="widget" class="widget" data-missing>
        <p>There is nothing to show here.</p>
      </main>`,
    );
  }

  function message(title: string, text: string): string {
    return htmlDocument(
      title,
      undefined,
      html`<main id="widget" class="widget">
        <h1>${title}</h1>
        <p role="alert">${text}</p>
      </main>`,
    );
  }

  function busy(retryAfterSeconds: number): string {
    const seconds = retryAfterSeconds === 1 ? '1 second' : `${retryAfterSeconds} seconds`;
    return htmlDocument(
      'Busy, retrying',
      undefined,
      html`<main id="widget" class="widget" data-retry-after="${retryAfterSeconds}">
        <div class="busy" role="status">
          <p class="busy-title">Busy right now</p>
          <p>
            Many visitors are looking at once. This will try again in ${seconds}.
            <a href="">Try again now</a>
          </p>
        </div>
      </main>`,
    );
  }

  return { widget, missing, message, busy };
}

/** The accent's stylesheet: its colours and the AA pairs drawn from it. */
export function accentStylesheet(palette: {
  accent: string;
  onAccent: string;
  accentText: string;
}): string {
  return `:root{--accent:${palette.accent};--on-accent:${palette.onAccent};--accent-text:${palette.accentText}}\n`;
}
