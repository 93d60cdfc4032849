import { request } from 'node:http';

/** A response as the bench fetched it once from the real server, to be served again as is. */
export interface StoredResponse {
  path: string;
  status: number;
  headers: Record<string, string>;
  body: Uint8Array;
}

/** Headers the serving HTTP stack writes itself, per connection or per response. */
const TRANSPORT_HEADERS = new Set(['connection', 'keep-alive', 'transfer-encoding', 'date']);

/** One GET, its body as sent: `node:http` does not decompress, unlike `fetch`. */
function getAsSent(
  url: string,
  headers: Readonly<Record<string, string>>,
): Promise<{ status: number; headers: Record<string, string>; body: Uint8Array }> {
  return new Promise((resolve, reject) => {
    const sent = request(url, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const kept: Record<string, string> = {};
        for (const [name, value] of Object.entries(response.headers)) {
          if (typeof value === 'string' && !TRANSPORT_HEADERS.has(name)) kept[name] = value;
        }
        resolve({
          status: response.statusCode ?? 0,
          headers: kept,
          body: new Uint8Array(Buffer.concat(chunks)),
        });
      });
      response.on('error', reject);
    });
    sent.on('error', reject);
    sent.end();
  });
}

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
    const response = await getAsSent(`${baseUrl}${path}`, headers);
    if (response.status !== 200) {
      throw new Error(`GET ${path} answered ${response.status}`);
    }
    stored.push({ path, ...response });
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
