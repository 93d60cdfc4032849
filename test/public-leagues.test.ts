import assert from 'node:assert/strict';
import { test } from 'node:test';
import { PUBLIC, describeOnDatabases } from './support/harness.js';

describeOnDatabases('public league list and lookup', (harness) => {
  test('lists open, active and completed leagues, members-only included, hiding draft and private', async () => {
    const h = harness();
    const org = await h.org();
    const open = await h.league(org, { status: 'open' });
    const active = await h.league(org, { status: 'active', membersOnly: true });
    const completed = await h.league(org, { status: 'completed' });
    await h.league(org, { status: 'draft' });
    await h.league(org, { status: 'private' });

    const response = await h.inject({ method: 'GET', url: `${PUBLIC}/orgs/${org.slug}/event-series` });

    assert.equal(response.statusCode, 200);
    const slugs = (response.json() as { slug: string }[]).map((league) => league.slug);
    assert.deepEqual(slugs, [open.slug, active.slug, completed.slug]);
  });

  test('a hidden league and an unknown one give byte-identical 404s', async () => {
    const h = harness();
    const org = await h.org();
    const hidden = await h.league(org, { status: 'private' });
    const draft = await h.league(org, { status: 'draft' });
    const answers = await Promise.all(
      [hidden.slug, draft.slug, 'no-such-league'].map((slug) =>
        h.inject({ method: 'GET', url: `${PUBLIC}/orgs/${org.slug}/event-series/${slug}` }),
      ),
    );
    for (const answer of answers) {
      assert.equal(answer.statusCode, 404);
      assert.equal(answer.headers['content-type'], 'text/plain; charset=utf-8');
    }
    const [first, ...rest] = answers.map((answer) => ({ body: answer.body, headers: { ...answer.headers, date: undefined } }));
    for (const other of rest) assert.deepEqual(other, first);
  });
});
