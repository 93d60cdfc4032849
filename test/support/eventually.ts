import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';

/** What a check says: `true` when it holds; otherwise `false`, or why not yet. */
export type Verdict = boolean | string;

export interface Patience {
  /** How long the check may take to hold; a test never relies on it being fast. */
  withinMs?: number;
  /** The pause between two tries. */
  everyMs?: number;
}

/**
 * Tries `check` until it holds, pausing between tries; fails, naming `what` and the last
 * reason the check gave, once `withinMs` has passed. A check that throws fails at once.
 */
export async function eventually(
  what: string,
  check: () => Verdict | Promise<Verdict>,
  { withinMs = 30_000, everyMs = 20 }: Patience = {},
): Promise<void> {
  const deadline = Date.now() + withinMs;
  for (;;) {
    const verdict = await check();
    if (verdict === true) return;
    const reason = typeof verdict === 'string' ? `: ${verdict}` : '';
    assert.ok(Date.now() < deadline, `${what}: not within ${withinMs} ms${reason}`);
    await sleep(everyMs);
  }
}
