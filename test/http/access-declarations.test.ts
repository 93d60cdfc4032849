import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { RouteOptions } from 'fastify';
import { requireAccessDeclared, type Access } from '../../src/http/admin/access.js';

function route(url: string, access?: Access): RouteOptions {
  return {
    method: 'POST',
    url,
    handler: () => undefined,
    ...(access === undefined ? {} : { config: { access } }),
  };
}

void test('an admin route without an access declaration stops the start', () => {
  assert.throws(
    () => requireAccessDeclared(route('/orgs/:orgSlug/things')),
    /declares no config\.access/,
  );
});

void test('an access needs the path parameters it is checked against', () => {
  assert.throws(() => requireAccessDeclared(route('/things', 'org')), /no :orgSlug/);
  assert.throws(
    () => requireAccessDeclared(route('/orgs/:orgSlug/events/:eventId/scores', 'event-scores')),
    /no :id/,
  );
  requireAccessDeclared(route('/orgs', 'operator'));
  requireAccessDeclared(route('/orgs/:orgSlug/things', 'org'));
  requireAccessDeclared(route('/orgs/:orgSlug/events/:id/scores/:userId', 'event-scores'));
});
