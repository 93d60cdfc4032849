import { after, before, describe, test } from 'node:test';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp, type App, type AppContext, type BuildOptions } from '../../src/app.js';
import { loadConfig, type Config } from '../../src/config.js';
import type { DatabaseHandle } from '../../src/db/connection.js';
import type { Executor } from '../../src/db/executor.js';
import type { League, Org, User } from '../../src/db/schema.js';
import { createLeague, type LeagueInput } from '../../src/resources/leagues/service.js';
import { createOrg } from '../../src/resources/orgs/service.js';
import {
  completeRegistration,
  type CompleteRegistration,
  type CompletedRegistration,
} from '../../src/resources/registrations/service.js';
import { createUser } from '../../src/resources/users/service.js';
import { TARGETS, type TestTarget } from './databases.js';

export const ADMIN_TOKEN = 'test-admin-token-0123456789';
export const PUBLIC = '/api/public/v1';
export const ADMIN = '/admin/v1';

/** For suites that make many calls from one address; rate limits are tested elsewhere. */
export const NO_LIMITS = {
  rateLimitPerMinute: 1_000_000_000,
  embedRateLimitPerMinute: 1_000_000_000,
  adminRateLimitPerMinute: 0,
} satisfies Partial<Config>;

/**
 * A configuration as the environment would give it, with test settings on top. Limits are
 * raised so that only the suites about limits meet them.
 */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    ...loadConfig({
      ADMIN_TOKEN,
      LOG_LEVEL: 'silent',
      REGISTRATION_URL: 'https://pay.example.com/register',
      RATE_LIMIT_PER_MINUTE: '1000000',
      ADMIN_RATE_LIMIT_PER_MINUTE: '0',
    }),
    ...overrides,
  };
}

let sequence = 0;

/** A slug or name no other test uses, so tests sharing a database never collide. */
export function unique(prefix: string): string {
  sequence += 1;
  return `${prefix}-${process.pid}-${sequence}-${Math.random().toString(36).slice(2, 8)}`;
}

/** A running app on a fresh database, with a settable clock and data builders. */
export interface Harness {
  app: App;
  database: DatabaseHandle;
  clock: { now: Date };
  inject(options: InjectOptions): Promise<LightMyRequestResponse>;
  /** Calls the admin API with the bearer token; `body` is sent as JSON. */
  admin(
    method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
    url: string,
    body?: unknown,
  ): Promise<LightMyRequestResponse>;
  org(overrides?: Partial<{ slug: string; name: string; timezone: string }>): Promise<Org>;
  user(overrides?: Partial<{ email: string; firstName: string; lastName: string }>): Promise<User>;
  league(org: Org, overrides?: Partial<LeagueInput>): Promise<League>;
  register(
    org: Org,
    league: League,
    registration: Omit<CompleteRegistration, 'orgSlug' | 'leagueId'>,
  ): Promise<CompletedRegistration>;
}

/** The default "now" of a harness: mid-season, a weekday afternoon in the US. */
export const DEFAULT_NOW = new Date('2026-06-16T18:00:00Z');

/** How a harness's app is built: silent unless a suite reads its log lines. */
const SILENT: BuildOptions = { logger: false };

export async function startHarness(
  target: TestTarget,
  configOverrides: Partial<Config> = {},
  contextOverrides: Pick<AppContext, 'streamTiming' | 'mailTiming'> = {},
  buildOptions: BuildOptions = SILENT,
): Promise<Harness> {
  return harnessOn(await target.open(), configOverrides, contextOverrides, buildOptions);
}

/** A harness on a database already open, such as one of several instances' handles. */
export async function harnessOn(
  database: DatabaseHandle,
  configOverrides: Partial<Config> = {},
  contextOverrides: Pick<AppContext, 'streamTiming' | 'mailTiming'> = {},
  buildOptions: BuildOptions = SILENT,
): Promise<Harness> {
  const clock = { now: DEFAULT_NOW };
  const app = await buildApp(
    { config: testConfig(configOverrides), database, now: () => clock.now, ...contextOverrides },
    buildOptions,
  );
  const db = database.db;
  return {
    app,
    database,
    clock,
    inject: (options) => app.inject(options),
    admin: (method, url, body) =>
      app.inject({
        method,
        url,
        headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
        ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
      }),
    org: (overrides = {}) => newOrg(db, overrides),
    user: (overrides = {}) =>
      createUser(db, {
        email: `${unique('golfer')}@example.com`,
        firstName: 'Pat',
        lastName: unique('Golfer'),
        ...overrides,
      }),
    league: (org, overrides = {}) => newLeague(db, org, overrides),
    register: (org, league, registration) =>
      completeRegistration(db, { orgSlug: org.slug, leagueId: league.id, ...registration }),
  };
}

/** A new org of a unique slug on any database (the harness's `org` on its own). */
export function newOrg(
  db: Executor,
  overrides: Partial<{ slug: string; name: string; timezone: string }> = {},
): Promise<Org> {
  return createOrg(db, {
    slug: unique('org'),
    name: 'Test Golf Club',
    timezone: 'America/Chicago',
    ...overrides,
  });
}

/** A new open league of a unique slug on any database (the harness's `league` on its own). */
export async function newLeague(
  db: Executor,
  org: Org,
  overrides: Partial<LeagueInput> = {},
): Promise<League> {
  const created = await createLeague(db, org.slug, {
    slug: unique('league'),
    name: 'Test League',
    seasonLabel: '2026 Season',
    status: 'open',
    feeMembersCents: 15000,
    entrySize: 1,
    ...overrides,
  });
  return created.league;
}

/** Stops the app and closes its database. */
export async function stopHarness(harness: Harness): Promise<void> {
  await harness.app.close();
  await harness.database.close();
}

/**
 * A suite, or, when `skip` gives a reason, one skipped test standing for it: node's test
 * summary counts skipped tests but not skipped suites, and a skip must show in the count.
 */
export function describeUnlessSkipped(name: string, skip: string | false, body: () => void): void {
  if (skip === false) void describe(name, body);
  else void test(name, { skip }, () => undefined);
}

/**
 * Runs the same suite once per database kind (PGlite always; PostgreSQL when configured),
 * each on a fresh database of its own. Tests inside use unique orgs and users.
 */
export function describeOnDatabases(
  name: string,
  body: (harness: () => Harness) => void,
  configOverrides: Partial<Config> = {},
): void {
  describeOnEachDatabase(name, (target) => startHarness(target, configOverrides), body);
}

/**
 * As `describeOnDatabases`, with each database kind's harness started by `start` and
 * stopped by `stop`.
 */
export function describeOnEachDatabase<H extends Harness>(
  name: string,
  start: (target: TestTarget) => Promise<H>,
  body: (harness: () => H) => void,
  stop: (harness: H) => Promise<void> = stopHarness,
): void {
  for (const target of TARGETS) {
    describeUnlessSkipped(`${name} [${target.name}]`, target.skip, () => {
      let harness: H | undefined;
      before(async () => {
        harness = await start(target);
      });
      after(async () => {
        if (harness !== undefined) await stop(harness);
      });
      body(() => {
        if (harness === undefined) throw new Error('the harness did not start');
        return harness;
      });
    });
  }
}
