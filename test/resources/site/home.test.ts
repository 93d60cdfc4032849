import assert from 'node:assert/strict';
import { test } from 'node:test';
import { describeOnDatabases } from '../../support/harness.js';

describeOnDatabases('GET / (decisions §23)', (harness) => {
  void test('a small page names the service and links its documentation and widgets', async () => {
    const response = await harness().inject({ method: 'GET', url: '/' });
    assert.equal(response.statusCode, 200, response.body);
    assert.match(String(response.headers['content-type']), /^text\/html/);
    assert.match(response.body, /<h1>Clubhouse<\/h1>/);
    for (const href of ['/docs', '/docs/admin', '/embed', '/console']) {
      assert.ok(response.body.includes(`href="${href}"`), `links ${href}`);
    }
  });
});
