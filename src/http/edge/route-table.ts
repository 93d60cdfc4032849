import type { RouteOptions } from 'fastify';

/** What the edge knows of the registered routes, learnt from Fastify's `onRoute` hook. */
export interface RouteTable {
  add(route: Pick<RouteOptions, 'url'>): void;
  /** Whether a path segment is a literal segment of some route (`orgs`, `event-series`). */
  isWord(segment: string): boolean;
}

export function createRouteTable(): RouteTable {
  const words = new Set<string>();
  return {
    add(route) {
      for (const segment of route.url.split('/')) {
        if (segment !== '' && !segment.startsWith(':') && !segment.includes('*')) {
          words.add(segment);
        }
      }
    },
    isWord: (segment) => words.has(segment),
  };
}
