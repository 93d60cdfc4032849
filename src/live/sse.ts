import type { ServerResponse } from 'node:http';

/**
 * The wire format of server-sent events (WHATWG HTML §9.2). Frames are built once as bytes
 * and written as they are to every subscriber.
 */

/** A comment line: ignored by clients, it keeps proxies and idle timers from closing. */
export function sseComment(text: string): Buffer {
  return Buffer.from(`: ${text}\n\n`);
}

/** How long a client waits before it reconnects after the stream ends. */
export function sseRetry(milliseconds: number): Buffer {
  return Buffer.from(`retry: ${Math.round(milliseconds)}\n\n`);
}

/** One event; every line of `data` becomes a `data:` field, so the client gets it whole. */
export function sseEvent(name: string, id: string, data: string): Buffer {
  const lines = data
    .split(/\r\n|\r|\n/)
    .map((line) => `data: ${line}\n`)
    .join('');
  return Buffer.from(`event: ${name}\nid: ${id}\n${lines}\n`);
}

/** Why a connection was ended by the server. */
export type EndReason = 'slow';

/**
 * One open response of an event stream. A write the socket could not take at once is
 * allowed until the next one: if the socket has not drained by then, the client is too
 * slow and the connection is dropped, so that one slow reader never holds more than about
 * one message in memory and never delays the others.
 */
export class StreamConnection {
  #waitingForDrain = false;
  #ended = false;

  constructor(
    readonly response: ServerResponse,
    private readonly onDropped: (reason: EndReason) => void,
  ) {
    response.on('drain', () => {
      this.#waitingForDrain = false;
    });
    response.on('close', () => {
      this.#ended = true;
    });
  }

  get open(): boolean {
    return !this.#ended && !this.response.destroyed;
  }

  /** Writes `frame`, or drops the connection when the last write has not drained. */
  write(frame: Buffer): void {
    if (!this.open) return;
    if (this.#waitingForDrain) {
      this.#ended = true;
      this.onDropped('slow');
      this.response.destroy();
      return;
    }
    if (!this.response.write(frame)) this.#waitingForDrain = true;
  }

  /** Ends the response after `frame`; a connection that cannot take it is cut instead. */
  end(frame: Buffer): void {
    if (!this.open) return;
    this.#ended = true;
    if (this.#waitingForDrain) this.response.destroy();
    else this.response.end(frame);
  }
}
