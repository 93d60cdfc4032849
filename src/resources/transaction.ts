import { sql } from 'kysely';
import type { Executor } from '../db/executor.js';
import { preparedQuery } from '../db/prepared-queries.js';
import { anyStaleBoards, rebuildStaleLeaderboards } from './leaderboards/service.js';
import { anyStalePlayers, rebuildStalePlayers } from './players/service.js';

/** What a write's rebuild stored: the new version of each event's boards it rebuilt. */
export interface Rebuilt {
  boardVersions: ReadonlyMap<number, number>;
}

/**
 * The one way a service writes: `write` runs in a transaction, then the state derived from
 * what it changed (the events' boards, then the players' profiles, which database triggers
 * mark stale) is rebuilt in
 * the same transaction just before it commits, so that no write can commit without it.
 * `readBack`, when given, runs after that rebuild and gives the answer, for writes that
 * report derived state (a board's new version), with what the rebuild stored.
 */
export function writeTransaction<T>(db: Executor, write: (trx: Executor) => Promise<T>): Promise<T>;
export function writeTransaction<T, R>(
  db: Executor,
  write: (trx: Executor) => Promise<T>,
  readBack: (trx: Executor, written: T, rebuilt: Rebuilt) => Promise<R>,
): Promise<R>;
export async function writeTransaction<T, R>(
  db: Executor,
  write: (trx: Executor) => Promise<T>,
  readBack?: (trx: Executor, written: T, rebuilt: Rebuilt) => Promise<R>,
): Promise<T | R> {
  return db.transaction().execute(async (trx) => {
    const written = await write(trx);
    const boardVersions = await rebuildStaleLeaderboards(trx);
    await rebuildStalePlayers(trx);
    return readBack === undefined ? written : readBack(trx, written, { boardVersions });
  });
}

const anyStaleState = preparedQuery((db) =>
  db.selectNoFrom(sql<boolean>`${anyStaleBoards} or ${anyStalePlayers}`.as('marked')),
);

/**
 * Whether changes made outside the app left derived state to rebuild: the marks of the
 * boards and of the players' profiles, each resource's own, read in one statement, since
 * every instance asks after every change it hears.
 */
async function derivedStateIsStale(db: Executor): Promise<boolean> {
  const [row] = await anyStaleState(db, {});
  return row?.marked === true;
}

/**
 * Rebuilds what changes made outside the app (an operator's psql, a migration) left marked.
 * The server runs it before it listens, so that no read meets derived state in an older shape.
 */
export async function rebuildDerivedState(db: Executor): Promise<void> {
  if (await derivedStateIsStale(db)) await writeTransaction(db, async () => undefined);
}
