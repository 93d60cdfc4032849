import { writeFile } from 'node:fs/promises';
import { performance } from 'node:perf_hooks';
import { PUBLIC_BASE_PATH } from '../src/http/base-paths.js';
import type { BareInput } from './bare-server.js';
import { createBenchDatabase, openMigrated, type DatabaseSpec } from './database.js';
import { generate, timed, type Fixture, type Generated, type Phase } from './generate.js';
import { renderMissReport } from './misses/report.js';
import { benchMisses } from './misses/run.js';
import { startChild, type ChildServer } from './ipc.js';
import {
  BROWSER_HEADERS,
  median,
  medianOf,
  runLoad,
  type LoadResult,
  type LoadSettings,
} from './load.js';
import { parseOptions, USAGE, type BenchOptions, type Sizes } from './options.js';
import { renderReport, type EndpointRun, type Report } from './report.js';
import { captureResponses, type StoredResponse } from './responses.js';
import type { ClubhouseInput } from './server.js';
import { STREAM_ADMIN_TOKEN, benchStreams, renderStreamReport, seedLiveNight } from './streams.js';
import { benchTenants, renderTenantsReport } from './tenants.js';
import { benchOdds } from './odds.js';

/** The configuration's ceiling: the bench client never meets the limit. */
const RATE_LIMIT_PER_MINUTE = 1_000_000_000;

const progress = (line: string) => process.stderr.write(`${line}\n`);

/** The public reads under test, named by their route. */
function endpoints(fixture: Fixture): { name: string; path: string }[] {
  const org = `${PUBLIC_BASE_PATH}/orgs/${fixture.orgSlug}`;
  const { league, teamLeague } = fixture;
  return [
    { name: 'league list `/orgs/:org/event-series`', path: `${org}/event-series` },
    {
      name: 'one league `/orgs/:org/event-series/:slug`',
      path: `${org}/event-series/${league.slug}`,
    },
    {
      name: 'schedule `/orgs/:org/events?eventSeries=:slug`',
      path: `${org}/events?eventSeries=${league.slug}`,
    },
    {
      name: 'standings `/orgs/:org/event-series/:slug/standings`',
      path: `${org}/event-series/${league.slug}/standings`,
    },
    {
      name: 'team `/orgs/:org/event-series/:id/teams/:teamId`',
      path: `${org}/event-series/${teamLeague.id}/teams/${fixture.teamId}`,
    },
    {
      name: 'invite `/event-series-invites/:token`',
      path: `${PUBLIC_BASE_PATH}/event-series-invites/${fixture.inviteToken}`,
    },
  ];
}

/** Opens and migrates the fresh database, fills it and closes it: the server opens it anew. */
async function generateData(spec: DatabaseSpec, sizes: Sizes) {
  const phases: Phase[] = [];
  const started = performance.now();
  const database = await timed(phases, 'open + migrate', () => openMigrated(spec));
  let generated: Generated;
  try {
    generated = await generate(database.db, sizes, new Date(), phases);
  } finally {
    await timed(phases, 'close', () => database.close());
  }
  const totalMs = performance.now() - started;
  progress(`generated in ${(totalMs / 1000).toFixed(2)} s`);
  return { ...generated, generation: { totalMs, phases } };
}

/** Starts a child server, hands it to `use` and stops it whatever happens. */
async function withChild<T>(
  script: string,
  input: unknown,
  use: (server: ChildServer) => Promise<T>,
): Promise<T> {
  const server = await startChild(new URL(script, import.meta.url), input);
  try {
    return await use(server);
  } finally {
    await server.stop();
  }
}

const urlOf = (server: ChildServer, path: string) => `http://127.0.0.1:${server.port}${path}`;

async function compareEndpoints(
  clubhouse: ChildServer,
  responses: StoredResponse[],
  fixture: Fixture,
  load: LoadSettings,
): Promise<EndpointRun[]> {
  return withChild('./bare-server.ts', { responses } satisfies BareInput, async (bare) => {
    const runs: EndpointRun[] = [];
    for (const { name, path } of endpoints(fixture)) {
      progress(`load: ${name}`);
      const service: LoadResult[] = [];
      const machine: LoadResult[] = [];
      const serviceCpu: number[] = [];
      const machineCpu: number[] = [];
      let clubhouseRss = 0;
      let bareRss = 0;
      for (let round = 0; round < load.rounds; round += 1) {
        const served = await clubhouse.sampleRss(() => runLoad(urlOf(clubhouse, path), load));
        service.push(served.result);
        serviceCpu.push(served.cpuMicros / served.result.answered);
        clubhouseRss = Math.max(clubhouseRss, served.peakRss);
        const answered = await bare.sampleRss(() => runLoad(urlOf(bare, path), load));
        machine.push(answered.result);
        machineCpu.push(answered.cpuMicros / answered.result.answered);
        bareRss = Math.max(bareRss, answered.peakRss);
      }
      runs.push({
        name,
        clubhouse: medianOf(service),
        bare: medianOf(machine),
        clubhouseCpuMicros: median(serviceCpu),
        bareCpuMicros: median(machineCpu),
        clubhouseRss,
        bareRss,
      });
    }
    return runs;
  });
}

async function probeLimiter(response: StoredResponse, load: LoadSettings) {
  const probe = (limitPerMinute: number | undefined) => {
    const input: BareInput =
      limitPerMinute === undefined
        ? { responses: [response] }
        : { responses: [response], limitPerMinute };
    return withChild('./bare-server.ts', input, (server) =>
      runLoad(urlOf(server, response.path), load),
    );
  };
  progress('load: rate limiter probe');
  const without: LoadResult[] = [];
  const limited: LoadResult[] = [];
  for (let round = 0; round < load.rounds; round += 1) {
    without.push(await probe(undefined));
    limited.push(await probe(RATE_LIMIT_PER_MINUTE));
  }
  return { without: medianOf(without), with: medianOf(limited) };
}

async function bench(options: BenchOptions): Promise<Report> {
  const target = await createBenchDatabase(options.databaseUrl);
  try {
    progress(`generating on ${target.kind}…`);
    const { fixture, rows, generation } = await generateData(target.spec, options.sizes);
    const load: LoadSettings = {
      connections: options.connections,
      durationSeconds: options.durationSeconds,
      rounds: options.rounds,
      warmupSeconds: options.warmupSeconds,
      headers: BROWSER_HEADERS,
    };
    const input: ClubhouseInput = {
      database: target.spec,
      rateLimitPerMinute: RATE_LIMIT_PER_MINUTE,
    };
    const measured = await withChild('./server.ts', input, async (clubhouse) => {
      const paths = endpoints(fixture).map((endpoint) => endpoint.path);
      const responses = await captureResponses(
        `http://127.0.0.1:${clubhouse.port}`,
        paths,
        BROWSER_HEADERS,
      );
      const ready = {
        readyMs: clubhouse.readyMs,
        spawnToReadyMs: clubhouse.spawnToReadyMs,
        idleRss: clubhouse.idleRss,
      };
      return {
        ready,
        responses,
        runs: await compareEndpoints(clubhouse, responses, fixture, load),
      };
    });
    const [response] = measured.responses;
    const [run] = measured.runs;
    if (response === undefined || run === undefined) throw new Error('no endpoint was measured');
    const limiter = await probeLimiter(response, load);
    return {
      database: target.kind,
      sizes: options.sizes,
      rows,
      generation,
      load,
      ready: measured.ready,
      endpoints: measured.runs,
      limiter: {
        endpoint: run.name,
        limitPerMinute: RATE_LIMIT_PER_MINUTE,
        ...limiter,
      },
    };
  } finally {
    await target.dispose();
  }
}

/** Many subscribers of the demo org's live night on one instance, in a database of their own. */
async function streamsPart(options: BenchOptions): Promise<string> {
  const target = await createBenchDatabase(options.databaseUrl);
  try {
    progress(`streams: seeding the demo org on ${target.kind}…`);
    const night = await seedLiveNight(target.spec);
    const cap = String(options.streams.streams);
    const input: ClubhouseInput = {
      database: target.spec,
      rateLimitPerMinute: RATE_LIMIT_PER_MINUTE,
      settings: { ADMIN_TOKEN: STREAM_ADMIN_TOKEN, STREAMS_PER_IP: cap, MAX_STREAMS: cap },
    };
    const report = await withChild('./server.ts', input, (server) =>
      benchStreams(server, night, options.streams, progress),
    );
    return renderStreamReport(report, target.kind);
  } finally {
    await target.dispose();
  }
}

async function main(): Promise<void> {
  let options: BenchOptions | undefined;
  try {
    options = parseOptions(process.argv.slice(2), process.env);
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n\n${USAGE}\n`);
    process.exitCode = 2;
    return;
  }
  if (options === undefined) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  const sections: string[] = [];
  if (options.parts.reads) sections.push(renderReport(await bench(options)));
  if (options.parts.streams) sections.push(await streamsPart(options));
  if (options.parts.misses) sections.push(renderMissReport(await benchMisses(options)));
  if (options.parts.tenants) sections.push(renderTenantsReport(await benchTenants(options)));
  if (options.parts.odds) sections.push(await benchOdds(progress));
  const markdown = sections.join('\n');
  process.stdout.write(markdown);
  if (options.out !== undefined) await writeFile(options.out, markdown);
}

main().catch((error: unknown) => {
  process.stderr.write(`bench failed: ${error instanceof Error ? error.stack : String(error)}\n`);
  process.exitCode = 1;
});
