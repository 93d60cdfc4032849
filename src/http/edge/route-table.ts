import Router, { type HTTPMethod } from 'find-my-way';
import type { RouteOptions } from 'fastify';

/** What the edge knows of the registered routes, learnt from Fastify's `onRoute` hook. */
export interface RouteTable {
  add(route: Pick<RouteOptions, 'method' | 'url'>): void;
  /** Whether a path segment is a literal segment of some route (`orgs`, `event-series`). */
  isWord(segment: string): boolean;
  /** The methods some route takes at this URL's path, in name order; none for an unknown path. */
  methodsAt(url: string): HTTPMethod[];
}

/**
 * `maxParamLength` must be the router's own: the table matches paths as Fastify does. Catch-all
 * `OPTIONS` routes (the public preflight) are left out: they answer every path, known or not.
 */
export function createRouteTable(options: { maxParamLength: number }): RouteTable {
  const words = new Set<string>();
  const router = Router({ maxParamLength: options.maxParamLength });
  const methods = new Set<HTTPMethod>();
  return {
    add(route) {
      for (const method of [route.method].flat() as HTTPMethod[]) {
        if (method === 'OPTIONS' && route.url.endsWith('*')) continue;
        if (router.hasRoute(method, route.url)) continue;
        router.on(method, route.url, () => undefined);
        methods.add(method);
      }
      for (const segment of route.url.split('/')) {
        if (segment !== '' && !segment.startsWith(':') && !segment.includes('*')) {
          words.add(segment);
        }
      }
    },
    isWord: (segment) => words.has(segment),
    methodsAt(url) {
      const path = url.split('?', 1)[0] ?? '';
      return [...methods].filter((method) => router.find(method, path) !== null).sort();
    },
  };
}
