/** A response as the bench fetched it once from the real server, to be served again as is. */
export interface StoredResponse {
  path: string;
  status: number;
  headers: Record<string, string>;
  body: Uint8Array;
}

/** Headers the serving HTTP stack writes itself, per connection or per response. */
const TRANSPORT_HEADERS = new Set(['connection', 'keep-alive', 'transfer-encoding', 'date']);

/** Fetches each path once; fails unless every answer is 200. */
export async function captureResponses(
  baseUrl: string,
  paths: string[],
): Promise<StoredResponse[]> {
  const stored: StoredResponse[] = [];
  for (const path of paths) {
    const response = await fetch(`${baseUrl}${path}`);
    const body = new Uint8Array(await response.arrayBuffer());
    if (response.status !== 200) {
      throw new Error(`GET ${path} answered ${response.status}: ${Buffer.from(body).toString()}`);
    }
    const headers: Record<string, string> = {};
    response.headers.forEach((value, name) => {
      if (!TRANSPORT_HEADERS.has(name)) headers[name] = value;
    });
    stored.push({ path, status: response.status, headers, body });
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
