import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { BODY_LIMIT_BYTES } from '../src/app.js';
import { TARGETS } from './support/databases.js';
import {
  ADMIN,
  ADMIN_TOKEN,
  PUBLIC,
  describeOnDatabases,
  describeUnlessSkipped,
  startHarness,
  unique,
  type Harness,
} from './support/harness.js';
import { assertPlainText } from './support/assertions.js';

const bearer = { authorization: `Bearer ${ADMIN_TOKEN}` };

/** A body that could only come from a leaked stack trace or driver error. */
function assertNoInternals(body: string): void {
  assert.doesNotMatch(body, /\n\s+at /, 'no stack trace');
  assert.doesNotMatch(body, /FST_|ERR_|Error:|stack|node_modules|\.ts\b|\.js\b/);
  assert.doesNotMatch(body, /select|insert|relation|kysely|pglite|postgres/i);
}

describeOnDatabases('ops probes and the HTTP edge', (harness) => {
  void test('/healthz answers 200 in plain text', async () => {
    const response = await harness().inject({ method: 'GET', url: '/healthz' });
    assertPlainText(response, 200);
    assert.equal(response.body, 'ok');
  });

  void test('/readyz answers 200 in plain text while the database answers', async () => {
    const response = await harness().inject({ method: 'GET', url: '/readyz' });
    assertPlainText(response, 200);
    assert.ok(response.body.length > 0);
  });

  void test('unknown routes are 404 in plain text, inside and outside the API base paths', async () => {
    const h = harness();
    const answers = await Promise.all(
      ['/no-such-route', `${PUBLIC}/no-such-resource`, PUBLIC, '/api/public/v2/orgs'].map((url) =>
        h.inject({ method: 'GET', url }),
      ),
    );
    for (const answer of answers) {
      assertPlainText(answer, 404);
      assert.equal(answer.body, 'Not Found');
    }
  });

  void test('malformed path ids are 404, byte-identical to an unknown id', async () => {
    const h = harness();
    const org = await h.org();
    const league = await h.league(org, { entrySize: 2 });
    const base = `${PUBLIC}/orgs/${org.slug}/event-series`;
    const unknown = await h.inject({ method: 'GET', url: `${base}/${league.id}/teams/999999` });
    assertPlainText(unknown, 404);

    const malformed = [
      `${PUBLIC}/orgs/x/event-series/abc/teams/1`,
      `${base}/abc/teams/1`,
      `${base}/${league.id}/teams/abc`,
      `${base}/0/teams/1`,
      `${base}/${league.id}/teams/-1`,
      `${base}/${league.id}/teams/1.5`,
      `${base}/${league.id}/teams/2147483648`,
      `${base}/1e3/teams/1`,
      `${PUBLIC}/orgs/Not_A_Slug/event-series`,
    ];
    for (const url of malformed) {
      const response = await h.inject({ method: 'GET', url });
      assertPlainText(response, 404);
      assert.equal(response.body, unknown.body, url);
    }
  });

  void test('a malformed league id on register/start is 404 in plain text', async () => {
    const h = harness();
    const org = await h.org();
    const response = await h.inject({
      method: 'POST',
      url: `${PUBLIC}/orgs/${org.slug}/event-series/abc/register/start`,
    });
    assertPlainText(response, 404);
  });

  void test('an over-long slug is treated like any malformed path value: 404 in plain text', async () => {
    const h = harness();
    // Over the slug schema's length, under the router's parameter limit.
    const long = await h.inject({
      method: 'GET',
      url: `${PUBLIC}/orgs/${'a'.repeat(150)}/event-series`,
    });
    assertPlainText(long, 404);
    // Over the router's parameter limit: still a path naming nothing, still plain text.
    const longer = await h.inject({
      method: 'GET',
      url: `${PUBLIC}/orgs/${'a'.repeat(300)}/event-series`,
    });
    assertPlainText(longer, 404);
    assertNoInternals(longer.body);
  });

  void test('a badly percent-encoded path names nothing: a plain-text 404 without framework codes', async () => {
    const response = await harness().inject({
      method: 'GET',
      url: `${PUBLIC}/orgs/x/event-series/%E0%A4%A`,
    });
    assertPlainText(response, 404);
    assertNoInternals(response.body);
  });

  void test('an invalid query value is 400 in plain text naming the parameter', async () => {
    const h = harness();
    const org = await h.org();
    const league = await h.league(org, { entrySize: 2 });
    for (const value of ['abc', '0', '-1', '1.5']) {
      const response = await h.inject({
        method: 'POST',
        url: `${PUBLIC}/orgs/${org.slug}/event-series/${league.id}/register/start?eventSeriesTeam=${value}`,
      });
      assertPlainText(response, 400);
      assert.match(response.body, /eventSeriesTeam/, `eventSeriesTeam=${value}`);
      assertNoInternals(response.body);
    }
  });

  void test('an admin JSON body over the limit is 413 in plain text', async () => {
    const h = harness();
    const payload = JSON.stringify({
      slug: unique('big'),
      name: 'x'.repeat(BODY_LIMIT_BYTES),
      timezone: 'America/Chicago',
    });
    assert.ok(Buffer.byteLength(payload) > BODY_LIMIT_BYTES);
    const response = await h.inject({
      method: 'POST',
      url: `${ADMIN}/orgs`,
      headers: { ...bearer, 'content-type': 'application/json' },
      payload,
    });
    assertPlainText(response, 413);
    assertNoInternals(response.body);
  });

  void test('a register/start body over the limit is 413 in plain text', async () => {
    const h = harness();
    const org = await h.org();
    const league = await h.league(org);
    const url = `${PUBLIC}/orgs/${org.slug}/event-series/${league.id}/register/start`;
    for (const contentType of ['application/json', 'application/octet-stream', 'text/plain']) {
      const response = await h.inject({
        method: 'POST',
        url,
        headers: { 'content-type': contentType },
        payload: Buffer.alloc(BODY_LIMIT_BYTES + 1, 0x61),
      });
      assertPlainText(response, 413);
    }
  });

  for (const [name, contentType, payload] of [
    [
      'a register/start body at the limit is ignored, not refused',
      'application/octet-stream',
      Buffer.alloc(BODY_LIMIT_BYTES, 0x61),
    ],
    [
      'register/start never parses its body: invalid JSON is ignored',
      'application/json',
      '{"not": json',
    ],
  ] as const) {
    void test(name, async () => {
      const h = harness();
      const org = await h.org();
      const league = await h.league(org);
      const response = await h.inject({
        method: 'POST',
        url: `${PUBLIC}/orgs/${org.slug}/event-series/${league.id}/register/start`,
        headers: { 'content-type': contentType },
        payload,
      });
      assert.equal(response.statusCode, 200, response.body);
    });
  }

  void test('invalid JSON to an admin endpoint is 400 in plain text', async () => {
    const response = await harness().inject({
      method: 'POST',
      url: `${ADMIN}/orgs`,
      headers: { ...bearer, 'content-type': 'application/json' },
      payload: '{"slug": ',
    });
    assertPlainText(response, 400);
    assert.ok(response.body.length > 0);
    assertNoInternals(response.body);
  });

  void test('an empty JSON body to an admin endpoint is 400 in plain text', async () => {
    const response = await harness().inject({
      method: 'POST',
      url: `${ADMIN}/orgs`,
      headers: { ...bearer, 'content-type': 'application/json' },
      payload: '',
    });
    assertPlainText(response, 400);
  });

  void test('an unsupported content type on an admin endpoint is refused in plain text', async () => {
    const response = await harness().inject({
      method: 'POST',
      url: `${ADMIN}/orgs`,
      headers: { ...bearer, 'content-type': 'application/xml' },
      payload: '<org/>',
    });
    assertPlainText(response, 415);
  });

  void test('the app is built with the body limit and with connection timeouts', () => {
    const { app } = harness();
    assert.equal(app.initialConfig.bodyLimit, BODY_LIMIT_BYTES);
    const timeouts = {
      connection: app.server.timeout,
      request: app.server.requestTimeout,
      headers: app.server.headersTimeout,
      keepAlive: app.server.keepAliveTimeout,
    };
    for (const [name, value] of Object.entries(timeouts)) {
      assert.ok(Number.isFinite(value) && value > 0, `the ${name} timeout must be set (${value})`);
    }
  });
});

for (const target of TARGETS) {
  describeUnlessSkipped(`a failed database [${target.name}]`, target.skip, () => {
    let h: Harness | undefined;
    let orgSlug = '';
    let leagueId = 0;
    let leagueSlug = '';

    before(async () => {
      h = await startHarness(target);
      const org = await h.org();
      const league = await h.league(org);
      orgSlug = org.slug;
      leagueId = league.id;
      leagueSlug = league.slug;
      // Healthy first, so the failures below come from closing the database.
      const list = await h.inject({ method: 'GET', url: `${PUBLIC}/orgs/${orgSlug}/event-series` });
      assert.equal(list.statusCode, 200);
      await h.database.close();
    });

    after(async () => {
      await h?.app.close();
    });

    const started = (): Harness => {
      if (h === undefined) throw new Error('the harness did not start');
      return h;
    };

    void test('/readyz is 503 in plain text once the database is gone', async () => {
      const response = await started().inject({ method: 'GET', url: '/readyz' });
      assertPlainText(response, 503);
      assertNoInternals(response.body);
    });

    void test('/healthz stays 200: the process is up', async () => {
      const response = await started().inject({ method: 'GET', url: '/healthz' });
      assertPlainText(response, 200);
    });

    void test('a public read fails with a bare 500: no stack, no driver message', async () => {
      // Not the list read above: that answer may still come from the response cache.
      const response = await started().inject({
        method: 'GET',
        url: `${PUBLIC}/orgs/${orgSlug}/event-series/${leagueSlug}`,
      });
      assertPlainText(response, 500);
      assert.equal(response.body, 'Internal Server Error');
    });

    void test('a public POST fails with a bare 500', async () => {
      const response = await started().inject({
        method: 'POST',
        url: `${PUBLIC}/orgs/${orgSlug}/event-series/${leagueId}/register/start`,
      });
      assertPlainText(response, 500);
      assert.equal(response.body, 'Internal Server Error');
    });

    void test('an admin write fails with a bare 500', async () => {
      const response = await started().inject({
        method: 'POST',
        url: `${ADMIN}/orgs`,
        headers: bearer,
        payload: { slug: unique('org'), name: 'Down Golf Club', timezone: 'America/Chicago' },
      });
      assertPlainText(response, 500);
      assert.equal(response.body, 'Internal Server Error');
    });
  });
}
