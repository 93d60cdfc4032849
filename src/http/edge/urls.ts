import type { FastifyRequest } from 'fastify';

const NO_QUERY: readonly string[] = [];
/** Each route's names, worked out once per querystring schema. */
const namesBySchema = new WeakMap<object, readonly string[]>();

/** The query parameters a route reads: those its querystring schema names, sorted. */
export function queryNamesOf(request: FastifyRequest): readonly string[] {
  const schema = request.routeOptions.schema?.querystring as
    { properties?: Record<string, unknown> } | undefined;
  if (schema === undefined) return NO_QUERY;
  let names = namesBySchema.get(schema);
  if (names === undefined) {
    names = Object.keys(schema.properties ?? {}).sort();
    namesBySchema.set(schema, names);
  }
  return names;
}

function parameterName(pair: string): string {
  const equals = pair.indexOf('=');
  const name = equals === -1 ? pair : pair.slice(0, equals);
  if (!name.includes('%') && !name.includes('+')) return name;
  try {
    return decodeURIComponent(name.replaceAll('+', ' '));
  } catch {
    return name;
  }
}

/**
 * The URL an answer is kept under: its path, then only the query parameters its route reads,
 * ordered by name (repeated ones in their order), so that other parameters (a browser's
 * cache-buster) and their order reach the same answer.
 */
export function canonicalUrl(url: string, queryNames: readonly string[]): string {
  const mark = url.indexOf('?');
  if (mark === -1) return url;
  const path = url.slice(0, mark);
  const read = url
    .slice(mark + 1)
    .split('&')
    .map((pair) => ({ pair, name: parameterName(pair) }))
    .filter(({ name }) => queryNames.includes(name))
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  return read.length === 0 ? path : `${path}?${read.map(({ pair }) => pair).join('&')}`;
}

/** Whether a request URL is under the public API's base path. */
export function isPublicUrl(url: string, basePath: string): boolean {
  if (!url.startsWith(basePath)) return false;
  const next = url.charAt(basePath.length);
  return next === '' || next === '/' || next === '?';
}
