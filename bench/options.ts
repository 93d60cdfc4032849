import { parseArgs } from 'node:util';
import type { StreamSettings } from './streams.js';

/** How much data the generator writes. */
export interface Sizes {
  leagues: number;
  golfers: number;
  /** Teams per team league, at most (a team league seats its share of golfers up to this). */
  teams: number;
  /** Events on each league's schedule. */
  events: number;
  /** Golfers placed in each completed event of the standings series. */
  results: number;
}

export interface BenchOptions {
  sizes: Sizes;
  /** Seconds of measured load per endpoint, server and round. */
  durationSeconds: number;
  /** Rounds per endpoint, alternating the two servers; the report gives each figure's median. */
  rounds: number;
  /** Seconds of unmeasured load before each measurement. */
  warmupSeconds: number;
  connections: number;
  /** `postgres://` URL (a fresh schema is used and dropped); absent means PGlite. */
  databaseUrl: string | undefined;
  /** Also write the report to this markdown file. */
  out: string | undefined;
  /**
   * Which parts run: the public reads against bare node:http, the live streams, and the
   * misses (many orgs, every read computed, against a plain node:http + driver peer), and
   * the tenants (many orgs' reads, quiet and while another org scores a live night).
   */
  parts: { reads: boolean; streams: boolean; misses: boolean; tenants: boolean; odds: boolean };
  /** Live streams held open on one instance, and score writes measured while they are. */
  streams: StreamSettings;
  /** Orgs of the miss part, 10 leagues each. */
  orgs: number;
  /** Orgs read in the tenants part, besides the demo club that writes. */
  tenants: number;
}

const PARTS = ['all', 'reads', 'streams', 'misses', 'tenants', 'odds'] as const;

interface Bound {
  flag: string;
  env: string;
  fallback: number;
  min: number;
  max: number;
}

const BOUNDS = {
  leagues: { flag: 'leagues', env: 'BENCH_LEAGUES', fallback: 20, min: 2, max: 1000 },
  golfers: { flag: 'golfers', env: 'BENCH_GOLFERS', fallback: 1000, min: 10, max: 1_000_000 },
  teams: { flag: 'teams', env: 'BENCH_TEAMS', fallback: 50, min: 1, max: 100_000 },
  events: { flag: 'events', env: 'BENCH_EVENTS', fallback: 26, min: 2, max: 500 },
  results: { flag: 'results', env: 'BENCH_RESULTS', fallback: 100, min: 1, max: 10_000 },
  duration: { flag: 'duration', env: 'BENCH_DURATION', fallback: 3, min: 1, max: 600 },
  rounds: { flag: 'rounds', env: 'BENCH_ROUNDS', fallback: 3, min: 1, max: 50 },
  warmup: { flag: 'warmup', env: 'BENCH_WARMUP', fallback: 1, min: 0, max: 60 },
  connections: { flag: 'connections', env: 'BENCH_CONNECTIONS', fallback: 32, min: 1, max: 1000 },
  streams: { flag: 'streams', env: 'BENCH_STREAMS', fallback: 5000, min: 1, max: 15_000 },
  writes: { flag: 'writes', env: 'BENCH_WRITES', fallback: 5, min: 1, max: 100 },
  orgs: { flag: 'orgs', env: 'BENCH_ORGS', fallback: 1000, min: 10, max: 100_000 },
  tenants: { flag: 'tenants', env: 'BENCH_TENANTS', fallback: 40, min: 1, max: 100_000 },
} satisfies Record<string, Bound>;

type Flag = keyof typeof BOUNDS;

export const USAGE = `Usage: npm run bench -- [options]

  --leagues N      leagues of the benchmark org          (BENCH_LEAGUES, default 20)
  --golfers N      golfers spread over the leagues       (BENCH_GOLFERS, default 1000, up to 1000000)
  --teams N        teams per team league, at most        (BENCH_TEAMS, default 50)
  --events N       events on each league's schedule      (BENCH_EVENTS, default 26)
  --results N      golfers placed per completed event    (BENCH_RESULTS, default 100)
  --duration S     measured seconds per endpoint, round  (BENCH_DURATION, default 3)
  --rounds N       rounds alternating the two servers    (BENCH_ROUNDS, default 3)
  --warmup S       warm-up seconds per endpoint          (BENCH_WARMUP, default 1)
  --connections N  concurrent connections                (BENCH_CONNECTIONS, default 32)
  --streams N      live leaderboard streams held open      (BENCH_STREAMS, default 5000)
  --writes N       score writes measured while they are  (BENCH_WRITES, default 5)
  --part P         all, reads, streams, misses, tenants or odds (BENCH_PART, default all)
  --out FILE       also write the report as markdown
  --orgs N         orgs of the misses part, 10 leagues each (BENCH_ORGS, default 1000)
  --tenants N      orgs read in the tenants part         (BENCH_TENANTS, default 40)
  --help           print this text

DATABASE_URL=postgres://... runs on PostgreSQL in a fresh schema; otherwise PGlite in a temp folder.`;

function integer(raw: string | undefined, bound: Bound): number {
  if (raw === undefined || raw === '') return bound.fallback;
  const value = Number(raw.replaceAll('_', ''));
  if (!Number.isInteger(value) || value < bound.min || value > bound.max) {
    throw new Error(
      `--${bound.flag} (${bound.env}) must be an integer from ${bound.min} to ${bound.max}, got "${raw}"`,
    );
  }
  return value;
}

/** Reads the options from the command line, falling back to the environment; `undefined` asks for the usage text. */
export function parseOptions(argv: string[], env: NodeJS.ProcessEnv): BenchOptions | undefined {
  const flags = Object.fromEntries(
    Object.keys(BOUNDS).map((flag) => [flag, { type: 'string' as const }]),
  ) as Record<Flag, { type: 'string' }>;
  const { values } = parseArgs({
    args: argv,
    options: {
      ...flags,
      out: { type: 'string' },
      part: { type: 'string' },
      help: { type: 'boolean' },
    },
    strict: true,
  });
  if (values.help === true) return undefined;
  const read = (flag: Flag) => integer(values[flag] ?? env[BOUNDS[flag].env], BOUNDS[flag]);
  const databaseUrl = env.DATABASE_URL?.trim();
  const part = values.part ?? env.BENCH_PART ?? 'all';
  if (!(PARTS as readonly string[]).includes(part)) {
    throw new Error(`--part (BENCH_PART) must be one of ${PARTS.join(', ')}, got "${part}"`);
  }
  return {
    sizes: {
      leagues: read('leagues'),
      golfers: read('golfers'),
      teams: read('teams'),
      events: read('events'),
      results: read('results'),
    },
    durationSeconds: read('duration'),
    rounds: read('rounds'),
    warmupSeconds: read('warmup'),
    connections: read('connections'),
    databaseUrl: databaseUrl === undefined || databaseUrl === '' ? undefined : databaseUrl,
    out: values.out,
    parts: {
      reads: part === 'all' || part === 'reads',
      streams: part === 'all' || part === 'streams',
      misses: part === 'all' || part === 'misses',
      tenants: part === 'all' || part === 'tenants',
      odds: part === 'all' || part === 'odds',
    },
    streams: { streams: read('streams'), writes: read('writes') },
    orgs: read('orgs'),
    tenants: read('tenants'),
  };
}
