import assert from 'node:assert/strict';
import { request, type IncomingHttpHeaders } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';

/** One block of a server-sent event stream, as the bytes said it (fields read per spec). */
export interface Frame {
  comments: string[];
  event?: string;
  id?: string;
  retry?: string;
  /** The `data:` lines joined by newlines, as a client hands them over. */
  data?: string;
  /** The block's text, as sent. */
  raw: string;
}

/** Reads a block's fields: `name: value`, one optional space after the colon. */
function parseFrame(raw: string): Frame {
  const frame: Frame = { comments: [], raw };
  const data: string[] = [];
  for (const line of raw.split('\n')) {
    if (line.startsWith(':')) {
      frame.comments.push(line.slice(1).trimStart());
      continue;
    }
    const colon = line.indexOf(':');
    const name = colon === -1 ? line : line.slice(0, colon);
    const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '');
    if (name === 'data') data.push(value);
    else if (name === 'event' || name === 'id' || name === 'retry') frame[name] = value;
  }
  if (data.length > 0) frame.data = data.join('\n');
  return frame;
}

/** Long enough for a loaded machine; tests wait for conditions, never for time. */
export const STREAM_DEADLINE_MS = 30_000;

/** A live stream read over a real socket, block by block. */
export interface OpenStream {
  status: number;
  headers: IncomingHttpHeaders;
  /** The body so far (for an answer that is not a stream, the whole of it once ended). */
  text(): string;
  frames(): Frame[];
  /** The `leaderboard` events so far. */
  events(): Frame[];
  ended(): boolean;
  /** Resolves when `check` holds on the frames so far; fails after the deadline. */
  waitFor(what: string, check: (frames: Frame[]) => boolean): Promise<Frame[]>;
  waitForEnd(): Promise<void>;
  close(): void;
}

/** Opens `url` (http://host:port/path) and reads it as an event stream. */
export async function openStream(
  url: string,
  headers: Record<string, string> = {},
): Promise<OpenStream> {
  const target = new URL(url);
  return new Promise((resolve, reject) => {
    const pending = request(
      {
        host: target.hostname,
        port: target.port,
        path: `${target.pathname}${target.search}`,
        headers,
        agent: false,
      },
      (response) => {
        let text = '';
        let ended = false;
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        // A stream the server cuts ends in an error here; the test reads it as an end.
        response.on('error', () => undefined);
        const done = new Promise<void>((settle) => {
          response.on('end', () => {
            ended = true;
            settle();
          });
          response.on('close', () => {
            ended = true;
            settle();
          });
        });
        const frames = () =>
          text
            .split('\n\n')
            .slice(0, -1)
            .map((block) => parseFrame(block));
        const stream: OpenStream = {
          status: response.statusCode ?? 0,
          headers: response.headers,
          text: () => text,
          frames,
          events: () => frames().filter((frame) => frame.event === 'leaderboard'),
          ended: () => ended,
          async waitFor(what, check) {
            const deadline = Date.now() + STREAM_DEADLINE_MS;
            for (;;) {
              const now = frames();
              if (check(now)) return now;
              assert.ok(!ended, `${what}: the stream ended first; it said:\n${text.slice(-2000)}`);
              assert.ok(
                Date.now() < deadline,
                `${what}: not within the deadline:\n${text.slice(-2000)}`,
              );
              await sleep(10);
            }
          },
          async waitForEnd() {
            const deadline = sleep(STREAM_DEADLINE_MS, 'late' as const);
            assert.equal(await Promise.race([done, deadline]), undefined, 'the stream did not end');
          },
          close() {
            pending.destroy();
          },
        };
        resolve(stream);
      },
    );
    pending.on('error', reject);
    pending.end();
  });
}

/** The frames' `leaderboard` events' ids, as numbers. */
export function eventIds(frames: Frame[]): number[] {
  return frames.filter((frame) => frame.event === 'leaderboard').map((frame) => Number(frame.id));
}
