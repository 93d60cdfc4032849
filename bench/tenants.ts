import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import type { DatabaseKind } from '../src/db/connection.js';
import { PUBLIC_BASE_PATH } from '../src/http/base-paths.js';
import { createBenchDatabase, openMigrated } from './database.js';
import { startChild, type ChildServer } from './ipc.js';
import { BROWSER_HEADERS, median, type LoadSettings } from './load.js';
import { generateManyOrgs, leagueSlug, orgSlug } from './misses/many-orgs.js';
import { combine, cycling, manyOrgsPlan, measure, type Measured } from './misses/run.js';
import type { BenchOptions } from './options.js';
import { count, decimal, failures, machine, mib, ms, ratio } from './report.js';
import type { ClubhouseInput } from './server.js';
import {
  STREAM_ADMIN_TOKEN,
  completedHoles,
  rewrittenHoles,
  scorePath,
  seedLiveNight,
  send,
  type LiveNight,
} from './streams.js';

/**
 * Many clubs on one deployment (decisions §22): every org's public reads under load, first
 * quiet, then while one other org (the demo club) scores its live night through the admin
 * API. Kept answers follow their org, so the writes should cost the other orgs' reads
 * (nearly) nothing.
 */

const RATE_LIMIT_PER_MINUTE = 1_000_000_000;
/** A scorer on a league night at a busy club: ten score writes a second. */
const WRITES_PER_SECOND = 10;
/** The reads with writes elsewhere against the quiet ones, at least. */
const RATIO_TARGET = 0.9;
const RSS_TARGET = { postgres: 200 * 2 ** 20, pglite: 300 * 2 ** 20 } as const;
/** Score writes timed one after another for each kind of write, after a few unmeasured. */
const WRITE_COST = { warmup: 20, measured: 200 } as const;

const progress = (line: string) => process.stderr.write(`${line}\n`);

export interface TenantsReport {
  database: DatabaseKind;
  orgs: number;
  urls: number;
  load: LoadSettings;
  quiet: Measured;
  busy: Measured;
  /**
   * Each round's rate with writes elsewhere against its own quiet rate, measured just before:
   * the host's speed drifts between rounds, not within a pair.
   */
  roundRatios: number[];
  writes: { sent: number; failed: number; perSecond: number };
  /** One score write's cost, written one at a time with nothing else running. */
  writeCosts: WriteCost[];
  /** The 1, 5 and 15 minute load averages as the run ended. */
  loadAverage: number[];
}

/** Each org's four public reads: its league list, and one league, its schedule and standings. */
function tenantUrls(orgs: number): string[] {
  const urls: string[] = [];
  for (let org = 1; org <= orgs; org += 1) {
    const base = `${PUBLIC_BASE_PATH}/orgs/${orgSlug(org)}`;
    const league = leagueSlug(1);
    urls.push(
      `${base}/event-series`,
      `${base}/event-series/${league}`,
      `${base}/events?eventSeries=${league}`,
      `${base}/event-series/${league}/standings`,
    );
  }
  return urls;
}

interface WriteCost {
  kind: string;
  wallMs: number;
  cpuMs: number;
}

/**
 * What one kind of score write costs the service, written one after another: the
 * rewrite of an incomplete card the busy rounds send, and a change to a complete card,
 * which also rebuilds its night's golfers' profiles and the later net-scored boards they
 * play on (a card completed, reopened or corrected).
 */
async function writeCosts(server: ChildServer, night: LiveNight): Promise<WriteCost[]> {
  const kinds = [
    { kind: 'an incomplete card rewritten (the busy rounds)', holes: rewrittenHoles },
    { kind: 'a complete card changed', holes: completedHoles },
  ];
  const costs: WriteCost[] = [];
  for (const { kind, holes } of kinds) {
    let round = 0;
    const write = async () => {
      const answer = await send(server.port, 'PUT', scorePath(night), {
        holes: holes(night, round),
      });
      round += 1;
      if (answer.status !== 200) throw new Error(`score write answered ${answer.status}`);
    };
    for (let i = 0; i < WRITE_COST.warmup; i += 1) await write();
    const started = performance.now();
    const { cpuMicros } = await server.sampleRss(async () => {
      for (let i = 0; i < WRITE_COST.measured; i += 1) await write();
    });
    costs.push({
      kind,
      wallMs: (performance.now() - started) / WRITE_COST.measured,
      cpuMs: cpuMicros / 1000 / WRITE_COST.measured,
    });
  }
  return costs;
}

/** Writes the night's card `WRITES_PER_SECOND` times a second until `stop` is called. */
function startWriter(port: number, night: Awaited<ReturnType<typeof seedLiveNight>>) {
  const tally = { sent: 0, failed: 0 };
  const started = performance.now();
  const state = { running: true };
  const done = (async () => {
    for (let round = 0; state.running; round += 1) {
      const due = started + (round * 1000) / WRITES_PER_SECOND;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      const answer = await send(port, 'PUT', scorePath(night), {
        holes: rewrittenHoles(night, round),
      });
      tally.sent += 1;
      if (answer.status !== 200) tally.failed += 1;
    }
  })();
  return async () => {
    state.running = false;
    await done;
    return { ...tally, seconds: (performance.now() - started) / 1000 };
  };
}

export async function benchTenants(options: BenchOptions): Promise<TenantsReport> {
  const { sizes, load } = manyOrgsPlan(options, options.tenants);
  const target = await createBenchDatabase(options.databaseUrl);
  try {
    progress(`tenants: generating ${sizes.orgs} orgs and the demo club on ${target.kind}…`);
    const database = await openMigrated(target.spec);
    try {
      await generateManyOrgs(database.db, sizes, new Date());
    } finally {
      await database.close();
    }
    const night = await seedLiveNight(target.spec);
    const urls = tenantUrls(sizes.orgs);
    const input: ClubhouseInput = {
      database: target.spec,
      rateLimitPerMinute: RATE_LIMIT_PER_MINUTE,
      settings: { ADMIN_TOKEN: STREAM_ADMIN_TOKEN },
    };
    const server = await startChild(new URL('./server.ts', import.meta.url), input);
    try {
      const quiet: Measured[] = [];
      const busy: Measured[] = [];
      const writes = { sent: 0, failed: 0, seconds: 0 };
      const asBrowsers = { ...load, headers: BROWSER_HEADERS };
      for (let round = 0; round < load.rounds; round += 1) {
        progress(`tenants: quiet, round ${round + 1}`);
        quiet.push(await measure(server, asBrowsers, cycling(urls, round)));
        progress(
          `tenants: ${WRITES_PER_SECOND} writes a second in the demo club, round ${round + 1}`,
        );
        const stop = startWriter(server.port, night);
        busy.push(await measure(server, asBrowsers, cycling(urls, round)));
        const written = await stop();
        writes.sent += written.sent;
        writes.failed += written.failed;
        writes.seconds += written.seconds;
      }
      progress('tenants: the cost of one score write of each kind');
      const costs = await writeCosts(server, night);
      return {
        database: target.kind,
        orgs: sizes.orgs,
        urls: urls.length,
        load,
        quiet: combine(quiet),
        busy: combine(busy),
        roundRatios: busy.map(
          (round, index) =>
            round.result.requestsPerSecond / (quiet[index]?.result.requestsPerSecond ?? NaN),
        ),
        writes: {
          sent: writes.sent,
          failed: writes.failed,
          perSecond: writes.sent / writes.seconds,
        },
        writeCosts: costs,
        loadAverage: loadavg(),
      };
    } finally {
      await server.stop();
    }
  } finally {
    await target.dispose();
  }
}

const verdict = (met: boolean) => (met ? 'met' : '**missed**');

export function renderTenantsReport(report: TenantsReport): string {
  const { quiet, busy, load } = report;
  const rate = (measured: Measured) => measured.result.requestsPerSecond;
  const ratioOf = median(report.roundRatios);
  const ratioOfMedians = rate(busy) / rate(quiet);
  const peakRss = Math.max(quiet.rss, busy.rss);
  const rssTarget = RSS_TARGET[report.database];
  const row = (name: string, measured: Measured) =>
    `| ${name} | ${count(rate(measured))} | ${ms(measured.result.p99Ms)} | ${decimal.format(measured.cpuMicros)} | ${mib(measured.rss)} | ${failures(measured.result)} |`;
  return [
    `## Tenants: ${count(report.orgs)} orgs' reads, quiet and with writes elsewhere (${report.database})`,
    '',
    `- Machine: ${machine()}; load average at the end ${report.loadAverage.map((value) => value.toFixed(2)).join(', ')}`,
    `- Reads: ${count(report.urls)} public URLs (each org's league list, one league, its schedule and standings) in turn, ${load.connections} connections, ${load.rounds} rounds of ${load.durationSeconds} s after ${load.warmupSeconds} s of warm-up, sending \`Accept-Encoding\` as browsers do; quiet and busy alternate, medians shown`,
    `- Writes elsewhere: the demo club's live night, one score card rewritten through the admin API ${WRITES_PER_SECOND} times a second: ${count(report.writes.sent)} sent (${decimal.format(report.writes.perSecond)} a second), ${count(report.writes.failed)} not 200`,
    '',
    '| Load | req/s | p99 ms | CPU µs/req | peak RSS | non-200 / errors |',
    '|---|---:|---:|---:|---:|---|',
    row('quiet', quiet),
    row('writes elsewhere', busy),
    '',
    `| Score write, ${WRITE_COST.measured} one after another | wall ms per write | service CPU ms per write, all threads |`,
    '|---|---:|---:|',
    ...report.writeCosts.map((cost) => `| ${cost.kind} | ${ms(cost.wallMs)} | ${ms(cost.cpuMs)} |`),
    '',
    '| Target | Measured | Verdict |',
    '|---|---|---|',
    `| reads with writes elsewhere ≥ ${RATIO_TARGET}× quiet | ${ratio(ratioOf)}, the median of the rounds' own (${report.roundRatios.map(ratio).join(', ')}); of the medians above ${ratio(ratioOfMedians)} | ${verdict(ratioOf >= RATIO_TARGET)} |`,
    `| RSS ≤ ${mib(rssTarget)} | peak ${mib(peakRss)} | ${verdict(peakRss <= rssTarget)} |`,
    '',
  ].join('\n');
}
