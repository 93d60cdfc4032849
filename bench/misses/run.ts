import { cp, rm } from 'node:fs/promises';
import { performance } from 'node:perf_hooks';
import { loadConfig } from '../../src/config.js';
import type { StatementTally } from '../../src/db/statement-count.js';
import { createBenchDatabase, openMigrated, type DatabaseSpec } from '../database.js';
import { startChild, type ChildServer } from '../ipc.js';
import {
  BROWSER_HEADERS,
  median,
  medianOf,
  runLoad,
  type LoadResult,
  type LoadSettings,
} from '../load.js';
import type { BenchOptions } from '../options.js';
import type { ClubhouseInput } from '../server.js';
import { generateManyOrgs, type ManyOrgsSizes } from './many-orgs.js';
import type { PeerInput } from './peer-server.js';
import type { MissReport, ReadRun } from './report.js';
import { READS, ZipfUrls, readUrls, seeded, shuffled, type Read } from './urls.js';

const RATE_LIMIT_PER_MINUTE = 1_000_000_000;
/** Popularity exponent of the Zipf workload: the URL of rank r is asked for ∝ 1/r. */
const ZIPF_EXPONENT = 1;
/** URLs of each read whose bodies the bench compares between the service and the peer. */
const EQUALITY_SAMPLE = 40;
/** URLs of each read fetched one at a time to count statements per miss. */
const COUNTED_MISSES = 5;
/**
 * Unmeasured load per read on each server before any is measured: the service's first
 * round otherwise includes compiling its request path (up to 40 % more CPU per request than
 * its later rounds), which the peer, a few dozen lines, does not have to.
 */
const COMPILE_WARMUP_SECONDS = 3;

const progress = (line: string) => process.stderr.write(`${line}\n`);
const urlOf = (server: ChildServer, path: string) => `http://127.0.0.1:${server.port}${path}`;

async function fetchBody(server: ChildServer, path: string): Promise<Buffer> {
  const response = await fetch(urlOf(server, path));
  const body = Buffer.from(await response.arrayBuffer());
  if (response.status !== 200) {
    throw new Error(`GET ${path} answered ${response.status}: ${body.toString()}`);
  }
  return body;
}

async function tallyOf(server: ChildServer): Promise<StatementTally> {
  return (await server.tally()) as StatementTally;
}

/** Statements and round trips of single misses, one request at a time. */
async function countMisses(clubhouse: ChildServer, paths: string[]) {
  const before = await tallyOf(clubhouse);
  for (const path of paths) await fetchBody(clubhouse, path);
  const after = await tallyOf(clubhouse);
  return {
    statements: (after.statements - before.statements) / paths.length,
    roundTrips: (after.roundTrips - before.roundTrips) / paths.length,
  };
}

/** Fails unless the peer answers every sampled URL with the service's very bytes. */
async function checkEqual(clubhouse: ChildServer, peer: ChildServer, paths: string[]) {
  for (const path of paths) {
    const [ours, theirs] = await Promise.all([fetchBody(clubhouse, path), fetchBody(peer, path)]);
    if (!ours.equals(theirs)) {
      throw new Error(
        `the peer's body differs for ${path}:\n  service ${ours.toString()}\n  peer    ${theirs.toString()}`,
      );
    }
  }
}

/** Cycles through `paths` in order, from a seeded random start. */
export function cycling(paths: readonly string[], seed: number): () => string {
  let next = Math.floor(seeded(seed)() * paths.length);
  return () => {
    const path = paths[next] as string;
    next = (next + 1) % paths.length;
    return path;
  };
}

interface Measured {
  result: LoadResult;
  rss: number;
  cpuMicros: number;
}

export async function measure(
  server: ChildServer,
  settings: LoadSettings,
  nextPath: () => string,
): Promise<Measured> {
  const sampled = await server.sampleRss(() => runLoad(urlOf(server, '/'), settings, nextPath));
  return {
    result: sampled.result,
    rss: sampled.peakRss,
    cpuMicros: sampled.cpuMicros / sampled.result.answered,
  };
}

export function combine(rounds: Measured[]): Measured {
  return {
    result: medianOf(rounds.map((round) => round.result)),
    rss: Math.max(...rounds.map((round) => round.rss)),
    cpuMicros: median(rounds.map((round) => round.cpuMicros)),
  };
}

async function withChildren<T>(
  starts: { script: string; input: unknown }[],
  use: (servers: ChildServer[]) => Promise<T>,
): Promise<T> {
  const servers: ChildServer[] = [];
  try {
    for (const { script, input } of starts) {
      servers.push(await startChild(new URL(script, import.meta.url), input));
    }
    return await use(servers);
  } finally {
    for (const server of servers.reverse()) await server.stop();
  }
}

/**
 * What the service's kept answers may count as while misses are measured: a few answers,
 * fewer than the URLs a read cycles through from 100 orgs on (`measureMisses` checks it), so
 * that each request misses and its answer, kept, evicts the least recently used one, as a
 * miss does in a deployment whose cache is full.
 */
const MISS_CACHE_BYTES = 32 * 1024;

/** The service's misses measured; fails unless every request answered ran its statements. */
async function measureMisses(
  clubhouse: ChildServer,
  load: LoadSettings,
  nextPath: () => string,
  statementsPerMiss: number,
): Promise<Measured> {
  const before = await tallyOf(clubhouse);
  const measured = await measure(clubhouse, load, nextPath);
  const statements = (await tallyOf(clubhouse)).statements - before.statements;
  const { answered } = measured.result;
  // Every read sends a statement: a count of none was itself taken from kept answers.
  if (statementsPerMiss < 1 || statements < answered * statementsPerMiss) {
    throw new Error(
      `${answered} requests ran ${statements} statements, ${statementsPerMiss} each when ` +
        'counted one by one: some were answered from the cache, not computed as misses ' +
        '(with too few --orgs, the cache holds every URL of a read)',
    );
  }
  return measured;
}

/** Every read computed: the service with a cache too small to hit against the peer, alternating. */
async function missRuns(
  spec: DatabaseSpec,
  peerSpec: DatabaseSpec,
  urls: Record<Read, string[]>,
  load: LoadSettings,
): Promise<Omit<ReadRun, 'hot'>[]> {
  const clubhouseInput: ClubhouseInput = {
    database: spec,
    rateLimitPerMinute: RATE_LIMIT_PER_MINUTE,
    responseCacheMaxBytes: MISS_CACHE_BYTES,
  };
  const starts = [
    { script: '../server.ts', input: clubhouseInput },
    { script: './peer-server.ts', input: { database: peerSpec } satisfies PeerInput },
  ];
  return withChildren(starts, async ([clubhouse, peer]) => {
    if (clubhouse === undefined || peer === undefined) throw new Error('a server did not start');
    const runs: Omit<ReadRun, 'hot'>[] = [];
    const pathsOf = new Map(
      READS.map((read, index) => [read, shuffled(urls[read], seeded(index + 1))] as const),
    );
    progress(`misses: ${COMPILE_WARMUP_SECONDS} s of every read on each server, unmeasured`);
    for (const paths of pathsOf.values()) {
      for (const server of [clubhouse, peer]) {
        await runLoad(
          urlOf(server, '/'),
          { ...load, warmupSeconds: 0, durationSeconds: COMPILE_WARMUP_SECONDS },
          cycling(paths, load.rounds),
        );
      }
    }
    for (const [read, paths] of pathsOf) {
      progress(`misses: ${read}`);
      const counted = await countMisses(clubhouse, paths.slice(0, COUNTED_MISSES));
      await checkEqual(clubhouse, peer, paths.slice(0, EQUALITY_SAMPLE));
      const ours: Measured[] = [];
      const theirs: Measured[] = [];
      for (let round = 0; round < load.rounds; round += 1) {
        ours.push(await measureMisses(clubhouse, load, cycling(paths, round), counted.statements));
        theirs.push(await measure(peer, load, cycling(paths, round)));
      }
      runs.push({
        read,
        urls: paths.length,
        ...counted,
        miss: combine(ours),
        peer: combine(theirs),
      });
    }
    return runs;
  });
}

/** How long answers are kept by default (`RESPONSE_CACHE_TTL_SECONDS`). */
const ANSWER_LIFE_SECONDS = loadConfig({}).responseCacheTtlSeconds;

/**
 * How long the Zipf load runs before its steady figure is measured: longer than answers are
 * kept by default, so that what is measured includes answers that expired and were read
 * again, not only a cache that has never dropped anything.
 */
const ZIPF_STEADY_AFTER_SECONDS = ANSWER_LIFE_SECONDS + 5;

/**
 * How long the steady figure is measured: one whole life of an answer. Expiry comes in
 * waves: the answers first kept in the cold start's seconds expire together a life later,
 * and the most asked for are kept again at once and so stay in step. A few seconds' window
 * measures where it falls in that wave (at 65–70 s, 17,600 req/s against 25,000 over the
 * whole minute after it, on PostgreSQL); a whole life measures every phase once.
 */
const ZIPF_STEADY_SECONDS = ANSWER_LIFE_SECONDS;

/**
 * Kept answers on: each read's single hot URL, then the Zipf workload over every URL, first
 * from a cold start, then once it has run past the answers' lifetime.
 */
async function cachedRuns(spec: DatabaseSpec, urls: Record<Read, string[]>, load: LoadSettings) {
  const input: ClubhouseInput = { database: spec, rateLimitPerMinute: RATE_LIMIT_PER_MINUTE };
  return withChildren([{ script: '../server.ts', input }], async ([clubhouse]) => {
    if (clubhouse === undefined) throw new Error('the service did not start');
    const hot = new Map<Read, Measured>();
    for (const [index, read] of READS.entries()) {
      progress(`hot: ${read}`);
      const path = shuffled(urls[read], seeded(index + 1))[0] as string;
      hot.set(read, await measure(clubhouse, load, () => path));
    }
    const all = READS.flatMap((read) => urls[read].map((path) => ({ read, path })));
    const zipf = new ZipfUrls(all, ZIPF_EXPONENT, 7);
    const draw = () => zipf.draw().path;
    const counted = async (settings: LoadSettings) => {
      const before = await tallyOf(clubhouse);
      const measured = await measure(clubhouse, settings, draw);
      const after = await tallyOf(clubhouse);
      return { ...measured, statements: after.statements - before.statements };
    };
    progress('zipf: every URL of every org, from a cold start');
    const cold = await counted(load);
    const coldSeconds = load.warmupSeconds + load.durationSeconds;
    progress(`zipf: the same load, unmeasured until ${ZIPF_STEADY_AFTER_SECONDS} s in`);
    await runLoad(
      urlOf(clubhouse, '/'),
      {
        ...load,
        warmupSeconds: 0,
        durationSeconds: Math.max(1, ZIPF_STEADY_AFTER_SECONDS - coldSeconds),
      },
      draw,
    );
    progress('zipf: steady');
    const steady = await counted({
      ...load,
      warmupSeconds: 0,
      durationSeconds: ZIPF_STEADY_SECONDS,
    });
    return {
      hot,
      zipf: {
        cold,
        steady,
        steadyAfterSeconds: ZIPF_STEADY_AFTER_SECONDS,
        steadySeconds: ZIPF_STEADY_SECONDS,
        urls: all.length,
        exponent: ZIPF_EXPONENT,
        shares: zipf.shareByRead(),
      },
    };
  });
}

/** The generated orgs and the load of a many-orgs part (misses, tenants), from the options. */
export function manyOrgsPlan(
  options: BenchOptions,
  orgs: number,
): { sizes: ManyOrgsSizes; load: LoadSettings } {
  return {
    sizes: {
      orgs,
      leaguesPerOrg: 10,
      eventsPerLeague: options.sizes.events,
      competitorsPerSeries: 20,
    },
    load: {
      connections: options.connections,
      durationSeconds: options.durationSeconds,
      rounds: options.rounds,
      warmupSeconds: options.warmupSeconds,
    },
  };
}

export async function benchMisses(options: BenchOptions): Promise<MissReport> {
  const { sizes, load } = manyOrgsPlan(options, options.orgs);
  const target = await createBenchDatabase(options.databaseUrl);
  const peerDir = target.spec.kind === 'pglite' ? `${target.spec.dataDir}-peer` : undefined;
  try {
    progress(`generating ${sizes.orgs} orgs on ${target.kind}…`);
    const started = performance.now();
    const database = await openMigrated(target.spec);
    try {
      await generateManyOrgs(database.db, sizes, new Date());
    } finally {
      await database.close();
    }
    const generationMs = performance.now() - started;
    // One process per PGlite folder: the peer reads a copy of the same data.
    const peerSpec: DatabaseSpec =
      peerDir === undefined ? target.spec : { kind: 'pglite', dataDir: peerDir };
    if (peerDir !== undefined && target.spec.kind === 'pglite') {
      await cp(target.spec.dataDir, peerDir, { recursive: true });
    }
    const urls = readUrls(sizes);
    const misses = await missRuns(target.spec, peerSpec, urls, load);
    const cached = await cachedRuns(target.spec, urls, { ...load, headers: BROWSER_HEADERS });
    return {
      database: target.kind,
      sizes,
      generationMs,
      load,
      compileWarmupSeconds: COMPILE_WARMUP_SECONDS,
      reads: misses.map((run) => ({ ...run, hot: cached.hot.get(run.read) as Measured })),
      zipf: cached.zipf,
    };
  } finally {
    if (peerDir !== undefined) await rm(peerDir, { recursive: true, force: true });
    await target.dispose();
  }
}

export type { Measured };
