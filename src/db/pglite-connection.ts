import { EventEmitter } from 'node:events';
import type { PGlite } from '@electric-sql/pglite';
import { serialize } from 'pg-protocol';

type Message = Parameters<PGlite['execProtocolStream']>[0];

/**
 * pg's connection to the embedded database, in place of a socket: what pg writes is handed to
 * PGlite, and what PGlite answers is emitted as pg's own connection emits it. pg writes a
 * statement as several messages at once (bind, execute, sync; parse and describe the first
 * time) and waits only after the sync; PGlite's own adapter hands each message over alone,
 * and every hand-over runs PGlite's whole round (its main loop, its answer, a sync of its
 * files, a turn of its lock). This one keeps the messages of a statement until pg waits for
 * the answer, then hands them over as one buffer, which PostgreSQL's main loop reads as it
 * would read them off a socket.
 */
export class PGliteConnection extends EventEmitter {
  readonly #pglite: PGlite;
  /** Messages pg wrote that PGlite has not been handed yet. */
  #pending: Buffer[] = [];
  /** Hand-overs run one after another, in the order pg wrote them. */
  #queue: Promise<unknown>;
  #emitMessage = false;

  // pg's Client reads these of a connection.
  _connecting = false;
  readonly stream = { destroy: () => this.end() };
  parsedStatements = {};
  submittedNamedStatements = {};

  constructor(pglite: PGlite) {
    super();
    this.#pglite = pglite;
    this.#queue = pglite.waitReady;
    this.on('newListener', (event) => {
      if (event === 'message') this.#emitMessage = true;
    });
  }

  async connect(): Promise<void> {
    this._connecting = true;
    await this.#pglite.waitReady;
    process.nextTick(() => this.emit('readyForQuery'));
  }

  /** Keeps a message until pg waits for an answer. */
  #write(message: Buffer): void {
    this.#pending.push(message);
  }

  /** Hands what pg wrote to PGlite, `last` included, and emits PGlite's answers in order. */
  #send(last: Buffer): void {
    this.#pending.push(last);
    const messages = this.#pending.length === 1 ? last : Buffer.concat(this.#pending);
    this.#pending = [];
    this.#queue = this.#queue
      .then(() => this.#pglite.execProtocolStream(messages as Message, { throwOnError: false }))
      .then((answers) => {
        for (const answer of answers) {
          if (this.#emitMessage) this.emit('message', answer);
          // pg takes an ErrorResponse as 'errorMessage'.
          this.emit(answer.name === 'error' ? 'errorMessage' : answer.name, answer);
        }
      })
      .catch((error: unknown) => {
        this.emit('error', error);
      });
  }

  requestSsl(): void {}
  startup(): void {}
  cancel(): void {}
  password(): void {}

  query(text: string): void {
    this.#send(serialize.query(text));
  }
  parse(query: Parameters<typeof serialize.parse>[0]): void {
    this.#write(serialize.parse(query));
  }
  bind(config: Parameters<typeof serialize.bind>[0]): void {
    this.#write(serialize.bind(config));
  }
  execute(config: Parameters<typeof serialize.execute>[0]): void {
    this.#write(serialize.execute(config));
  }
  describe(message: Parameters<typeof serialize.describe>[0]): void {
    this.#write(serialize.describe(message));
  }
  close(message: Parameters<typeof serialize.close>[0]): void {
    this.#write(serialize.close(message));
  }
  flush(): void {
    this.#send(serialize.flush());
  }
  sync(): void {
    this.#send(serialize.sync());
  }
  sendCopyFromChunk(chunk: Buffer): void {
    this.#send(serialize.copyData(chunk));
  }
  endCopyFrom(): void {
    this.#send(serialize.copyDone());
  }
  sendCopyFail(message: string): void {
    this.#send(serialize.copyFail(message));
  }

  /** Like a socket closing: pg waits for 'end'. The database stays open (its owner closes it). */
  end(): void {
    this.#pending = [];
    this.#queue = this.#queue.then(() => this.emit('end'));
    for (const event of this.eventNames()) {
      if (event !== 'newListener') this.removeAllListeners(event);
    }
    this.#emitMessage = false;
  }

  ref(): void {}
  unref(): void {}
}
