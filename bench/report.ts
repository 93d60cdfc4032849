import { cpus, release, totalmem } from 'node:os';
import type { DatabaseKind } from '../src/db/connection.js';
import type { RowCounts } from './check.js';
import type { Phase } from './generate.js';
import type { LoadResult, LoadSettings } from './load.js';
import type { Sizes } from './options.js';

/** One endpoint under the same load on the service and on the bare server. */
export interface EndpointRun {
  name: string;
  clubhouse: LoadResult;
  bare: LoadResult;
  /** Median server CPU time per answer (user and system, warm-up included), in µs. */
  clubhouseCpuMicros: number;
  bareCpuMicros: number;
  clubhouseRss: number;
  bareRss: number;
}

export interface Report {
  database: DatabaseKind;
  sizes: Sizes;
  rows: RowCounts;
  generation: { totalMs: number; phases: Phase[] };
  load: LoadSettings;
  ready: { readyMs: number; spawnToReadyMs: number; idleRss: number };
  endpoints: EndpointRun[];
  limiter: { endpoint: string; limitPerMinute: number; without: LoadResult; with: LoadResult };
}

const integer = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
export const decimal = new Intl.NumberFormat('en-US', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

export const count = (value: number) => integer.format(value);
export const ms = (value: number) => decimal.format(value);
export const seconds = (milliseconds: number) => `${decimal.format(milliseconds / 1000)} s`;
export const mib = (bytes: number) => `${integer.format(bytes / 2 ** 20)} MiB`;
export const ratio = (value: number) => `${decimal.format(value)}×`;

export function failures(result: LoadResult): string {
  const statuses = Object.entries(result.unexpected).map(([status, n]) => `${count(n)}×${status}`);
  const non200 = statuses.length === 0 ? '0' : statuses.join(' ');
  return `${non200} / ${count(result.errors)}`;
}

export function machine(): string {
  const cores = cpus();
  const model = cores[0]?.model.trim() ?? 'unknown CPU';
  return `${model} × ${cores.length}, ${mib(totalmem())} RAM, Node ${process.version}, ${process.platform} ${release()}`;
}

function endpointTable(runs: EndpointRun[]): string[] {
  const lines = [
    '| Endpoint | Clubhouse req/s | p50 ms | p99 ms | Bare req/s | p50 ms | p99 ms | req/s C/B | p99 C/B | CPU µs/req C | CPU µs/req B | CPU B/C | Clubhouse RSS | Bare RSS | non-200 / errors (C; B) |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |',
  ];
  for (const run of runs) {
    const { name, clubhouse: c, bare: b, clubhouseRss, bareRss } = run;
    const cells = [
      name,
      count(c.requestsPerSecond),
      ms(c.p50Ms),
      ms(c.p99Ms),
      count(b.requestsPerSecond),
      ms(b.p50Ms),
      ms(b.p99Ms),
      ratio(c.requestsPerSecond / b.requestsPerSecond),
      ratio(c.p99Ms / b.p99Ms),
      decimal.format(run.clubhouseCpuMicros),
      decimal.format(run.bareCpuMicros),
      ratio(run.bareCpuMicros / run.clubhouseCpuMicros),
      mib(clubhouseRss),
      mib(bareRss),
      `${failures(c)}; ${failures(b)}`,
    ];
    lines.push(`| ${cells.join(' | ')} |`);
  }
  return lines;
}

/** Server time the limiter adds per request, from the throughput of one busy event loop. */
function limiterLines(report: Report): string[] {
  const { without, with: limited, limitPerMinute, endpoint } = report.limiter;
  const costUs = (1 / limited.requestsPerSecond - 1 / without.requestsPerSecond) * 1e6;
  const service = report.endpoints.find((run) => run.name === endpoint)?.clubhouse;
  const share =
    service === undefined
      ? ''
      : ` (${decimal.format((costUs * service.requestsPerSecond) / 1e4)} % of a Clubhouse ${endpoint} request)`;
  return [
    '## Rate limiter',
    '',
    `The public rate limiter cannot be turned off by configuration: every public route has it. The service ran with \`RATE_LIMIT_PER_MINUTE\` at its maximum (${count(limitPerMinute)}), so nothing was refused, and its cost is in the table above. Measured apart on the bare \`node:http\` server answering the stored ${endpoint} response, with and without the service's own limiter counting each request and setting its headers as the service's edge does (\`src/http/edge/rate-limit.ts\`, in-memory counters, same limit):`,
    '',
    '| Bare node:http | req/s | p50 ms | p99 ms | non-200 / errors |',
    '| --- | ---: | ---: | ---: | --- |',
    `| without limiter | ${count(without.requestsPerSecond)} | ${ms(without.p50Ms)} | ${ms(without.p99Ms)} | ${failures(without)} |`,
    `| with limiter | ${count(limited.requestsPerSecond)} | ${ms(limited.p50Ms)} | ${ms(limited.p99Ms)} | ${failures(limited)} |`,
    '',
    `Limiter cost: ${decimal.format(costUs)} µs of server time per request${share}.`,
  ];
}

/** The report as markdown: setup notes, the endpoint table and the limiter's cost. */
export function renderReport(report: Report): string {
  const { sizes, rows, generation, load, ready } = report;
  const database = report.database === 'pglite' ? 'PGlite (embedded)' : 'PostgreSQL';
  const phases = generation.phases.map((phase) => `${phase.name} ${seconds(phase.ms)}`);
  return [
    '# Clubhouse benchmark',
    '',
    `- Machine: ${machine()}`,
    `- Database: ${database}`,
    `- Sizes: ${count(sizes.leagues)} leagues, ${count(sizes.golfers)} golfers, up to ${count(sizes.teams)} teams per team league, ${count(sizes.events)} events per league, ${count(sizes.results)} results per completed round`,
    `- Rows: ${count(rows.users)} users, ${count(rows.rosterEntries)} roster entries, ${count(rows.teams)} teams, ${count(rows.events)} events, ${count(rows.results)} standing results`,
    `- Generation: ${seconds(generation.totalMs)} (${phases.join('; ')})`,
    `- Ready: ${ms(ready.readyMs)} ms to open the generated database, migrate, build the app and listen; ${ms(ready.spawnToReadyMs)} ms from fork (with Node and module loading); RSS ${mib(ready.idleRss)} when ready`,
    `- Load: autocannon, ${count(load.connections)} connections, pipelining 1, ${count(load.warmupSeconds)} s warm-up then ${count(load.durationSeconds)} s per endpoint and server, in ${count(load.rounds)} rounds alternating the two servers (each figure is the median of the rounds); each server in its own child process, the load generator in the bench process (on the same machine)`,
    '- Bare: `node:http` answering the same bytes and headers, fetched once from the service, from memory; every request sends `Accept-Encoding: gzip, deflate, br, zstd`, as browsers do, so both send the larger answers in gzip',
    "- RSS: peak of the server process during the endpoint's load",
    "- CPU µs/req: the server process's CPU time (user and system) over the endpoint's warm-up and load, per answer; CPU B/C is the bare server's over the service's, the throughput ratio the service would reach on an otherwise idle core",
    '',
    ...endpointTable(report.endpoints),
    '',
    ...limiterLines(report),
    '',
  ].join('\n');
}
