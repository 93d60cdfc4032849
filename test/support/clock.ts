import type { Harness } from './harness.js';

/** Runs `body` with the harness clock at `now`, putting it back afterwards. */
export async function at<T>(h: Harness, now: string, body: () => Promise<T>): Promise<T> {
  const before = h.clock.now;
  h.clock.now = new Date(now);
  try {
    return await body();
  } finally {
    h.clock.now = before;
  }
}
