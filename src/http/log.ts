import type { FastifyBaseLogger } from 'fastify';
import { pino } from 'pino';

/** An e-mail address, with its `@` plain or percent-encoded. */
const EMAIL_ADDRESS = /[\w.%+-]+(?:@|%40)[\w-]+(?:\.[\w-]+)+/gi;

export interface LogOptions {
  level: string;
  /** `false` writes nothing whatever the level. */
  enabled: boolean;
  /** Where lines go instead of stdout (one JSON object per line). */
  stream?: { write(line: string): void };
}

/**
 * The process's log, one JSON object per line. Every line is written with its e-mail
 * addresses masked, whichever code logged it: a failure's message may quote one.
 */
export function createLog(options: LogOptions): FastifyBaseLogger {
  const settings = {
    level: options.enabled ? options.level : 'silent',
    hooks: { streamWrite: (line: string) => line.replace(EMAIL_ADDRESS, '[email]') },
  };
  return options.stream === undefined ? pino(settings) : pino(settings, options.stream);
}
