import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { test } from 'node:test';
import { assertInvalid, assertPlainText } from '../../support/assertions.js';
import { ADMIN, describeOnDatabases, harnessOn } from '../../support/harness.js';
import { createNight } from '../../support/score-cards.js';
import { bearer, createKey, keysPath, revokeKey } from './keys.js';

describeOnDatabases('API keys of an org', (harness) => {
  void test('a key is shown once, listed without its secret, and stored only as a hash', async () => {
    const h = harness();
    const org = await h.org();
    const response = await h.admin('POST', keysPath(org), { name: 'Organizer', role: 'organizer' });
    assert.equal(response.statusCode, 201);
    const created = response.json<{ id: number; key: string; hint: string; expiresAt: null }>();
    assert.match(created.key, /^chk_[A-Za-z0-9_-]{32}$/, '24 random bytes behind the prefix');
    assert.equal(created.hint, created.key.slice(0, 8));
    assert.equal(created.expiresAt, null, 'organizer keys do not expire unless told');
    assert.equal(response.json<{ scoringLink: null }>().scoringLink, null);

    const list = await h.admin('GET', keysPath(org));
    assert.equal(list.statusCode, 200);
    assert.equal(list.body.includes(created.key), false, 'the list never shows the key');
    assert.deepEqual(
      list
        .json<{ count: number; apiKeys: { id: number; name: string }[] }>()
        .apiKeys.map(({ id, name }) => ({ id, name })),
      [{ id: created.id, name: 'Organizer' }],
    );

    const rows = await h.database.db.selectFrom('api_keys').selectAll().execute();
    const row = rows.find(({ id }) => id === created.id);
    assert.equal(row?.key_hash, createHash('sha256').update(created.key).digest('hex'));
    assert.equal(JSON.stringify(rows).includes(created.key), false, 'the key is not stored');
  });

  void test('two keys are never alike', async () => {
    const h = harness();
    const org = await h.org();
    const first = await createKey(h, org, { role: 'organizer' });
    const second = await createKey(h, org, { role: 'organizer' });
    assert.notEqual(first.key, second.key);
  });

  void test('a scorer key needs an event of the org and expires at the end of its day there', async () => {
    const h = harness();
    const org = await h.org({ timezone: 'America/Chicago' });
    const other = await h.org();
    // 17:00 in Chicago on 16 June (CDT, UTC−5): the day ends at 05:00Z on the 17th.
    const event = await createNight(h, org, null, '2026-06-16T22:00:00Z');
    const foreign = await createNight(h, other, null);

    assertInvalid(await h.admin('POST', keysPath(org), { name: 'S', role: 'scorer' }), ['eventId']);
    assertInvalid(
      await h.admin('POST', keysPath(org), { name: 'S', role: 'scorer', eventId: foreign.id }),
      ['eventId'],
    );
    assertInvalid(
      await h.admin('POST', keysPath(org), { name: 'O', role: 'organizer', eventId: event.id }),
      ['eventId'],
    );
    const over = await createNight(h, org, null, '2026-06-09T22:00:00Z');
    const late = await h.admin('POST', keysPath(org), {
      name: 'S',
      role: 'scorer',
      eventId: over.id,
    });
    assertInvalid(late, ['eventId']);
    assert.match(late.body, /whose day is over/, 'a past night is refused in words');
    assertInvalid(
      await h.admin('POST', keysPath(org), {
        name: 'S',
        role: 'scorer',
        eventId: event.id,
        expiresAt: '2026-06-16T17:59:00Z',
      }),
      ['expiresAt'],
    );
    const scorer = await createKey(h, org, { role: 'scorer', eventId: event.id });
    assert.equal(scorer.expiresAt, '2026-06-17T00:00:00-05:00', 'midnight on the club’s clock');
    assert.equal(
      scorer.scoringLink,
      `/score#org=${org.slug}&event=${event.id}&key=${scorer.key}`,
      'the link to share carries the key in its fragment only',
    );
    const chosen = await createKey(h, org, {
      role: 'scorer',
      eventId: event.id,
      expiresAt: '2026-06-16T20:00:00-05:00',
    });
    assert.equal(chosen.expiresAt, '2026-06-16T20:00:00-05:00');
    const local = await createKey(h, org, {
      role: 'scorer',
      eventId: event.id,
      expiresAt: '2026-06-16T21:30',
    });
    assert.equal(local.expiresAt, '2026-06-16T21:30:00-05:00', 'read on the club’s clock');
  });

  void test('a key works until it expires', async () => {
    const h = harness();
    const org = await h.org();
    const { key } = await createKey(h, org, {
      role: 'organizer',
      expiresAt: new Date(h.clock.now.getTime() + 60_000).toISOString(),
    });
    const list = () => h.inject({ url: keysPath(org), headers: bearer(key) });
    assert.equal((await list()).statusCode, 200);
    const before = h.clock.now;
    h.clock.now = new Date(before.getTime() + 60_000);
    try {
      assertPlainText(await list(), 401);
    } finally {
      h.clock.now = before;
    }
  });

  void test('a revoked key fails at once on every instance, and revoking twice is 404', async () => {
    const h = harness();
    const other = await harnessOn(h.database);
    try {
      const org = await h.org();
      const { id, key } = await createKey(h, org, { role: 'organizer' });
      const list = (on: typeof h) => on.inject({ url: keysPath(org), headers: bearer(key) });
      assert.equal((await list(h)).statusCode, 200);
      assert.equal((await list(other)).statusCode, 200);
      await revokeKey(h, org, id);
      assertPlainText(await list(h), 401);
      assertPlainText(await list(other), 401);
      assertPlainText(await h.admin('DELETE', `${keysPath(org)}/${id}`), 404);
    } finally {
      // Only its app: the database is the first instance's, closed with it.
      await other.app.close();
    }
  });

  void test('an org’s key cannot be revoked through another org', async () => {
    const h = harness();
    const org = await h.org();
    const other = await h.org();
    const { id, key } = await createKey(h, org, { role: 'organizer' });
    assertPlainText(await h.admin('DELETE', `${keysPath(other)}/${id}`), 404);
    assert.equal((await h.inject({ url: keysPath(org), headers: bearer(key) })).statusCode, 200);
  });

  void test('made-up keys are 401 with WWW-Authenticate', async () => {
    const h = harness();
    for (const key of ['chk_', 'chk_made-up-key-that-was-never-issued', 'chk_' + 'A'.repeat(32)]) {
      const response = await h.inject({ url: `${ADMIN}/orgs/x/api-keys`, headers: bearer(key) });
      assertPlainText(response, 401);
      assert.equal(response.headers['www-authenticate'], 'Bearer');
    }
  });
});
