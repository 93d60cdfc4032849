import assert from 'node:assert/strict';
import { test } from 'node:test';
import { assertPlainText } from '../../support/assertions.js';
import { ADMIN_TOKEN, describeOnDatabases } from '../../support/harness.js';
import { bearer, createKey, keysPath } from './keys.js';

const LIMIT = 5;

describeOnDatabases(
  'admin API: guessing keys is throttled',
  (harness) => {
    void test('failed authentications use up the admin limit of the IP: then 429, whatever the key', async () => {
      const h = harness();
      const org = await h.org();
      const { key } = await createKey(h, org, { role: 'organizer' });
      const guess = (secret: string, remoteAddress = '203.0.113.9') =>
        h.inject({ url: keysPath(org), headers: bearer(secret), remoteAddress });
      for (let attempt = 1; attempt <= LIMIT; attempt += 1) {
        assertPlainText(await guess(`chk_guess-${attempt}`), 401, `guess ${attempt}`);
      }
      for (const secret of ['chk_one-more-guess', key, ADMIN_TOKEN]) {
        const refused = await guess(secret);
        assertPlainText(refused, 429, 'past the limit, even a right key waits');
        assert.ok(Number(refused.headers['retry-after']) >= 1);
      }
      assert.equal((await guess(key, '203.0.113.10')).statusCode, 200, 'other IPs are not held');
      h.clock.now = new Date(h.clock.now.getTime() + 60_000);
      assert.equal((await guess(key)).statusCode, 200, 'the next window lets the IP in again');
    });
  },
  { adminRateLimitPerMinute: LIMIT },
);
