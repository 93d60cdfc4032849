import type { Kysely } from 'kysely';
import type { Database } from './schema.js';

/** A database or an open transaction: every store function runs on either. */
export type Executor = Kysely<Database>;
