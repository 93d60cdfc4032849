import { STATUS_CODES, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { CORS_HEADERS } from './cors.js';
import type { Admission, Pipeline } from './pipeline.js';
import type { RequestLog } from './request-log.js';
import { SECURITY_HEADERS } from './security-headers.js';

/** How long a connection may stay open once its malformed request is answered. */
const CLOSE_WITHIN_MS = 2000;

/** The status for each way Node's parser gives up on a request. */
function statusOf(error: NodeJS.ErrnoException): number {
  switch (error.code) {
    case 'HPE_HEADER_OVERFLOW':
      return 431;
    case 'HPE_CHUNK_EXTENSIONS_OVERFLOW':
      return 413;
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return 408;
    default:
      return 400;
  }
}

type Listener = (request: IncomingMessage, response: ServerResponse) => void;

type HeaderPairs = (readonly [string, string | number])[];

/** The service's plain-text refusal: its status, body and headers, closing the connection. */
function refusal(admission: Admission, status: number) {
  const answered = admission.refusal?.status ?? status;
  const body = STATUS_CODES[answered] ?? 'Bad Request';
  const headers: HeaderPairs = [
    ['content-type', 'text/plain; charset=utf-8'],
    ['content-length', Buffer.byteLength(body)],
    // The request's body, if any, is never read: the connection cannot carry another request.
    ['connection', 'close'],
    ...Object.entries(CORS_HEADERS),
    ...Object.entries(SECURITY_HEADERS),
    ...admission.headers,
  ];
  return { status: answered, body, headers };
}

/**
 * The answers Node gives itself, before any route, in the service's format: requests its
 * parser refuses (a bad method token, headers over 16 KiB, a timeout), a `CONNECT`, an
 * `Expect` other than `100-continue`, and an HTTP/1.1 request without `Host`. Each gets the
 * plain-text answer with CORS and rate-limit headers, counted like any public request, says
 * `Connection: close`, and the connection is closed after it, so that no keep-alive client
 * sends its next request into a closed socket.
 */
export function createParserAnswers(options: {
  decide: Pipeline['decide'];
  record: RequestLog;
  clientIp: (request: IncomingMessage) => string;
}) {
  const answering = new WeakSet<Socket>();

  function recordAnswer(
    ip: string,
    method: string,
    route: string,
    status: number,
    started: number,
  ): void {
    options.record({
      method,
      route,
      url: () => '',
      ip,
      status,
      elapsedMs: performance.now() - started,
    });
  }

  /** Answers on a bare socket: counted against the peer, as no header of it can be trusted. */
  function answerOnSocket(socket: Socket, status: number, method: string, route: string): void {
    if (socket.destroyed || answering.has(socket)) return;
    answering.add(socket);
    const started = performance.now();
    const ip = socket.remoteAddress ?? '';
    const answered = options.decide({ ip }).then((admission) => {
      const answer = refusal(admission, status);
      if (socket.writable) {
        const head = answer.headers.map(([name, value]) => `${name}: ${value}\r\n`).join('');
        socket.end(`HTTP/1.1 ${answer.status} ${answer.body}\r\n${head}\r\n${answer.body}`);
        // Half-closed: the client reads the answer, then closes; one that does not is cut off.
        socket.setTimeout(CLOSE_WITHIN_MS, () => socket.destroy());
      } else {
        socket.destroy();
      }
      recordAnswer(ip, method, route, answer.status, started);
    });
    answered.catch(() => socket.destroy());
  }

  /** Answers a parsed request that no route may see, through its response. */
  function answerParsed(request: IncomingMessage, response: ServerResponse, status: number): void {
    const started = performance.now();
    const ip = options.clientIp(request);
    const method = request.method ?? 'unknown';
    const answered = options.decide({ method, url: request.url, ip }).then((admission) => {
      const answer = refusal(admission, status);
      response.writeHead(answer.status, answer.headers.flat()).end(answer.body);
      recordAnswer(ip, method, 'refused', answer.status, started);
    });
    answered.catch(() => response.destroy());
  }

  /** Node's `clientError`: what its parser could not read. */
  function clientError(error: NodeJS.ErrnoException, socket: Socket): void {
    if (error.code === 'ECONNRESET') return;
    answerOnSocket(socket, statusOf(error), 'unknown', 'malformed');
  }

  /** Node's `connect`: the service is no proxy. */
  function connect(_request: IncomingMessage, socket: Socket): void {
    answerOnSocket(socket, 405, 'CONNECT', 'refused');
  }

  /** Node's `checkExpectation`: an `Expect` the service cannot meet. */
  function checkExpectation(request: IncomingMessage, response: ServerResponse): void {
    answerParsed(request, response, 417);
  }

  /**
   * In front of the app: an HTTP/1.1 request without `Host` is 400 (RFC 9112 §3.2); any
   * other goes on to `next`.
   */
  function requireHost(next: Listener): Listener {
    return (request, response) => {
      if (request.headers.host === undefined && request.httpVersion === '1.1') {
        answerParsed(request, response, 400);
        return;
      }
      next(request, response);
    };
  }

  return { clientError, connect, checkExpectation, requireHost };
}
