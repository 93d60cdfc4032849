import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import type { Event } from '../src/db/schema.js';
import { createEvent } from '../src/resources/events/service.js';
import { createLeague, patchLeague } from '../src/resources/leagues/service.js';
import { createOrg } from '../src/resources/orgs/service.js';
import {
  completeRegistration,
  registerIndividualsBulk,
  registerTeamsBulk,
} from '../src/resources/registrations/service.js';
import { createSeason, createSeries, postResults } from '../src/resources/standings/service.js';
import { createUser } from '../src/resources/users/service.js';
import { insertUsersBulk } from '../src/resources/registrations/bulk-store.js';
import type { Executor } from '../src/db/executor.js';
import { checkCounters, countRows, type RowCounts } from './check.js';
import type { Sizes } from './options.js';
import { BENCH_ORG, golferRows, planLeagues, teamsOf, type LeaguePlan } from './plan.js';

/** What the endpoints under load read. */
export interface Fixture {
  orgSlug: string;
  /** An open individual league with a schedule and a standings series. */
  league: { id: number; slug: string };
  teamLeague: { id: number; slug: string };
  teamId: number;
  inviteToken: string;
}

export interface Phase {
  name: string;
  ms: number;
}

export interface Generated {
  fixture: Fixture;
  rows: RowCounts;
}

/** Golfer rows built and inserted at a time, so a million golfers never sit in memory at once. */
const USER_CHUNK = 50_000;
const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

interface Seated {
  plan: LeaguePlan;
  leagueId: number;
  userIds: number[];
  teamIds: number[];
}

/** Creates the league's golfers in bulk and puts them on its roster (in teams on a team league). */
async function seatGolfers(
  db: Executor,
  plan: LeaguePlan,
  leagueId: number,
  firstGolfer: number,
): Promise<Seated> {
  let userIds: number[] = [];
  for (let done = 0; done < plan.golfers; done += USER_CHUNK) {
    const count = Math.min(USER_CHUNK, plan.golfers - done);
    userIds = userIds.concat(await insertUsersBulk(db, golferRows(firstGolfer + done, count)));
  }
  if (plan.entrySize === 1) {
    await registerIndividualsBulk(db, { orgSlug: BENCH_ORG.slug, leagueId, userIds });
    return { plan, leagueId, userIds, teamIds: [] };
  }
  const teams = teamsOf(userIds, plan.entrySize);
  const teamIds = await registerTeamsBulk(db, { orgSlug: BENCH_ORG.slug, leagueId, teams });
  return { plan, leagueId, userIds, teamIds };
}

/** A weekly schedule around `now` through the event service: past rounds are completed. */
async function scheduleLeague(
  db: Executor,
  leagueId: number,
  slug: string,
  rounds: number,
  now: Date,
): Promise<Event[]> {
  const events: Event[] = [];
  const before = Math.floor(rounds / 2);
  for (let round = 0; round < rounds; round += 1) {
    const start = new Date(now.getTime() + (round - before) * WEEK_MS);
    start.setUTCHours(23, 30, 0, 0);
    const { event } = await createEvent(db, BENCH_ORG.slug, {
      slug: `${slug}-round-${round + 1}`,
      title: `Round ${round + 1}`,
      eventType: 'league-night',
      status: start < now ? 'completed' : 'published',
      startDate: start.toISOString(),
      tags: ['league-night'],
      eventSeriesId: leagueId,
    });
    events.push(event);
  }
  return events;
}

/** A season series over the league's schedule, results of every completed round, linked to it. */
async function postStandings(
  db: Executor,
  leagueId: number,
  events: Event[],
  field: number[],
): Promise<void> {
  const orgSlug = BENCH_ORG.slug;
  const series = await createSeries(db, orgSlug, { name: 'Bench Points', scope: 'season' });
  const days = events.map((event) => event.local_date).sort();
  await createSeason(db, {
    orgSlug,
    seriesId: series.id,
    name: 'Bench Season',
    startDate: days[0] ?? '',
    endDate: days.at(-1) ?? '',
  });
  const completed = events.filter((event) => event.status === 'completed');
  for (const [round, event] of completed.entries()) {
    await postResults(db, {
      orgSlug,
      seriesId: series.id,
      eventId: event.id,
      results: field.map((userId, place) => {
        const position = ((place + round) % field.length) + 1;
        return { userId, position, points: field.length - position + 1 };
      }),
    });
  }
  await patchLeague(db, orgSlug, leagueId, { standingSeriesId: series.id });
}

/** A registration through the service that invites a partner with an account: a live token. */
async function openInvite(db: Executor, teamLeagueId: number) {
  const host = await createUser(db, {
    email: 'invite.host@bench.example.com',
    firstName: 'Ida',
    lastName: 'Host',
  });
  const partner = await createUser(db, {
    email: 'invite.partner@bench.example.com',
    firstName: 'Pat',
    lastName: 'Partner',
  });
  const registration = await completeRegistration(db, {
    orgSlug: BENCH_ORG.slug,
    leagueId: teamLeagueId,
    userId: host.id,
    teamName: 'Invitation Open',
    partnerEmails: [partner.email],
  });
  const token = registration.invites[0]?.token;
  if (token === undefined || token === null || registration.teamId === null) {
    throw new Error('the invite registration gave no token');
  }
  return { token, teamId: registration.teamId };
}

/**
 * Vacuums and analyzes the tables the bench wrote, as after any bulk import: the planner gets
 * statistics, and no autovacuum catches up on a million new rows while servers are measured.
 */
async function vacuumAnalyze(db: Executor): Promise<void> {
  await sql`
    vacuum (analyze) users, roster_entries, teams, invites, event_series, events, event_tags,
      standing_series, standing_seasons, standing_competitors, standing_results, standing_totals
  `.execute(db);
}

/** Runs `work` and records how long it took under `name`. */
export async function timed<T>(phases: Phase[], name: string, work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const result = await work();
  phases.push({ name, ms: performance.now() - started });
  return result;
}

/** Fills an empty, migrated database with the bench org; checks the maintained counters at the end. */
export async function generate(
  db: Executor,
  sizes: Sizes,
  now: Date,
  phases: Phase[],
): Promise<Generated> {
  const plans = planLeagues(sizes);
  const seated = await timed(phases, 'org, leagues, golfers, rosters (bulk)', async () => {
    await createOrg(db, BENCH_ORG);
    const result: Seated[] = [];
    let nextGolfer = 1;
    for (const plan of plans) {
      const { league } = await createLeague(db, BENCH_ORG.slug, {
        slug: plan.slug,
        name: plan.name,
        seasonLabel: `${now.getUTCFullYear()} Season`,
        status: plan.status,
        feeMembersCents: 15000,
        feePerEntry: plan.feePerEntry,
        entrySize: plan.entrySize,
      });
      result.push(await seatGolfers(db, plan, league.id, nextGolfer));
      nextGolfer += plan.golfers;
    }
    return result;
  });
  const schedules = await timed(phases, 'schedules (event service)', async () => {
    const result: Event[][] = [];
    for (const { plan, leagueId } of seated) {
      result.push(await scheduleLeague(db, leagueId, plan.slug, sizes.events, now));
    }
    return result;
  });
  const [league, teamLeague] = seated;
  if (league === undefined || teamLeague === undefined) {
    throw new Error('the bench needs at least two leagues');
  }
  await timed(phases, 'standings (results service)', () =>
    postStandings(db, league.leagueId, schedules[0] ?? [], league.userIds.slice(0, sizes.results)),
  );
  const invite = await timed(phases, 'invite (registration service)', () =>
    openInvite(db, teamLeague.leagueId),
  );
  const rows = await timed(phases, 'counter check', async () => {
    await checkCounters(db, BENCH_ORG.slug);
    return countRows(db);
  });
  await timed(phases, 'vacuum analyze', () => vacuumAnalyze(db));
  return {
    fixture: {
      orgSlug: BENCH_ORG.slug,
      league: { id: league.leagueId, slug: league.plan.slug },
      teamLeague: { id: teamLeague.leagueId, slug: teamLeague.plan.slug },
      teamId: teamLeague.teamIds[0] ?? invite.teamId,
      inviteToken: invite.token,
    },
    rows,
  };
}
