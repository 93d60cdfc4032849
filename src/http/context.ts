import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Config } from '../config.js';
import type { DatabaseHandle } from '../db/connection.js';
import type { StreamTiming } from '../live/hub.js';
import type { MailTiming } from '../mail/sender.js';

/** What routes need from the process: settings, the database and the clock. */
export interface AppContext {
  config: Config;
  database: DatabaseHandle;
  now: () => Date;
  /** The pace of live streams; absent, the documented defaults. */
  streamTiming?: Partial<StreamTiming>;
  /** The pace of the mail sender; absent, the documented defaults. */
  mailTiming?: Partial<MailTiming>;
}

export type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  TypeBoxTypeProvider
>;
