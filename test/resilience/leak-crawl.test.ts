import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { DEMO_ORG_SLUG, seedDemo } from '../../src/cli/seed-demo.js';
import { RESOURCES, WIDGETS } from '../../src/resources/index.js';
import { TARGETS } from '../support/databases.js';
import {
  NO_LIMITS,
  PUBLIC,
  describeUnlessSkipped,
  startHarness,
  stopHarness,
  type Harness,
} from '../support/harness.js';
import type { OpenApiDocument } from '../support/openapi.js';

/**
 * Leak crawling: every public URL of the demo org, JSON and widget pages, reached from what
 * the data holds, beside a draft and a private league of the same org with golfers, teams,
 * invites and league nights of their own, and a draft bracket of those golfers. No answer may carry an e-mail address, an invite
 * token (but the invite's own answer), a hidden league's or hidden golfer's name, or a column
 * the public shapes leave out; every URL of a hidden league or its nights answers 404.
 */

const HIDDEN_GOLFER = { firstName: 'Xanthippe', lastName: 'Quillfeather' };
const HIDDEN_LEAGUE_NAMES = ['Zephyr Draft League', 'Quokka Private League'];
const HIDDEN_BRACKET = { slug: 'hidden-bracket-draft', name: 'Wombat Draft Bracket' };

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

/** A draft and a private league of the demo org, each with a team, an invite and a night; a draft bracket. */
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
  const bracket = await h.admin('POST', `/admin/v1/orgs/${DEMO_ORG_SLUG}/brackets`, {
    ...HIDDEN_BRACKET,
    holesPerMatch: 18,
    entrants: [{ userId: golfer.id }, { userId: partner.id }],
  });
  assert.equal(bracket.statusCode, 201, bracket.body);
  return hidden;
}

interface Crawled {
  url: string;
  status: number;
  body: string;
}

/**
 * Every public URL the demo org's data names, JSON and widgets, read once each: each
 * resource of the registry names its own (`crawl`).
 */
async function crawl(h: Harness, hidden: Hidden): Promise<Crawled[]> {
  const db = h.database.db;
  const leagues = await db.selectFrom('event_series').select('id').execute();
  assert.ok(hidden.leagues.every((league) => leagues.some((row) => row.id === league.id)));
  const urls = [`/embed?org=${DEMO_ORG_SLUG}`];
  for (const resource of RESOURCES)
    urls.push(...((await resource.crawl?.(db, DEMO_ORG_SLUG)) ?? []));
  const crawled: Crawled[] = [];
  for (const url of urls) {
    const response = await h.inject({ url });
    crawled.push({ url, status: response.statusCode, body: response.body });
  }
  return crawled;
}

/** A path template of the document as a pattern of the URLs it names. */
function templatePattern(path: string): RegExp {
  const pattern = path.replace(/\{[^}]+\}/g, '[^/?]+');
  return new RegExp(`^${pattern}(\\?|$)`);
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

      void test('the crawl reads every JSON read of the public document and every widget', async () => {
        const document = (
          await h.inject({ url: `${PUBLIC}/openapi.json` })
        ).json<OpenApiDocument>();
        const reads = Object.entries(document.paths).filter(
          ([, operations]) =>
            operations.get?.responses['200']?.content?.['application/json'] !== undefined,
        );
        assert.ok(reads.length > 10, `${reads.length} JSON reads documented`);
        for (const [path] of reads) {
          const pattern = templatePattern(path);
          assert.ok(
            crawled.some(({ url, status }) => status === 200 && pattern.test(url)),
            `no crawled URL of ${path} answered 200`,
          );
        }
        for (const widget of WIDGETS.keys()) {
          assert.ok(
            crawled.some(
              ({ url, status }) => status === 200 && url.startsWith(`/embed/${widget}?`),
            ),
            `no crawled page of the ${widget} widget answered 200`,
          );
        }
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
            `/brackets/${HIDDEN_BRACKET.slug}`,
            `bracket=${HIDDEN_BRACKET.slug}`,
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
        // An invite resolves whatever its league's status, for the one invited: its own
        // answer names the address it was sent to, its league and the golfer who sent it.
        const invites = await h.database.db
          .selectFrom('invites')
          .select(['email', 'token'])
          .where('token', 'is not', null)
          .execute();
        assert.ok(emails.length > 10 && invites.length > 2);
        const sendersAndLeagues = [
          HIDDEN_GOLFER.lastName,
          ...HIDDEN_LEAGUE_NAMES,
          HIDDEN_BRACKET.name,
          ...hidden.leagues.map((league) => league.slug),
        ];
        const secrets = [...emails, ...sendersAndLeagues];
        for (const { url, body } of crawled) {
          const isInvite = url.includes('/event-series-invites/');
          const own = invites.find(({ token }) => url.endsWith(`/${token ?? ''}`));
          for (const secret of secrets) {
            if (own !== undefined && (secret === own.email || sendersAndLeagues.includes(secret)))
              continue;
            assert.ok(!body.includes(secret), `${url} shows ${secret}`);
          }
          for (const { token } of invites) {
            if (token === null || token === own?.token) continue;
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
