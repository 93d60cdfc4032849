import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { CORS_HEADERS } from './cors.js';
import type { Pipeline } from './pipeline.js';
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

/**
 * Node's `clientError` handler: requests its parser refuses (a bad method token, headers over
 * 16 KiB, a timeout) get the service's plain-text answer with CORS and rate-limit headers,
 * counted against the peer address (the headers naming a client behind a proxy were never
 * read). The answer says `Connection: close` and the server closes the connection after it,
 * so that no keep-alive client sends its next request into a closed socket.
 */
export function answerMalformedRequests(options: {
  decide: Pipeline['decide'];
  record: RequestLog;
}) {
  const answering = new WeakSet<Socket>();

  return function answerMalformedRequest(error: NodeJS.ErrnoException, socket: Socket): void {
    if (error.code === 'ECONNRESET' || socket.destroyed || answering.has(socket)) return;
    answering.add(socket);
    const started = performance.now();
    const ip = socket.remoteAddress ?? '';
    const answered = options.decide({ ip }).then((admission) => {
      const status = admission.refusal?.status ?? statusOf(error);
      const body = STATUS_CODES[status] ?? 'Bad Request';
      const headers: (readonly [string, string | number])[] = [
        ['content-type', 'text/plain; charset=utf-8'],
        ['content-length', Buffer.byteLength(body)],
        ['connection', 'close'],
        ...Object.entries(CORS_HEADERS),
        ...Object.entries(SECURITY_HEADERS),
        ...admission.headers,
      ];
      if (socket.writable) {
        const head = headers.map(([name, value]) => `${name}: ${value}\r\n`).join('');
        socket.end(`HTTP/1.1 ${status} ${body}\r\n${head}\r\n${body}`);
        // Half-closed: the client reads the answer, then closes; one that does not is cut off.
        socket.setTimeout(CLOSE_WITHIN_MS, () => socket.destroy());
      } else {
        socket.destroy();
      }
      options.record({
        method: 'unknown',
        route: 'malformed',
        url: () => '',
        ip,
        status,
        elapsedMs: performance.now() - started,
      });
    });
    answered.catch(() => socket.destroy());
  };
}
