import createClient, { type Client, type ClientOptions } from 'openapi-fetch';
import type { paths as AdminPaths } from './generated/admin.js';
import type { operations, paths as PublicPaths } from './generated/public.js';

export type { AdminPaths, PublicPaths };

/** The document of `getEventLeaderboard`, which each event of the live stream carries. */
export type Leaderboards =
  operations['getEventLeaderboard']['responses'][200]['content']['application/json'];

/** The document of `getEventOdds`, which each event of the odds stream carries. */
export type EventOdds = operations['getEventOdds']['responses'][200]['content']['application/json'];

/** Each invalid body field, mapped to what is wrong with it: the body of every 422. */
export interface ValidationErrors {
  errors: Record<string, string>;
}

/** What an `EventSource` implementation must offer: the browser's, or a package's in Node. */
export interface EventSourceLike {
  addEventListener(type: string, listener: (event: { data?: unknown }) => void): void;
  close(): void;
}
export type EventSourceConstructor = new (url: string) => EventSourceLike;

export interface SubscribeOptions {
  /** Called when the stream fails; the EventSource reconnects by itself unless closed. */
  onError?: (event: unknown) => void;
}

export interface PublicClientOptions extends Omit<ClientOptions, 'baseUrl'> {
  /** The EventSource of live streams; `globalThis.EventSource` unless given. */
  EventSource?: EventSourceConstructor;
}

/** The public API: `GET`/`POST` by documented path, live leaderboards and live odds. */
export type PublicClient = Client<PublicPaths> & {
  /**
   * Calls `onBoard` with an event's leaderboards at once, then after every change, until the
   * returned function is called.
   */
  subscribeLeaderboard(
    orgSlug: string,
    eventSlug: string,
    onBoard: (boards: Leaderboards) => void,
    options?: SubscribeOptions,
  ): () => void;
  /**
   * Calls `onOdds` with an event's live odds at once, then after every change of its
   * boards, until the returned function is called.
   */
  subscribeOdds(
    orgSlug: string,
    eventSlug: string,
    onOdds: (odds: EventOdds) => void,
    options?: SubscribeOptions,
  ): () => void;
};

export type AdminClient = Client<AdminPaths>;

/** Each live stream of an event: its path's last part, and its events' name. */
const STREAMS = {
  leaderboard: { path: 'leaderboard/stream', event: 'leaderboard' },
  odds: { path: 'odds/stream', event: 'odds' },
} as const;

/** `baseUrl` is the server's origin, e.g. `https://clubhouse.example.org`. */
export function createPublicClient(
  baseUrl: string,
  options: PublicClientOptions = {},
): PublicClient {
  const { EventSource: eventSourceOption, ...clientOptions } = options;
  const client = createClient<PublicPaths>({ ...clientOptions, baseUrl });
  /** Opens one of an event's live streams and hands each event's JSON text to `onData`. */
  function subscribe(
    stream: (typeof STREAMS)[keyof typeof STREAMS],
    orgSlug: string,
    eventSlug: string,
    onData: (data: string) => void,
    subscribeOptions: SubscribeOptions,
  ): () => void {
    const EventSourceClass =
      eventSourceOption ?? (globalThis as { EventSource?: EventSourceConstructor }).EventSource;
    if (EventSourceClass === undefined) {
      throw new TypeError('No EventSource here: pass one in the client options');
    }
    const path = `/api/public/v1/orgs/${encodeURIComponent(orgSlug)}/events/${encodeURIComponent(eventSlug)}/${stream.path}`;
    // Appended as openapi-fetch appends paths, so a base URL's own path prefix is kept.
    const source = new EventSourceClass(`${baseUrl.replace(/\/+$/, '')}${path}`);
    source.addEventListener(stream.event, (event) => {
      onData(String(event.data));
    });
    const { onError } = subscribeOptions;
    if (onError !== undefined) source.addEventListener('error', onError);
    return () => {
      source.close();
    };
  }
  return Object.assign(client, {
    subscribeLeaderboard(
      orgSlug: string,
      eventSlug: string,
      onBoard: (boards: Leaderboards) => void,
      subscribeOptions: SubscribeOptions = {},
    ): () => void {
      return subscribe(
        STREAMS.leaderboard,
        orgSlug,
        eventSlug,
        (data) => {
          onBoard(JSON.parse(data) as Leaderboards);
        },
        subscribeOptions,
      );
    },
    subscribeOdds(
      orgSlug: string,
      eventSlug: string,
      onOdds: (odds: EventOdds) => void,
      subscribeOptions: SubscribeOptions = {},
    ): () => void {
      return subscribe(
        STREAMS.odds,
        orgSlug,
        eventSlug,
        (data) => {
          onOdds(JSON.parse(data) as EventOdds);
        },
        subscribeOptions,
      );
    },
  });
}

/** The admin API, every request with `Authorization: Bearer <token>`. */
export function createAdminClient(
  baseUrl: string,
  token: string,
  options: Omit<ClientOptions, 'baseUrl' | 'headers'> & { headers?: Record<string, string> } = {},
): AdminClient {
  return createClient<AdminPaths>({
    ...options,
    baseUrl,
    headers: { ...options.headers, authorization: `Bearer ${token}` },
  });
}

/**
 * A failed call: `message` is the plain-text body the API answered (`Not Found`, `Too Many
 * Requests`…); a 422 carries the invalid fields in `errors`; a 429 or 503 says in
 * `retryAfterSeconds` when to ask again.
 */
export class ClubhouseError extends Error {
  override readonly name = 'ClubhouseError';

  constructor(
    readonly status: number,
    message: string,
    readonly errors: Record<string, string> | undefined,
    readonly retryAfterSeconds: number | undefined,
  ) {
    super(message);
  }
}

function isValidationErrors(body: unknown): body is ValidationErrors {
  return typeof body === 'object' && body !== null && 'errors' in body;
}

/** What every call of an openapi-fetch client resolves to: data, or an error, and the response. */
interface Result {
  data?: unknown;
  error?: unknown;
  response: Response;
}

/** The data of the successful branch of a call's result. */
type DataOf<R> = R extends { error?: never; data: infer Data } ? Data : never;

/**
 * The data of a successful call, or a `ClubhouseError` thrown for a failed one:
 * `const leagues = await unwrap(client.GET(path, { params }))`.
 */
export async function unwrap<R extends Result>(call: Promise<R> | R): Promise<DataOf<R>> {
  const { data, error, response } = await call;
  if (error === undefined && response.ok) return data as DataOf<R>;
  const retryAfter = response.headers.get('retry-after');
  throw new ClubhouseError(
    response.status,
    typeof error === 'string'
      ? error
      : isValidationErrors(error)
        ? 'Validation failed'
        : response.statusText,
    isValidationErrors(error) ? error.errors : undefined,
    retryAfter === null ? undefined : Number(retryAfter),
  );
}
