import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { after, before, describe, test } from 'node:test';
import {
  ClubhouseError,
  createAdminClient,
  createPublicClient,
  unwrap,
  type PublicClient,
} from '../../clients/typescript/src/index.js';
import {
  DEMO_BRACKET_SLUG,
  DEMO_FEATURED_POST_SLUG,
  DEMO_INVITE_TOKEN,
  DEMO_LIVE_NIGHT_SLUG,
  DEMO_ORG_SLUG,
  DEMO_PLAN_SLUG,
  DEMO_PLAYER_SLUG,
  seedDemo,
} from '../../src/cli/seed-demo.js';
import { OPENAPI_FILE } from '../../src/cli/openapi.js';
import { ADMIN_TOKEN, NO_LIMITS, stopHarness } from '../support/harness.js';
import { isEventStream, operationsOf, type OpenApiDocument } from '../support/openapi.js';
import { startListening, type ListeningHarness } from '../support/listening.js';

const org = DEMO_ORG_SLUG;

void describe('@clubhouse/client against a running server', () => {
  let server: ListeningHarness | undefined;
  let client: PublicClient;

  /** `METHOD path` of each operation a test called and got a success from. */
  const succeeded = new Set<string>();

  before(async () => {
    server = await startListening(NO_LIMITS);
    await seedDemo(server.database.db, server.clock.now);
    client = createPublicClient(server.origin);
    client.use({
      onResponse: ({ request, schemaPath, response }) => {
        if (response.ok) succeeded.add(`${request.method} ${schemaPath}`);
      },
    });
  });
  after(async () => {
    if (server !== undefined) await stopHarness(server);
  });

  void test('leagues, a league, its standings and a registration start', async () => {
    const leagues = await unwrap(
      client.GET('/api/public/v1/orgs/{orgSlug}/event-series', {
        params: { path: { orgSlug: org } },
      }),
    );
    const league = leagues.find((candidate) => candidate.standingSeriesId !== null);
    assert.ok(league !== undefined);
    const same = await unwrap(
      client.GET('/api/public/v1/orgs/{orgSlug}/event-series/{slug}', {
        params: { path: { orgSlug: org, slug: league.slug } },
      }),
    );
    assert.deepEqual(same, league);
    const standings = await unwrap(
      client.GET('/api/public/v1/orgs/{orgSlug}/event-series/{slug}/standings', {
        params: { path: { orgSlug: org, slug: league.slug } },
      }),
    );
    assert.equal(standings.standingSeries?.id, league.standingSeriesId);
    const start = await unwrap(
      client.POST('/api/public/v1/orgs/{orgSlug}/event-series/{id}/register/start', {
        params: { path: { orgSlug: org, id: league.id } },
      }),
    );
    assert.match(start.url, /^https:\/\/pay\.example\.com\/register\?/);
  });

  void test('standings series and a competitor', async () => {
    const [league] = await unwrap(
      client.GET('/api/public/v1/orgs/{orgSlug}/event-series', {
        params: { path: { orgSlug: org } },
      }),
    );
    const seriesId = league?.standingSeriesId;
    assert.ok(typeof seriesId === 'number');
    const standings = await unwrap(
      client.GET('/api/public/v1/orgs/{orgSlug}/standings/{seriesId}', {
        params: { path: { orgSlug: org, seriesId } },
      }),
    );
    const row = standings.table?.rows[0];
    assert.ok(row !== undefined);
    const competitor = await unwrap(
      client.GET('/api/public/v1/orgs/{orgSlug}/standings/{seriesId}/competitors/{competitorId}', {
        params: { path: { orgSlug: org, seriesId, competitorId: row.competitorId } },
      }),
    );
    assert.equal(competitor.name, row.name);
    assert.equal(competitor.points, row.points);
  });

  void test('an invite and its team', async () => {
    const invite = await unwrap(
      client.GET('/api/public/v1/event-series-invites/{token}', {
        params: { path: { token: DEMO_INVITE_TOKEN } },
      }),
    );
    const team = await unwrap(
      client.GET('/api/public/v1/orgs/{orgSlug}/event-series/{id}/teams/{teamId}', {
        params: { path: { orgSlug: org, id: invite.eventSeries.id, teamId: invite.team.id } },
      }),
    );
    assert.deepEqual(team, invite.team);
  });

  void test('events with their query, an event, its field, tee sheet and leaderboard', async () => {
    const page = await unwrap(
      client.GET('/api/public/v1/orgs/{orgSlug}/events', {
        params: {
          path: { orgSlug: org },
          query: { filter: 'all', eventSeries: 'tuesday-night-league', limit: 2, offset: 1 },
        },
      }),
    );
    assert.equal(page.events.length, 2);
    assert.ok(page.count > 2);
    const path = { orgSlug: org, eventSlug: DEMO_LIVE_NIGHT_SLUG };
    const event = await unwrap(
      client.GET('/api/public/v1/orgs/{orgSlug}/events/{eventSlug}', { params: { path } }),
    );
    assert.equal(event.slug, DEMO_LIVE_NIGHT_SLUG);
    const field = await unwrap(
      client.GET('/api/public/v1/orgs/{orgSlug}/events/{eventSlug}/field', { params: { path } }),
    );
    assert.equal(field.count, field.players.length);
    const sheet = await unwrap(
      client.GET('/api/public/v1/orgs/{orgSlug}/events/{eventSlug}/tee-sheet', {
        params: { path },
      }),
    );
    assert.ok(sheet.groups.length > 0);
    const boards = await unwrap(
      client.GET('/api/public/v1/orgs/{orgSlug}/events/{eventSlug}/leaderboard', {
        params: { path },
      }),
    );
    assert.ok(boards.version > 0);
    assert.equal(boards.leaderboards[0]?.name, 'Individual');
  });

  void test('a plain-text failure is thrown with its body as the message', async () => {
    const missing = client.GET('/api/public/v1/orgs/{orgSlug}/event-series/{slug}', {
      params: { path: { orgSlug: org, slug: 'no-such-league' } },
    });
    const { error, response } = await missing;
    assert.equal(response.status, 404);
    assert.equal(error, 'Not Found');
    await assert.rejects(unwrap(missing), (thrown: unknown) => {
      assert.ok(thrown instanceof ClubhouseError);
      assert.equal(thrown.status, 404);
      assert.equal(thrown.message, 'Not Found');
      assert.equal(thrown.errors, undefined);
      return true;
    });
    await assert.rejects(
      unwrap(
        client.GET('/api/public/v1/orgs/{orgSlug}/events', {
          params: { path: { orgSlug: org }, query: { limit: 0 } },
        }),
      ),
      {
        name: 'ClubhouseError',
        status: 400,
        message: 'Invalid query parameter: limit must be >= 1',
      },
    );
  });

  void test('an invalid admin body is a typed 422: each field and what is wrong with it', async () => {
    assert.ok(server !== undefined);
    const admin = createAdminClient(server.origin, ADMIN_TOKEN);
    const result = await admin.POST('/admin/v1/orgs', {
      body: { slug: 'Not A Slug', name: 'Club', timezone: 'America/Chicago' },
    });
    assert.equal(result.response.status, 422);
    const errors = typeof result.error === 'object' ? result.error.errors : undefined;
    assert.deepEqual(Object.keys(errors ?? {}), ['slug']);
    await assert.rejects(
      unwrap(admin.POST('/admin/v1/users', { body: { email: 'x', firstName: '', lastName: 'Y' } })),
      (thrown: unknown) => {
        assert.ok(thrown instanceof ClubhouseError);
        assert.equal(thrown.status, 422);
        assert.deepEqual(Object.keys(thrown.errors ?? {}).sort(), ['email', 'firstName']);
        return true;
      },
    );
    const created = await unwrap(
      admin.POST('/admin/v1/orgs', {
        body: { slug: 'client-test-club', name: 'Client Club', timezone: 'America/Chicago' },
      }),
    );
    assert.equal(created.slug, 'client-test-club');
    const stranger = createAdminClient(server.origin, 'not-the-admin-token');
    await assert.rejects(unwrap(stranger.POST('/admin/v1/orgs', { body: created })), {
      status: 401,
      message: 'Unauthorized',
    });
  });

  void test('odds, brackets, players, posts and their feeds, calendars, membership plans and the newsletter', async () => {
    const night = { orgSlug: org, eventSlug: DEMO_LIVE_NIGHT_SLUG };
    const odds = await unwrap(
      client.GET('/api/public/v1/orgs/{orgSlug}/events/{eventSlug}/odds', {
        params: { path: night },
      }),
    );
    assert.ok(odds.boards.length > 0, 'the live night has odds');

    const { brackets } = await unwrap(
      client.GET('/api/public/v1/orgs/{orgSlug}/brackets', { params: { path: { orgSlug: org } } }),
    );
    assert.deepEqual(
      brackets.map((bracket) => bracket.slug),
      [DEMO_BRACKET_SLUG],
    );
    const bracket = await unwrap(
      client.GET('/api/public/v1/orgs/{orgSlug}/brackets/{bracketSlug}', {
        params: { path: { orgSlug: org, bracketSlug: DEMO_BRACKET_SLUG } },
      }),
    );
    assert.equal(bracket.slug, DEMO_BRACKET_SLUG);

    const players = await unwrap(
      client.GET('/api/public/v1/orgs/{orgSlug}/players', {
        params: { path: { orgSlug: org }, query: { search: 'ava' } },
      }),
    );
    assert.deepEqual(
      players.players.map((player) => player.slug),
      [DEMO_PLAYER_SLUG],
    );
    const player = await unwrap(
      client.GET('/api/public/v1/orgs/{orgSlug}/players/{playerSlug}', {
        params: { path: { orgSlug: org, playerSlug: DEMO_PLAYER_SLUG } },
      }),
    );
    assert.ok(player.handicap !== null && player.handicap.rounds >= 3, 'a league handicap');

    const posts = await unwrap(
      client.GET('/api/public/v1/orgs/{orgSlug}/posts', {
        params: { path: { orgSlug: org }, query: { featured: true } },
      }),
    );
    assert.deepEqual(
      posts.posts.map((post) => post.slug),
      [DEMO_FEATURED_POST_SLUG],
    );
    const post = await unwrap(
      client.GET('/api/public/v1/orgs/{orgSlug}/posts/{postSlug}', {
        params: { path: { orgSlug: org, postSlug: DEMO_FEATURED_POST_SLUG } },
      }),
    );
    assert.match(post.html, /<h2>What is new this year<\/h2>/);
    const jsonFeed = await unwrap(
      client.GET('/api/public/v1/orgs/{orgSlug}/posts/feed.json', {
        params: { path: { orgSlug: org } },
      }),
    );
    assert.equal(jsonFeed.version, 'https://jsonfeed.org/version/1.1');
    const rss = await unwrap(
      client.GET('/api/public/v1/orgs/{orgSlug}/posts/feed.xml', {
        params: { path: { orgSlug: org } },
        parseAs: 'text',
      }),
    );
    assert.match(rss, /^<\?xml[^>]*>\s*<rss version="2\.0"/);

    const leagueCalendar = await unwrap(
      client.GET('/api/public/v1/orgs/{orgSlug}/event-series/{slug}/calendar.ics', {
        params: { path: { orgSlug: org, slug: 'tuesday-night-league' } },
        parseAs: 'text',
      }),
    );
    assert.match(leagueCalendar, /^BEGIN:VCALENDAR\r\n/);
    const orgCalendar = await unwrap(
      client.GET('/api/public/v1/orgs/{orgSlug}/events/calendar.ics', {
        params: { path: { orgSlug: org } },
        parseAs: 'text',
      }),
    );
    assert.match(orgCalendar, /BEGIN:VEVENT\r\n/);

    const plans = await unwrap(
      client.GET('/api/public/v1/orgs/{orgSlug}/membership-plans', {
        params: { path: { orgSlug: org } },
      }),
    );
    assert.ok(plans.some((plan) => plan.slug === DEMO_PLAN_SLUG));
    const plan = await unwrap(
      client.GET('/api/public/v1/orgs/{orgSlug}/membership-plans/{slug}', {
        params: { path: { orgSlug: org, slug: DEMO_PLAN_SLUG } },
      }),
    );
    assert.equal(plan.availability, 'available');
    const checkout = await unwrap(
      client.POST('/api/public/v1/orgs/{orgSlug}/membership-plans/{id}/purchase/start', {
        params: { path: { orgSlug: org, id: plan.id } },
      }),
    );
    assert.match(checkout.url, /^https:\/\//);

    const subscription = await unwrap(
      client.POST('/api/public/v1/orgs/{orgSlug}/newsletter/subscriptions', {
        params: { path: { orgSlug: org } },
        body: { email: 'client-test@example.com', consent: true },
      }),
    );
    assert.equal(subscription.status, 'pending');
  });

  void test('every operation of the public document answered the client (the stream: subscribe-leaderboard.test.ts)', async () => {
    // The tests above run first, in order, and call each operation; this one counts them.
    const document = JSON.parse(await readFile(OPENAPI_FILE, 'utf8')) as OpenApiDocument;
    const expected = operationsOf(document)
      .filter(({ operation }) => !isEventStream(operation))
      .map(({ method, path }) => `${method} ${path}`);
    assert.equal(expected.length, 28);
    assert.deepEqual([...succeeded].sort(), expected.sort());
  });
});

void describe('@clubhouse/client past the rate limit', () => {
  let server: ListeningHarness | undefined;
  before(async () => {
    server = await startListening({ rateLimitPerMinute: 2 });
  });
  after(async () => {
    if (server !== undefined) await stopHarness(server);
  });

  void test('a 429 is thrown with Retry-After in seconds', async () => {
    assert.ok(server !== undefined);
    const client = createPublicClient(server.origin);
    const leagues = () =>
      unwrap(
        client.GET('/api/public/v1/orgs/{orgSlug}/event-series', {
          params: { path: { orgSlug: 'nowhere' } },
        }),
      );
    await assert.rejects(leagues(), { status: 404 });
    await assert.rejects(leagues(), { status: 404 });
    await assert.rejects(leagues(), (thrown: unknown) => {
      assert.ok(thrown instanceof ClubhouseError);
      assert.equal(thrown.status, 429);
      assert.equal(thrown.message, 'Too Many Requests');
      assert.ok(
        thrown.retryAfterSeconds !== undefined &&
          thrown.retryAfterSeconds > 0 &&
          thrown.retryAfterSeconds <= 60,
        String(thrown.retryAfterSeconds),
      );
      return true;
    });
  });
});
