import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  ADMIN,
  ADMIN_TOKEN,
  NO_LIMITS,
  PUBLIC,
  describeOnDatabases,
  unique,
} from '../support/harness.js';
import { assertPlainText } from '../support/assertions.js';
import {
  leaguesPath,
  leaguePath,
  registrationsPath,
  golferName,
  newEmail,
  leagueBody,
  publicLeague,
  publicTeam,
} from '../support/admin.js';

describeOnDatabases(
  'admin API: bearer guard',
  (harness) => {
    const refused: [string, Record<string, string>][] = [
      ['no Authorization header', {}],
      ['a wrong token', { authorization: 'Bearer not-the-admin-token-at-all' }],
      ['the token with one character missing', { authorization: `Bearer ${ADMIN_TOKEN.slice(1)}` }],
      ['the token with a character added', { authorization: `Bearer ${ADMIN_TOKEN}x` }],
      ['an empty bearer token', { authorization: 'Bearer ' }],
      ['the bare token without a scheme', { authorization: ADMIN_TOKEN }],
      ['the token under the Basic scheme', { authorization: `Basic ${ADMIN_TOKEN}` }],
      [
        'Basic credentials carrying the token',
        { authorization: `Basic ${Buffer.from(`admin:${ADMIN_TOKEN}`).toString('base64')}` },
      ],
      ['the token under another scheme', { authorization: `Token ${ADMIN_TOKEN}` }],
    ];

    for (const [label, headers] of refused) {
      void test(`${label}: 401 plain text with WWW-Authenticate: Bearer, and nothing is created`, async () => {
        const h = harness();
        const slug = unique('guarded');
        const response = await h.inject({
          method: 'POST',
          url: `${ADMIN}/orgs`,
          headers,
          payload: { slug, name: 'Guarded Club', timezone: 'America/Chicago' },
        });
        assertPlainText(response, 401);
        assert.equal(response.headers['www-authenticate'], 'Bearer');
        assert.ok(!response.body.includes(ADMIN_TOKEN));
        const lookup = await h.inject({
          method: 'GET',
          url: `${PUBLIC}/orgs/${slug}/event-series`,
        });
        assert.equal(lookup.statusCode, 404, 'the refused request did not create the org');
      });
    }

    void test('the guard runs before body validation: an invalid body without a token is 401', async () => {
      const h = harness();
      const response = await h.inject({
        method: 'POST',
        url: `${ADMIN}/orgs`,
        payload: { slug: 'NOT A SLUG', unknown: true },
      });
      assertPlainText(response, 401);
      assert.equal(response.headers['www-authenticate'], 'Bearer');
    });

    void test('every admin route is guarded and a refused call changes nothing', async () => {
      const h = harness();
      const org = await h.org();
      const league = await h.league(org, { entrySize: 2 });
      const founder = await h.user();
      const registration = await h.register(org, league, {
        userId: founder.id,
        teamName: unique('Team'),
      });
      const teamId = registration.teamId;
      assert.ok(teamId !== null);
      const stranger = await h.user();
      const wrong = { authorization: 'Bearer wrong-token-wrong-token' };
      const calls: {
        method: 'POST' | 'PATCH' | 'PUT' | 'DELETE';
        url: string;
        payload?: unknown;
      }[] = [
        {
          method: 'POST',
          url: `${ADMIN}/users`,
          payload: { email: newEmail(), firstName: 'A', lastName: 'B' },
        },
        { method: 'POST', url: leaguesPath(org), payload: leagueBody() },
        { method: 'PATCH', url: leaguePath(org, league.id), payload: { name: 'Hijacked' } },
        { method: 'PUT', url: `${leaguePath(org, league.id)}/image`, payload: { x: 1 } },
        {
          method: 'POST',
          url: registrationsPath(org, league),
          payload: { userId: stranger.id, teamId },
        },
        { method: 'DELETE', url: `${registrationsPath(org, league)}/${founder.id}` },
        { method: 'DELETE', url: `${leaguePath(org, league.id)}/teams/${teamId}` },
      ];
      for (const call of calls) {
        for (const headers of [{}, wrong]) {
          const response = await h.inject({
            method: call.method,
            url: call.url,
            headers,
            ...(call.payload === undefined
              ? {}
              : { payload: call.payload as Record<string, unknown> }),
          });
          assertPlainText(response, 401);
          assert.equal(
            response.headers['www-authenticate'],
            'Bearer',
            `${call.method} ${call.url}`,
          );
        }
      }
      const after = await publicLeague(h, org, league.slug);
      assert.equal(after.name, 'Test League');
      assert.equal(after.memberCount, 1);
      const team = await publicTeam(h, org, league, teamId);
      assert.deepEqual(team.memberNames, [golferName(founder)]);
    });

    void test('the right token is accepted', async () => {
      const h = harness();
      const response = await h.inject({
        method: 'POST',
        url: `${ADMIN}/orgs`,
        headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
        payload: { slug: unique('club'), name: 'Club', timezone: 'Europe/London' },
      });
      assert.equal(response.statusCode, 201, response.body);
    });
  },
  NO_LIMITS,
);

describeOnDatabases(
  'admin API: off without ADMIN_TOKEN',
  (harness) => {
    void test('every admin path is 404 plain text, with or without a token, and creates nothing', async () => {
      const h = harness();
      const org = await h.org();
      const league = await h.league(org);
      const slug = unique('off');
      const attempts = [
        {
          method: 'POST' as const,
          url: `${ADMIN}/orgs`,
          payload: { slug, name: 'X', timezone: 'UTC' },
        },
        {
          method: 'POST' as const,
          url: `${ADMIN}/users`,
          payload: { email: newEmail(), firstName: 'A', lastName: 'B' },
        },
        { method: 'PATCH' as const, url: leaguePath(org, league.id), payload: { name: 'Changed' } },
        { method: 'DELETE' as const, url: `${registrationsPath(org, league)}/1` },
      ];
      for (const attempt of attempts) {
        for (const headers of [{}, { authorization: `Bearer ${ADMIN_TOKEN}` }]) {
          const response = await h.inject({ ...attempt, headers });
          assertPlainText(response, 404);
          assert.equal(response.headers['www-authenticate'], undefined);
        }
      }
      const created = await h.inject({ method: 'GET', url: `${PUBLIC}/orgs/${slug}/event-series` });
      assert.equal(created.statusCode, 404);
      assert.equal((await publicLeague(h, org, league.slug)).name, 'Test League');
    });

    void test('the public API still works', async () => {
      const h = harness();
      const org = await h.org();
      const league = await h.league(org);
      assert.equal((await publicLeague(h, org, league.slug)).id, league.id);
    });
  },
  { ...NO_LIMITS, adminToken: undefined },
);
