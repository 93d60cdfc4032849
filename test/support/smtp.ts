import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { freePort } from './ports.js';

/** A mail the test SMTP server received: its envelope recipients and the parsed message. */
export interface ReceivedMail {
  to: string[];
  parsed: ParsedMail;
}

/**
 * A real SMTP server on 127.0.0.1 (the `smtp-server` package), as a relay the service
 * sends to: it accepts every mail and keeps it. `stop` and `start` take it down and bring
 * it back on the same port, for outage tests.
 */
export interface SmtpSink {
  port: number;
  url: string;
  received: ReceivedMail[];
  /** Mails received for `address`. */
  mailTo(address: string): ReceivedMail[];
  start(): Promise<void>;
  stop(): Promise<void>;
}

export async function smtpSink(options: { listening?: boolean } = {}): Promise<SmtpSink> {
  const port = await freePort();
  const received: ReceivedMail[] = [];
  let server: SMTPServer | undefined;
  const sink: SmtpSink = {
    port,
    url: `smtp://127.0.0.1:${port}`,
    received,
    mailTo: (address) =>
      received.filter((mail) => mail.to.some((to) => to.toLowerCase() === address.toLowerCase())),
    async start() {
      const started = new SMTPServer({
        authOptional: true,
        disabledCommands: ['STARTTLS', 'AUTH'],
        logger: false,
        onData(stream, session, callback) {
          const to = session.envelope.rcptTo.map((rcpt) => rcpt.address);
          simpleParser(stream)
            .then((parsed) => {
              received.push({ to, parsed });
              callback();
            })
            .catch((error: unknown) => callback(error as Error));
        },
      });
      await new Promise<void>((resolve, reject) => {
        started.once('error', reject);
        started.listen(port, '127.0.0.1', () => resolve());
      });
      server = started;
    },
    async stop() {
      const running = server;
      server = undefined;
      if (running !== undefined)
        await new Promise<void>((resolve) => running.close(() => resolve()));
    },
  };
  if (options.listening !== false) await sink.start();
  return sink;
}
