import { readFile } from 'node:fs/promises';
import type { App } from '../../http/context.js';
import { ADMIN_BASE_PATH, PUBLIC_BASE_PATH } from '../../http/base-paths.js';
import { CONSOLE_PAGES, type ConsolePage } from './pages.js';

export const CONSOLE_PATH = '/console';
const ASSETS = `${CONSOLE_PATH}/assets`;
const JS = 'text/javascript; charset=utf-8';

/** The console's own files, and the QR code library as its package ships it (an ES module). */
const FILES: Record<string, { from: URL; type: string }> = {
  'console.css': { from: asset('console.css'), type: 'text/css; charset=utf-8' },
  'qrcode.mjs': {
    // Resolved as an import would be, so the file is found wherever the service is built to.
    from: new URL(import.meta.resolve('qrcode-generator')),
    type: JS,
  },
  ...Object.fromEntries(
    ['api.js', ...CONSOLE_PAGES.map((page) => page.script)].map((file) => [
      file,
      { from: asset(file), type: JS },
    ]),
  ),
};

function asset(file: string): URL {
  return new URL(`../../../assets/console/${file}`, import.meta.url);
}

/**
 * Only the console's own files and the admin API; never framed; no Referer, so nothing of
 * a page reaches another site; the key lives in the tab's sessionStorage, never in a URL.
 */
const HEADERS = {
  'content-security-policy':
    "default-src 'self'; img-src 'self' data:; base-uri 'none'; object-src 'none'; form-action 'none'; frame-ancestors 'none'",
  'referrer-policy': 'no-referrer',
  'cache-control': 'no-cache',
};

const NAVIGATION = [
  ['/leagues', 'Leagues'],
  ['/golfers', 'Golfers'],
  ['/nights', 'Nights'],
  ['/standings', 'Standings'],
  ['/brackets', 'Brackets'],
  ['/posts', 'Posts'],
  ['/plans', 'Memberships'],
  ['/subscribers', 'Newsletter'],
  ['/club', 'Club'],
] as const;

/** The one layout of every console page: the navigation, the page's shell, its script. */
function layout(page: ConsolePage): string {
  const links = NAVIGATION.map(
    ([path, label]) =>
      `<li><a href="${CONSOLE_PATH}${path}"${path === page.path ? ' aria-current="page"' : ''}>${label}</a></li>`,
  ).join('');
  const signedIn = page.path !== '';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${page.title} · Clubhouse console</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="${ASSETS}/console.css">
<script type="module" src="${ASSETS}/${page.script}"></script>
</head>
<body data-admin="${ADMIN_BASE_PATH}" data-public="${PUBLIC_BASE_PATH}" data-console="${CONSOLE_PATH}">
<a class="skip" href="#main">Skip to the page</a>
<header class="top no-print">
<p class="brand"><a href="${CONSOLE_PATH}">Clubhouse console</a> <span id="org-name"></span></p>
${signedIn ? `<nav aria-label="Console"><ul>${links}<li><button type="button" id="sign-out">Sign out</button></li></ul></nav>` : ''}
</header>
<main id="main">
<p id="message" role="status" aria-live="polite"></p>
${page.body}
</main>
</body>
</html>
`;
}

/** `GET /console` and its pages (decisions §23), with their scripts and stylesheet. */
export function consoleSiteRoutes() {
  return async function register(app: App): Promise<void> {
    for (const page of CONSOLE_PAGES) {
      const html = layout(page);
      app.get(`${CONSOLE_PATH}${page.path}`, async (_request, reply) =>
        reply.headers(HEADERS).type('text/html; charset=utf-8').send(html),
      );
    }
    for (const [file, { from, type }] of Object.entries(FILES)) {
      const body = await readFile(from);
      app.get(`${ASSETS}/${file}`, async (_request, reply) =>
        reply.headers(HEADERS).type(type).send(body),
      );
    }
  };
}
