import autocannon from 'autocannon';

/** What every browser sends that changes an answer: it takes gzip (Chromium's value). */
export const BROWSER_HEADERS: Readonly<Record<string, string>> = {
  'accept-encoding': 'gzip, deflate, br, zstd',
};

export interface LoadSettings {
  connections: number;
  durationSeconds: number;
  warmupSeconds: number;
  /** Rounds per measurement, alternating what is compared; see `medianOf`. */
  rounds: number;
  /**
   * Sent with every request. Absent: none, as a client that takes no compression (the miss
   * runs, whose peer answers uncompressed).
   */
  headers?: Readonly<Record<string, string>>;
}

/** One measured run against one URL. */
export interface LoadResult {
  responses: number;
  /** Answers of the warm-up and the measured run together. */
  answered: number;
  requestsPerSecond: number;
  /** Latency percentiles of the 200 answers, in milliseconds. */
  p50Ms: number;
  p99Ms: number;
  /** Answers other than 200, by status. */
  unexpected: Record<string, number>;
  /** Connection errors and timeouts. */
  errors: number;
}

/** The path of each next request; absent, every request asks for the URL's own path. */
export type NextPath = () => string;

function fire(
  url: string,
  settings: Pick<LoadSettings, 'connections' | 'headers'>,
  seconds: number,
  onResponse: (status: number, latencyMs: number) => void,
  nextPath: NextPath | undefined,
): Promise<autocannon.Result> {
  const { connections, headers = {} } = settings;
  const requests =
    nextPath === undefined
      ? {}
      : { requests: [{ setupRequest: (request: object) => ({ ...request, path: nextPath() }) }] };
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      { url, connections, headers: { ...headers }, pipelining: 1, duration: seconds, ...requests },
      (error: unknown, result) => {
        if (error instanceof Error) reject(error);
        else resolve(result);
      },
    );
    instance.on('response', (_client, status, _bytes, latencyMs) => onResponse(status, latencyMs));
  });
}

/** Nearest-rank percentile of ascending `sorted`. */
function percentile(sorted: Float64Array, fraction: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)] ?? Number.NaN;
}

/**
 * A short unmeasured warm-up, then `durationSeconds` of load with `connections` keep-alive
 * connections, one request in flight on each (each asking for `nextPath()` when given). Latencies are kept exactly (autocannon's own
 * histogram rounds to whole milliseconds, too coarse for a local server).
 */
export async function runLoad(
  url: string,
  settings: LoadSettings,
  nextPath?: NextPath,
): Promise<LoadResult> {
  let warmUpAnswers = 0;
  if (settings.warmupSeconds > 0) {
    const count = () => (warmUpAnswers += 1);
    await fire(url, settings, settings.warmupSeconds, count, nextPath);
  }
  const latencies: number[] = [];
  const unexpected: Record<string, number> = {};
  const result = await fire(
    url,
    settings,
    settings.durationSeconds,
    (status, ms) => {
      if (status === 200) latencies.push(ms);
      else unexpected[status] = (unexpected[status] ?? 0) + 1;
    },
    nextPath,
  );
  const sorted = Float64Array.from(latencies).sort();
  const responses = latencies.length + Object.values(unexpected).reduce((a, b) => a + b, 0);
  return {
    responses,
    answered: warmUpAnswers + responses,
    requestsPerSecond: responses / result.duration,
    p50Ms: percentile(sorted, 0.5),
    p99Ms: percentile(sorted, 0.99),
    unexpected,
    errors: result.errors,
  };
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? Number.NaN)
    : ((sorted[middle - 1] ?? Number.NaN) + (sorted[middle] ?? Number.NaN)) / 2;
}

/**
 * Several rounds against one URL as one result: the median of each figure (the machine's
 * other work comes and goes between rounds), with every answer and error counted.
 */
export function medianOf(rounds: LoadResult[]): LoadResult {
  const unexpected: Record<string, number> = {};
  for (const round of rounds) {
    for (const [status, count] of Object.entries(round.unexpected)) {
      unexpected[status] = (unexpected[status] ?? 0) + count;
    }
  }
  return {
    responses: rounds.reduce((sum, round) => sum + round.responses, 0),
    answered: rounds.reduce((sum, round) => sum + round.answered, 0),
    requestsPerSecond: median(rounds.map((round) => round.requestsPerSecond)),
    p50Ms: median(rounds.map((round) => round.p50Ms)),
    p99Ms: median(rounds.map((round) => round.p99Ms)),
    unexpected,
    errors: rounds.reduce((sum, round) => sum + round.errors, 0),
  };
}
