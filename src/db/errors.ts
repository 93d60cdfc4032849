/**
 * The database cannot be reached or dropped the connection (refused, lost, shutting down,
 * no connection free in time). Nothing is wrong with the request: the same one can succeed
 * once the database is back, so the HTTP edge answers 503 with a hint to retry.
 */
export class DatabaseUnavailableError extends Error {
  constructor(cause: unknown) {
    super('database unavailable', { cause });
  }
}

/** Socket failures of the operating system on the way to the database. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'EHOSTDOWN',
  'ENETUNREACH',
  'ENETDOWN',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * SQLSTATEs of a server that will not serve right now: admin, crash and start-up shutdown,
 * and too many connections (class 08, connection exceptions, is matched as a class).
 */
const UNAVAILABLE_STATES = new Set(['57P01', '57P02', '57P03', '53300']);

/** What `pg` and its pool say, without a code, when a connection is lost or never comes. */
const LOST_CONNECTION =
  /^(Connection terminated|Client has encountered a connection error|Client was closed|timeout exceeded when trying to connect)/;

/** Whether `error` (or what caused it) means the database is out of reach. */
export function isConnectionFailure(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if (error instanceof DatabaseUnavailableError) return true;
  const code = 'code' in error && typeof error.code === 'string' ? error.code : '';
  if (NETWORK_CODES.has(code) || UNAVAILABLE_STATES.has(code) || /^08...$/.test(code)) return true;
  if (LOST_CONNECTION.test(error.message)) return true;
  // Every address of a host name refused: Node reports them together.
  if (error instanceof AggregateError && error.errors.some(isConnectionFailure)) return true;
  return isConnectionFailure(error.cause);
}

/** `error` as it is if it is not a connection failure, else as DatabaseUnavailableError. */
export function classified(error: unknown): unknown {
  return isConnectionFailure(error) && !(error instanceof DatabaseUnavailableError)
    ? new DatabaseUnavailableError(error)
    : error;
}

/**
 * One line for an operator: the message of `error` and of each cause, so that a wrapped
 * failure (a migration that failed because the database refused) still says why.
 */
export function describeError(error: unknown): string {
  let line = '';
  let current: unknown = error;
  for (let depth = 0; current !== undefined && depth < 5; depth += 1) {
    const part =
      current instanceof Error
        ? messageOf(current)
        : typeof current === 'string'
          ? current
          : 'unknown';
    // A message that already quotes its cause is not repeated.
    if (!line.includes(part)) line = line === '' ? part : `${line}: ${part}`;
    current = current instanceof Error ? current.cause : undefined;
  }
  return line;
}

function messageOf(error: Error): string {
  if (error.message !== '') return error.message;
  if (error instanceof AggregateError) {
    return [...new Set(error.errors.map((inner) => describeError(inner)))].join('; ');
  }
  return 'code' in error && typeof error.code === 'string' ? error.code : error.name;
}
