import type { App } from '../../http/context.js';

/** `GET /` (decisions §23): what this server is and where to go, instead of a bare 404. */
const HOME_PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Clubhouse</title>
</head>
<body>
<main>
<h1>Clubhouse</h1>
<p>Golf clubs’ leagues, events, tee sheets, live leaderboards and standings: a JSON API, live streams and embeddable widgets.</p>
<ul>
<li><a href="/docs">Public API documentation</a></li>
<li><a href="/docs/admin">Admin API documentation</a></li>
<li><a href="/embed">Widget gallery</a></li>
<li><a href="/console">Organizer console</a></li>
</ul>
</main>
</body>
</html>
`;

export function homeRoutes() {
  return async function register(app: App): Promise<void> {
    app.get('/', async (_request, reply) =>
      reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'public, max-age=300')
        .send(HOME_PAGE),
    );
  };
}
