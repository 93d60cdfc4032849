import { readFile } from 'node:fs/promises';
import type { App } from '../../http/context.js';
import { ADMIN_BASE_PATH } from '../../http/base-paths.js';
import { SCORING_PATH } from './schema.js';

const ASSETS = `${SCORING_PATH}/assets`;
const FILES = {
  'score.js': 'text/javascript; charset=utf-8',
  'score.css': 'text/css; charset=utf-8',
};

/**
 * Only the page's own files and the admin API; never framed; the key is in the fragment,
 * which browsers neither send nor put in a Referer, and the page sends no Referer at all.
 */
const HEADERS = {
  'content-security-policy':
    "default-src 'self'; img-src 'self' data:; base-uri 'none'; object-src 'none'; form-action 'none'; frame-ancestors 'none'",
  'referrer-policy': 'no-referrer',
  'cache-control': 'no-cache',
};

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Scoring</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="${ASSETS}/score.css">
<script defer src="${ASSETS}/score.js"></script>
</head>
<body data-admin="${ADMIN_BASE_PATH}">
<main>
<h1 id="title">Scoring</h1>
<p id="message" role="status"></p>
<div id="pick" hidden>
<label for="golfer">Golfer</label>
<select id="golfer"><option value="">Pick a golfer</option></select>
</div>
<section id="card" hidden aria-labelledby="card-title">
<h2 id="card-title">Card</h2>
<ol id="holes"></ol>
</section>
<p id="queue" role="status"></p>
</main>
</body>
</html>
`;

/**
 * The scoring page (decisions §21), `/score#org=…&event=…&key=…`: plain HTML and a small
 * script that reads the fragment and talks to the admin API with the key.
 */
export function scoringSiteRoutes() {
  return async function register(app: App): Promise<void> {
    const files = new Map<string, { body: Buffer; type: string }>();
    for (const [file, type] of Object.entries(FILES)) {
      files.set(file, {
        body: await readFile(new URL(`../../../assets/scoring/${file}`, import.meta.url)),
        type,
      });
    }
    app.get(SCORING_PATH, async (_request, reply) =>
      reply.headers(HEADERS).type('text/html; charset=utf-8').send(PAGE),
    );
    for (const [file, { body, type }] of files) {
      app.get(`${ASSETS}/${file}`, async (_request, reply) =>
        reply.headers(HEADERS).type(type).send(body),
      );
    }
  };
}
