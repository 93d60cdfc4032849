import type { DatabaseKind } from '../../src/db/connection.js';
import type { LoadSettings } from '../load.js';
import { count, decimal, failures, machine, mib, ms, ratio, seconds } from '../report.js';
import type { ManyOrgsSizes } from './many-orgs.js';
import type { Measured } from './run.js';
import type { Read } from './urls.js';

/** One read: its misses on the service and on the peer, and its single hot URL. */
export interface ReadRun {
  read: Read;
  urls: number;
  /** Per miss, counted one request at a time. */
  statements: number;
  roundTrips: number;
  miss: Measured;
  peer: Measured;
  hot: Measured;
}

export interface MissReport {
  database: DatabaseKind;
  sizes: ManyOrgsSizes;
  generationMs: number;
  load: LoadSettings;
  /** Unmeasured seconds of each read on each server before the miss runs. */
  compileWarmupSeconds: number;
  reads: ReadRun[];
  zipf: {
    /** Measured from a cold start (after the hot runs), warm-up included in `statements`. */
    cold: ZipfRun;
    /** Measured for `steadySeconds` once the load has run for `steadyAfterSeconds`. */
    steady: ZipfRun;
    steadyAfterSeconds: number;
    steadySeconds: number;
    urls: number;
    exponent: number;
    /** Share of requests that go to each read. */
    shares: Map<string, number>;
  };
}

export type ZipfRun = Measured & {
  /** Statements the service sent during the run (and its warm-up, if any). */
  statements: number;
};

/** The service's resident size under every workload, by database. */
const RSS_BUDGET = { postgres: 200 * 2 ** 20, pglite: 300 * 2 ** 20 } as const;

const verdict = (met: boolean) => (met ? 'met' : '**missed**');
const rate = (measured: Measured) => measured.result.requestsPerSecond;

function readTable(reads: ReadRun[]): string[] {
  const lines = [
    '| Read | URLs | statements / round trips per miss | miss req/s | peer req/s | miss / peer | hot req/s | miss / hot | p99 ms miss; peer; hot | CPU µs/req miss; peer | RSS miss; peer; hot | non-200 / errors (miss; peer; hot) |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |',
  ];
  for (const run of reads) {
    const cells = [
      run.read,
      count(run.urls),
      `${decimal.format(run.statements)} / ${decimal.format(run.roundTrips)}`,
      count(rate(run.miss)),
      count(rate(run.peer)),
      ratio(rate(run.miss) / rate(run.peer)),
      count(rate(run.hot)),
      `${decimal.format((100 * rate(run.miss)) / rate(run.hot))} %`,
      [run.miss, run.peer, run.hot].map((m) => ms(m.result.p99Ms)).join('; '),
      [run.miss, run.peer].map((m) => decimal.format(m.cpuMicros)).join('; '),
      [run.miss, run.peer, run.hot].map((m) => mib(m.rss)).join('; '),
      [run.miss, run.peer, run.hot].map((m) => failures(m.result)).join('; '),
    ];
    lines.push(`| ${cells.join(' | ')} |`);
  }
  return lines;
}

/** The all-hits rate of the Zipf mix: each read's hot rate, weighted by its share of requests. */
function hotRateOfMix(report: MissReport): number {
  let secondsPerRequest = 0;
  for (const run of report.reads) {
    secondsPerRequest += (report.zipf.shares.get(run.read) ?? 0) / rate(run.hot);
  }
  return 1 / secondsPerRequest;
}

function targetLines(report: MissReport): string[] {
  const lines = ['| Target | Measured | Verdict |', '| --- | --- | --- |'];
  const peerRatios = report.reads.map((run) => rate(run.miss) / rate(run.peer));
  const cpuRatios = report.reads.map((run) => run.miss.cpuMicros / run.peer.cpuMicros);
  lines.push(
    `| miss ≥ 0.8× peer, every read | ${report.reads.map((run, i) => `${run.read} ${ratio(peerRatios[i] ?? 0)}`).join(', ')} | ${verdict(peerRatios.every((r) => r >= 0.8))} |`,
    `| CPU per miss ≤ 1.5× the peer's, every read | ${report.reads.map((run, i) => `${run.read} ${ratio(cpuRatios[i] ?? 0)}`).join(', ')} | ${verdict(cpuRatios.every((r) => r <= 1.5))} |`,
  );
  const hotShares = report.reads.map((run) => rate(run.miss) / rate(run.hot));
  const scope = report.database === 'postgres' ? '' : ' (the target is set for PostgreSQL)';
  lines.push(
    `| miss ≥ 25% of the same read's hot rate${scope} | ${report.reads.map((run, i) => `${run.read} ${decimal.format(100 * (hotShares[i] ?? 0))} %`).join(', ')} | ${verdict(hotShares.every((s) => s >= 0.25))} |`,
  );
  const mix = hotRateOfMix(report);
  const { steady } = report.zipf;
  const zipfShare = rate(steady) / mix;
  lines.push(
    `| Zipf over every URL ≥ 50% of the single-hot-URL rate, steady${scope} | ${count(rate(steady))} req/s against ${count(mix)} (the hot rates weighted by the Zipf mix): ${decimal.format(100 * zipfShare)} % | ${verdict(zipfShare >= 0.5)} |`,
  );
  const peak = Math.max(
    report.zipf.cold.rss,
    steady.rss,
    ...report.reads.flatMap((run) => [run.miss.rss, run.hot.rss]),
  );
  lines.push(
    `| service RSS ≤ ${mib(RSS_BUDGET[report.database])} under load | peak ${mib(peak)} | ${verdict(peak <= RSS_BUDGET[report.database])} |`,
  );
  return lines;
}

function zipfLines(report: MissReport): string[] {
  const { zipf } = report;
  const shares = report.reads.map(
    (run) => `${run.read} ${decimal.format(100 * (zipf.shares.get(run.read) ?? 0))} %`,
  );
  let statementsPerMiss = 0;
  for (const run of report.reads) {
    statementsPerMiss += (zipf.shares.get(run.read) ?? 0) * run.statements;
  }
  const line = (name: string, run: ZipfRun) => {
    const perRequest = run.statements / run.result.answered;
    return [
      `- ${name}: ${count(rate(run))} req/s, p99 ${ms(run.result.p99Ms)} ms, ${decimal.format(run.cpuMicros)} µs CPU per request, RSS ${mib(run.rss)}, non-200 / errors ${failures(run.result)}`,
      `  - ${decimal.format(perRequest)} statements per request: about ${decimal.format((100 * perRequest) / statementsPerMiss)} % of requests were misses`,
    ];
  };
  return [
    `Zipf workload: ${count(zipf.urls)} URLs (every org's league list, and each public league's page, schedule and standings), popularity ∝ 1/rank^${decimal.format(zipf.exponent)} over a seeded shuffle; requests by read: ${shares.join(', ')}.`,
    '',
    ...line('cold (the first seconds after start, warm-up included in the misses)', zipf.cold),
    ...line(
      `steady (after ${count(zipf.steadyAfterSeconds)} s of the same load, longer than answers are kept; measured for ${count(zipf.steadySeconds)} s, an answer's whole life)`,
      zipf.steady,
    ),
  ];
}

export function renderMissReport(report: MissReport): string {
  const { sizes, load } = report;
  const database = report.database === 'pglite' ? 'PGlite (embedded)' : 'PostgreSQL';
  return [
    '# Clubhouse miss benchmark',
    '',
    `- Machine: ${machine()}`,
    `- Database: ${database}`,
    `- Data: ${count(sizes.orgs)} orgs × ${count(sizes.leaguesPerOrg)} leagues (the last of each a hidden draft), ${count(sizes.eventsPerLeague)} events per league, a standings series per league with ${count(sizes.competitorsPerSeries)} competitors; generated in bulk SQL in ${seconds(report.generationMs)}`,
    `- Load: autocannon, ${count(load.connections)} connections, ${count(load.warmupSeconds)} s warm-up then ${count(load.durationSeconds)} s per run; misses in ${count(load.rounds)} rounds alternating service and peer (medians), after ${count(report.compileWarmupSeconds)} s of every read on each server unmeasured`,
    '- Miss: the service with a full cache of a few answers, cycling through every URL of the read, so that every read is computed, hashed and kept, evicting the least recently used answer, as a miss is in a deployment whose cache is full (checked: each request ran its statements); requests without Accept-Encoding, as the peer answers uncompressed (a miss for a client that takes gzip also compresses it)',
    '- Peer: plain `node:http` + the driver, hand-written SQL with parameters (named prepared statements, on PGlite through pg and the same connection as the service), no cache; bodies checked byte for byte against the service on a sample of each read',
    '- Hot: the service as deployed, one URL of the read; hot and Zipf requests send `Accept-Encoding: gzip, deflate, br, zstd`, as browsers do',
    '',
    ...readTable(report.reads),
    '',
    ...zipfLines(report),
    '',
    ...targetLines(report),
    '',
  ].join('\n');
}
