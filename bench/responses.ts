import { fetchAsSent } from '../test/support/wire.js';

/** A response as the bench fetched it once from the real server, to be served again as is. */
export interface StoredResponse {
  path: string;
  status: number;
  headers: Record<string, string>;
  body: Uint8Array;
}

/** Headers the serving HTTP stack writes itself, per connection or per response. */
const TRANSPORT_HEADERS = new Set(['connection', 'keep-alive', 'transfer-encoding', 'date']);

/**
 * Fetches each path once with the load's request headers, so that what is served again is
 * what that client got (in gzip, for a client that takes it); fails unless every answer is 200.
 */
export async function captureResponses(
  baseUrl: string,
  paths: string[],
  headers: Readonly<Record<string, string>>,
): Promise<StoredResponse[]> {
  const stored: StoredResponse[] = [];
  for (const path of paths) {
    const response = await fetchAsSent(`${baseUrl}${path}`, { headers: { ...headers } });
    if (response.status !== 200) {
      throw new Error(`GET ${path} answered ${response.status}`);
    }
    const kept: Record<string, string> = {};
    for (const [name, value] of Object.entries(response.headers)) {
      if (typeof value === 'string' && !TRANSPORT_HEADERS.has(name)) kept[name] = value;
    }
    stored.push({
      path,
      status: response.status,
      headers: kept,
      body: new Uint8Array(response.body),
    });
  }
  return stored;
}

/** Stored responses by request URL, their bodies as Buffers over the same bytes. */
export function responseIndex(
  responses: StoredResponse[],
): Map<string, Omit<StoredResponse, 'body'> & { body: Buffer }> {
  return new Map(
    responses.map(({ body, ...response }) => [
      response.path,
      { ...response, body: Buffer.from(body.buffer, body.byteOffset, body.byteLength) },
    ]),
  );
}
