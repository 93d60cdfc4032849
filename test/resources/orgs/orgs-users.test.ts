import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { AdminOrg } from '../../../src/resources/orgs/schema.js';
import type { AdminUser } from '../../../src/resources/users/schema.js';
import { newEmail } from '../../support/admin.js';
import { assertInvalid, assertPlainText } from '../../support/assertions.js';
import {
  ADMIN,
  ADMIN_TOKEN,
  NO_LIMITS,
  PUBLIC,
  describeOnDatabases,
  unique,
} from '../../support/harness.js';

describeOnDatabases(
  'admin API: orgs',
  (harness) => {
    void test('POST /orgs answers 201 with the org and its id; the org then exists publicly', async () => {
      const h = harness();
      const slug = unique('club');
      const response = await h.admin('POST', `${ADMIN}/orgs`, {
        slug,
        name: 'Prairie Golf Club',
        timezone: 'America/Chicago',
      });
      assert.equal(response.statusCode, 201, response.body);
      const org = response.json<AdminOrg>();
      assert.ok(Number.isInteger(org.id) && org.id > 0);
      assert.deepEqual(
        { slug: org.slug, name: org.name, timezone: org.timezone },
        { slug, name: 'Prairie Golf Club', timezone: 'America/Chicago' },
      );
      const list = await h.inject({ method: 'GET', url: `${PUBLIC}/orgs/${slug}/event-series` });
      assert.equal(list.statusCode, 200);
      assert.deepEqual(list.json(), []);
    });

    for (const slug of [
      'Upper',
      'two words',
      'under_score',
      '-lead',
      'trail-',
      'dou--ble',
      'é',
      '',
    ]) {
      void test(`a bad slug (${JSON.stringify(slug)}) is 422 naming slug`, async () => {
        const h = harness();
        const response = await h.admin('POST', `${ADMIN}/orgs`, {
          slug,
          name: 'Club',
          timezone: 'UTC',
        });
        assertInvalid(response, ['slug']);
      });
    }

    void test('missing fields are 422 naming each of them', async () => {
      const h = harness();
      assertInvalid(await h.admin('POST', `${ADMIN}/orgs`, {}), ['slug', 'name', 'timezone']);
      assertInvalid(await h.admin('POST', `${ADMIN}/orgs`, { slug: unique('club') }), [
        'name',
        'timezone',
      ]);
    });

    void test('an empty name is 422', async () => {
      const h = harness();
      const response = await h.admin('POST', `${ADMIN}/orgs`, {
        slug: unique('club'),
        name: '',
        timezone: 'UTC',
      });
      assertInvalid(response, ['name']);
    });

    void test('an unknown field is 422 naming it, and the org is not created', async () => {
      const h = harness();
      const slug = unique('club');
      const response = await h.admin('POST', `${ADMIN}/orgs`, {
        slug,
        name: 'Club',
        timezone: 'UTC',
        id: 7,
        website: 'https://example.com',
      });
      assertInvalid(response, ['id', 'website']);
      const lookup = await h.inject({ method: 'GET', url: `${PUBLIC}/orgs/${slug}/event-series` });
      assert.equal(lookup.statusCode, 404);
    });

    for (const timezone of [
      'Mars/Olympus',
      'America/Chicag',
      'Central Time',
      '+05:00',
      'America/Chicago ',
    ]) {
      void test(`an invalid IANA time zone (${JSON.stringify(timezone)}) is 422 naming timezone`, async () => {
        const h = harness();
        const slug = unique('club');
        const response = await h.admin('POST', `${ADMIN}/orgs`, { slug, name: 'Club', timezone });
        assertInvalid(response, ['timezone']);
        const lookup = await h.inject({
          method: 'GET',
          url: `${PUBLIC}/orgs/${slug}/event-series`,
        });
        assert.equal(lookup.statusCode, 404);
      });
    }

    void test('a time zone of the wrong type is 422', async () => {
      const h = harness();
      const response = await h.admin('POST', `${ADMIN}/orgs`, {
        slug: unique('club'),
        name: 'Club',
        timezone: -5,
      });
      assertInvalid(response, ['timezone']);
    });

    void test('a duplicate slug is 409 plain text and the first org is untouched', async () => {
      const h = harness();
      const slug = unique('club');
      const first = await h.admin('POST', `${ADMIN}/orgs`, {
        slug,
        name: 'First',
        timezone: 'UTC',
      });
      assert.equal(first.statusCode, 201);
      const second = await h.admin('POST', `${ADMIN}/orgs`, {
        slug,
        name: 'Second',
        timezone: 'Europe/Paris',
      });
      assertPlainText(second, 409);
    });

    void test('a body that is not JSON is 400 plain text; a JSON array is 422', async () => {
      const h = harness();
      const broken = await h.inject({
        method: 'POST',
        url: `${ADMIN}/orgs`,
        headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' },
        payload: '{"slug": "abc",',
      });
      assertPlainText(broken, 400);
      const array = await h.inject({
        method: 'POST',
        url: `${ADMIN}/orgs`,
        headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' },
        payload: '[]',
      });
      assert.equal(array.statusCode, 422, array.body);
    });
  },
  NO_LIMITS,
);

describeOnDatabases(
  'admin API: users',
  (harness) => {
    void test('POST /users answers 201 with the user and its id', async () => {
      const h = harness();
      const email = newEmail('golfer');
      const response = await h.admin('POST', `${ADMIN}/users`, {
        email,
        firstName: 'Ada',
        lastName: 'Lovelace',
      });
      assert.equal(response.statusCode, 201, response.body);
      const user = response.json<AdminUser>();
      assert.ok(Number.isInteger(user.id) && user.id > 0);
      assert.deepEqual(
        { email: user.email, firstName: user.firstName, lastName: user.lastName },
        { email, firstName: 'Ada', lastName: 'Lovelace' },
      );
    });

    void test('an e-mail differing only in case is 409 plain text', async () => {
      const h = harness();
      const local = unique('Case');
      const first = await h.admin('POST', `${ADMIN}/users`, {
        email: `${local}@Example.com`,
        firstName: 'A',
        lastName: 'B',
      });
      assert.equal(first.statusCode, 201, first.body);
      for (const email of [
        `${local.toLowerCase()}@example.com`,
        `${local.toUpperCase()}@EXAMPLE.COM`,
      ]) {
        const again = await h.admin('POST', `${ADMIN}/users`, {
          email,
          firstName: 'C',
          lastName: 'D',
        });
        assertPlainText(again, 409);
      }
    });

    for (const email of [
      'not-an-email',
      'two@@example.com',
      '@example.com',
      'a b@example.com',
      '',
      42,
    ]) {
      void test(`a bad e-mail (${JSON.stringify(email)}) is 422 naming email`, async () => {
        const h = harness();
        const response = await h.admin('POST', `${ADMIN}/users`, {
          email,
          firstName: 'A',
          lastName: 'B',
        });
        assertInvalid(response, ['email']);
      });
    }

    void test('missing and unknown fields are 422', async () => {
      const h = harness();
      assertInvalid(await h.admin('POST', `${ADMIN}/users`, { email: newEmail() }), [
        'firstName',
        'lastName',
      ]);
      assertInvalid(
        await h.admin('POST', `${ADMIN}/users`, {
          email: newEmail(),
          firstName: 'A',
          lastName: 'B',
          admin: true,
        }),
        ['admin'],
      );
    });
  },
  NO_LIMITS,
);
