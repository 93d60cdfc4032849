import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ADMIN, describeOnDatabases, unique } from '../support/harness.js';
import { card, leagueNight } from '../support/score-cards.js';

/** A regular expression's marks: a 422 text states the rule in words instead (§23). */
const REGEX_MARKS = /[\^$\\[\]]|must match/;

describeOnDatabases('admin 422s state rules in words, holes numbered from 1', (harness) => {
  void test('a slug, a day, an address and a date-time are refused in words', async () => {
    const h = harness();
    const org = await h.org();
    const cases: [string, string, object, string, RegExp][] = [
      [
        'a slug',
        `${ADMIN}/orgs`,
        { slug: 'Not A Slug', name: 'Club', timezone: 'UTC' },
        'slug',
        /lowercase letters and digits/,
      ],
      [
        'an address',
        `${ADMIN}/users`,
        { email: 'not-an-address', firstName: 'A', lastName: 'B' },
        'email',
        /e-mail address/,
      ],
      [
        'a date-time',
        `${ADMIN}/orgs/${org.slug}/events`,
        {
          slug: unique('night'),
          title: 'Night',
          eventType: 'League Night',
          status: 'published',
          startDate: 'next tuesday',
        },
        'startDate',
        /date and time/,
      ],
    ];
    for (const [what, url, body, field, words] of cases) {
      const response = await h.admin('POST', url, body);
      assert.equal(response.statusCode, 422, `${what}: ${response.body}`);
      const { errors } = response.json<{ errors: Record<string, string> }>();
      assert.match(errors[field] ?? '', words, what);
      for (const [key, text] of Object.entries(errors)) {
        assert.doesNotMatch(text, REGEX_MARKS, `${what}: ${key} shows no regular expression`);
      }
    }
  });

  void test('a card’s and a course’s errors name holes from 1', async () => {
    const h = harness();
    const night = await leagueNight(h, { golfers: ['Ava'] });
    const [ava] = night.golfers;
    assert.ok(ava !== undefined);
    const eventPath = `${ADMIN}/orgs/${night.org.slug}/events/${night.event.id}`;
    const typed = await h.admin('PUT', `${eventPath}/scores/${ava.id}`, {
      holes: ['4', ...card().slice(1)],
    });
    assert.equal(typed.statusCode, 422, typed.body);
    assert.deepEqual(Object.keys(typed.json<{ errors: object }>().errors), ['holes.1']);
    const ruled = await h.admin('PUT', `${eventPath}/scores/${ava.id}`, {
      holes: [4, 4, 0, ...card().slice(3)],
    });
    assert.equal(ruled.statusCode, 422, ruled.body);
    assert.deepEqual(Object.keys(ruled.json<{ errors: object }>().errors), ['holes.3']);
    const pars = await h.admin('PATCH', eventPath, { pars: [4, 4, 3, 5, 4, 4, 3, 5, 9] });
    assert.equal(pars.statusCode, 422, pars.body);
    const parsErrors = pars.json<{ errors: Record<string, string> }>().errors;
    assert.ok('pars.9' in parsErrors && !('pars.8' in parsErrors), JSON.stringify(parsErrors));
  });
});
