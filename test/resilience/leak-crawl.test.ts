import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { DEMO_INVITE_TOKEN, DEMO_ORG_SLUG, seedDemo } from '../../src/cli/seed-demo.js';
import { TARGETS } from '../support/databases.js';
import {
  NO_LIMITS,
  PUBLIC,
  describeUnlessSkipped,
  startHarness,
  stopHarness,
  type Harness,
} from '../support/harness.js';

/**
 * Leak crawling: every public URL of the demo org, JSON and widget pages, reached from what
 * the data holds, beside a draft and a private league of the same org with golfers, teams,
 * invites and league nights of their own. No answer may carry an e-mail address, an invite
 * token (but the invite's own answer), a hidden league's or hidden golfer's name, or a column
 * the public shapes leave out; every URL of a hidden league or its nights answers 404.
 */

const HIDDEN_GOLFER = { firstName: 'Xanthippe', lastName: 'Quillfeather' };
const HIDDEN_LEAGUE_NAMES = ['Zephyr Draft League', 'Quokka Private League'];

/** Table columns and internal names that no public answer has. */
const INTERNAL_NAMES = [
  'email',
  'members_only',
  'membersOnly',
  'seats_reserved',
  'seatsReserved',
  'org_id',
  'orgId',
  'image_path',
  'created_at',
  'createdAt',
  'updated_at',
  'member_count',
  'fee_members_cents',
  'standing_series_id',
  'linked_event_count',
  'event_series_id',
  'user_id',
  'paid_entry',
  'token',
];

interface Hidden {
  leagues: { id: number; slug: string }[];
  eventSlugs: string[];
  teamIds: number[];
}

/** A draft and a private league of the demo org, each with a team, an invite and a night. */
async function hideLeagues(h: Harness): Promise<Hidden> {
  const golfer = await h.user(HIDDEN_GOLFER);
  const partner = await h.user();
  const hidden: Hidden = { leagues: [], eventSlugs: [], teamIds: [] };
  for (const [index, status] of (['draft', 'private'] as const).entries()) {
    const created = await h.admin('POST', `/admin/v1/orgs/${DEMO_ORG_SLUG}/event-series`, {
      slug: `hidden-league-${status}`,
      name: HIDDEN_LEAGUE_NAMES[index],
      seasonLabel: '2026 Season',
      status: 'open',
      feeMembersCents: 10000,
      entrySize: 2,
    });
    assert.equal(created.statusCode, 201, created.body);
    const league = created.json<{ id: number; slug: string }>();
    const registered = await h.admin(
      'POST',
      `/admin/v1/orgs/${DEMO_ORG_SLUG}/event-series/${league.id}/registrations`,
      { userId: golfer.id, teamName: 'Hidden Herons', partnerEmails: [partner.email] },
    );
    assert.equal(registered.statusCode, 201, registered.body);
    const night = await h.admin('POST', `/admin/v1/orgs/${DEMO_ORG_SLUG}/events`, {
      slug: `hidden-night-${status}`,
      title: `${HIDDEN_LEAGUE_NAMES[index]} night`,
      eventType: 'league-night',
      startDate: '2026-06-23T22:30:00Z',
      status: 'published',
      eventSeriesId: league.id,
    });
    assert.equal(night.statusCode, 201, night.body);
    const hide = await h.admin(
      'PATCH',
      `/admin/v1/orgs/${DEMO_ORG_SLUG}/event-series/${league.id}`,
      { status },
    );
    assert.equal(hide.statusCode, 200, hide.body);
    hidden.leagues.push(league);
    hidden.eventSlugs.push(`hidden-night-${status}`);
    hidden.teamIds.push(registered.json<{ teamId: number }>().teamId);
  }
  return hidden;
}

interface Crawled {
  url: string;
  status: number;
  body: string;
}

/** Every public URL the demo org's data names, JSON and widgets, read once each. */
async function crawl(h: Harness, hidden: Hidden): Promise<Crawled[]> {
  const db = h.database.db;
  const org = `${PUBLIC}/orgs/${DEMO_ORG_SLUG}`;
  const leagues = await db.selectFrom('event_series').select(['id', 'slug']).execute();
  const events = await db.selectFrom('events').select('slug').execute();
  const teams = await db.selectFrom('teams').select(['id', 'event_series_id']).execute();
  const series = await db.selectFrom('standing_series').select('id').execute();
  const seasons = await db.selectFrom('standing_seasons').select(['id', 'series_id']).execute();
  const competitors = await db
    .selectFrom('standing_competitors')
    .select(['id', 'series_id'])
    .execute();
  const urls = [
    `${org}/event-series`,
    `${org}/events?filter=all&limit=100`,
    `${org}/events?filter=upcoming`,
    `${org}/events?filter=completed`,
    `${PUBLIC}/event-series-invites/${DEMO_INVITE_TOKEN}`,
    `/embed?org=${DEMO_ORG_SLUG}`,
    `/embed/leagues?org=${DEMO_ORG_SLUG}`,
    `/embed/schedule?org=${DEMO_ORG_SLUG}&actions=1`,
  ];
  for (const league of leagues) {
    urls.push(
      `${org}/event-series/${league.slug}`,
      `${org}/event-series/${league.slug}/standings`,
      `${org}/events?filter=all&eventSeries=${league.slug}`,
      `/embed/league?org=${DEMO_ORG_SLUG}&league=${league.slug}`,
      `/embed/schedule?org=${DEMO_ORG_SLUG}&league=${league.slug}&actions=1`,
      `/embed/standings?org=${DEMO_ORG_SLUG}&league=${league.slug}`,
    );
  }
  for (const team of teams)
    urls.push(`${org}/event-series/${team.event_series_id}/teams/${team.id}`);
  for (const { slug } of events) {
    urls.push(
      `${org}/events/${slug}`,
      `${org}/events/${slug}/field`,
      `${org}/events/${slug}/tee-sheet`,
      `${org}/events/${slug}/leaderboard`,
      ...['event-detail', 'field', 'tee-times', 'leaderboard'].map(
        (widget) => `/embed/${widget}?org=${DEMO_ORG_SLUG}&event=${slug}`,
      ),
    );
  }
  for (const { id } of series) urls.push(`${org}/standings/${id}`);
  for (const season of seasons)
    urls.push(`${org}/standings/${season.series_id}?seasonId=${season.id}`);
  for (const competitor of competitors) {
    urls.push(`${org}/standings/${competitor.series_id}/competitors/${competitor.id}`);
  }
  assert.ok(hidden.leagues.every((league) => leagues.some((row) => row.id === league.id)));
  const crawled: Crawled[] = [];
  for (const url of urls) {
    const response = await h.inject({ url });
    crawled.push({ url, status: response.statusCode, body: response.body });
  }
  return crawled;
}

for (const target of TARGETS) {
  describeUnlessSkipped(
    `leak crawl of the public API and widgets [${target.name}]`,
    target.skip,
    () => {
      let h: Harness;
      let hidden: Hidden;
      let crawled: Crawled[];
      before(async () => {
        h = await startHarness(target, NO_LIMITS);
        await seedDemo(h.database.db, h.clock.now);
        hidden = await hideLeagues(h);
        crawled = await crawl(h, hidden);
      });
      after(async () => {
        await stopHarness(h);
      });

      void test('every URL answers 200 or 404, and most answer 200', () => {
        const statuses = crawled.map(({ url, status }) => `${status} ${url}`);
        assert.deepEqual(
          statuses.filter((line) => !/^(200|404) /.test(line)),
          [],
        );
        const ok = crawled.filter(({ status }) => status === 200).length;
        assert.ok(ok > crawled.length / 2, `${ok} of ${crawled.length} answered 200`);
      });

      void test('every URL of a hidden league, its teams and its nights answers 404', () => {
        const hiddenUrls = crawled.filter(({ url }) =>
          [
            ...hidden.leagues.flatMap((league) => [
              `/event-series/${league.slug}`,
              `eventSeries=${league.slug}&`,
              `league=${league.slug}`,
            ]),
            ...hidden.eventSlugs.map((slug) => `/events/${slug}`),
            ...hidden.eventSlugs.map((slug) => `event=${slug}`),
            ...hidden.teamIds.map((id) => `/teams/${id}`),
          ].some((part) => url.includes(part) || url.endsWith(part.replace(/&$/, ''))),
        );
        assert.ok(hiddenUrls.length >= 2 * 12, `${hiddenUrls.length} hidden URLs crawled`);
        for (const { url, status } of hiddenUrls) {
          if (url.includes('eventSeries=')) continue;
          assert.equal(status, 404, url);
        }
      });

      void test('no answer carries an e-mail, a token, a hidden name or an internal column', async () => {
        const emails = (await h.database.db.selectFrom('users').select('email').execute()).map(
          (row) => row.email,
        );
        const tokens = (
          await h.database.db
            .selectFrom('invites')
            .select('token')
            .where('token', 'is not', null)
            .execute()
        ).flatMap((row) => (row.token === null ? [] : [row.token]));
        assert.ok(emails.length > 10 && tokens.length > 2);
        const secrets = [
          ...emails,
          ...HIDDEN_LEAGUE_NAMES,
          HIDDEN_GOLFER.lastName,
          ...hidden.leagues.map((league) => league.slug),
        ];
        // The invite's own answer names the address it was sent to (its holder's own).
        const invited = await h.database.db
          .selectFrom('invites')
          .select('email')
          .where('token', '=', DEMO_INVITE_TOKEN)
          .executeTakeFirstOrThrow();
        for (const { url, body } of crawled) {
          const isInvite = url.includes('/event-series-invites/');
          for (const secret of secrets) {
            if (isInvite && secret === invited.email) continue;
            assert.ok(!body.includes(secret), `${url} shows ${secret}`);
          }
          for (const token of tokens) {
            if (isInvite && token === DEMO_INVITE_TOKEN) continue;
            assert.ok(!body.includes(token), `${url} shows an invite token`);
          }
          if (!url.startsWith('/embed')) {
            const internal = isInvite
              ? INTERNAL_NAMES.filter((name) => name !== 'email')
              : INTERNAL_NAMES;
            for (const name of internal)
              assert.ok(!body.includes(`"${name}"`), `${url} shows "${name}"`);
          }
        }
      });
    },
  );
}
